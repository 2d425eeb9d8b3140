/**
 * The cumulative-cost chart: for each material, the share of its total spent after each step (0-100 %), so
 * materials counted in hundreds and in hundreds of thousands read on one axis. Inline SVG drawn at the width it is
 * given (text stays legible at 320 px), lines told apart by colour and dash pattern, and a text alternative that
 * says where each material's cost falls.
 */
import { h, s, uniqueId } from '../dom.js';
import type { Formatter } from '../format.js';

export interface ChartSeries {
  key: string;
  name: string;
  /** Cumulative amount after each step. */
  values: number[];
}

interface ChartInput {
  from: string;
  /** Level reached by each step. */
  levels: string[];
  series: ChartSeries[];
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 14, bottom: 40, left: 46 };
const DASHES = ['', '7 4', '2 3', '9 3 2 3'];
const MAX_MARKERS = 40;

const seriesStyle = (index: number) => ({
  colour: `var(--series-${(index % 4) + 1})`,
  dash: DASHES[index % DASHES.length]!,
});

/** The step by which at least half of a material's total is spent (1-based). */
function halfwayStep(values: number[]): number {
  const total = values[values.length - 1] ?? 0;
  return values.findIndex((v) => v * 2 >= total) + 1;
}

function describeChart(input: ChartInput, format: Formatter): string {
  const n = input.levels.length;
  const parts = input.series.map((series) => {
    const total = series.values[n - 1] ?? 0;
    const half = halfwayStep(series.values);
    const last = total - (series.values[n - 2] ?? 0);
    return `${series.name}: half is spent by step ${half} (to ${input.levels[half - 1]}); the last step takes ${format.percent(last / total)}.`;
  });
  return `Share of each material's total spent after each of ${n} steps, from ${input.from} to ${input.levels[n - 1]}. ${parts.join(' ')}`;
}

export function drawChart(input: ChartInput, width: number, format: Formatter): SVGSVGElement {
  const n = input.levels.length;
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 60);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (step: number) => MARGIN.left + (plotWidth * step) / n;
  const y = (share: number) => MARGIN.top + plotHeight * (1 - share);
  const titleId = uniqueId('chart-title');
  const descId = uniqueId('chart-desc');

  const svg = s('svg', {
    width,
    height: HEIGHT,
    viewBox: `0 0 ${width} ${HEIGHT}`,
    role: 'img',
    'aria-labelledby': `${titleId} ${descId}`,
    class: 'chart',
  });
  svg.append(
    s('title', { id: titleId }, 'Cumulative cost by step'),
    s('desc', { id: descId }, describeChart(input, format)),
  );

  const grid = s('g', { class: 'grid', 'aria-hidden': 'true' });
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    grid.append(
      s('line', { x1: MARGIN.left, x2: MARGIN.left + plotWidth, y1: y(share), y2: y(share) }),
      s(
        'text',
        { x: MARGIN.left - 6, y: y(share), 'text-anchor': 'end', 'dominant-baseline': 'middle' },
        format.percent(share),
      ),
    );
  }
  const baseline = y(0) + 16;
  grid.append(
    s('text', { x: x(0), y: baseline, 'text-anchor': 'start' }, input.from),
    s('text', { x: x(n), y: baseline, 'text-anchor': 'end' }, input.levels[n - 1] ?? ''),
    s(
      'text',
      { x: x(n / 2), y: baseline + 16, 'text-anchor': 'middle', class: 'axis-title' },
      `${n} ${n === 1 ? 'step' : 'steps'}`,
    ),
  );
  svg.append(grid);

  input.series.forEach((series, index) => {
    const total = series.values[n - 1] ?? 0;
    const points = [[x(0), y(0)], ...series.values.map((v, i) => [x(i + 1), y(v / total)])] as [number, number][];
    const style = seriesStyle(index);
    const line = s('g', { class: 'series', 'data-series': series.key, 'aria-hidden': 'true' });
    line.append(
      s('polyline', {
        points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' '),
        fill: 'none',
        stroke: style.colour,
        'stroke-width': 2.5,
        'stroke-dasharray': style.dash || undefined,
        'stroke-linejoin': 'round',
      }),
    );
    if (n <= MAX_MARKERS) {
      for (const [px, py] of points.slice(1))
        line.append(s('circle', { cx: px.toFixed(1), cy: py.toFixed(1), r: 3, fill: style.colour }));
    }
    svg.append(line);
  });
  return svg;
}

/** The legend, in HTML so it wraps at narrow widths; a material not drawn is named with the reason (`unused`). */
export function chartLegend(series: ChartSeries[], unused: string[]): HTMLElement {
  const list = h('ul', { class: 'legend' });
  series.forEach((item, index) => {
    const style = seriesStyle(index);
    const swatch = s(
      'svg',
      { width: 28, height: 10, 'aria-hidden': 'true' },
      s('line', {
        x1: 1,
        x2: 27,
        y1: 5,
        y2: 5,
        stroke: style.colour,
        'stroke-width': 3,
        'stroke-dasharray': style.dash || undefined,
      }),
    );
    list.append(h('li', {}, swatch, item.name));
  });
  for (const line of unused) list.append(h('li', { class: 'unused' }, line));
  return list;
}
