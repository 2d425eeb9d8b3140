/**
 * The calculator pages' chart: the MCP Apps cost view's cumulative-cost chart, drawn from the data block the
 * server writes beside the result (so the page needs no second request), at the width of its holder. Without
 * JavaScript the section stays hidden; the tables above it carry the same numbers.
 */
import { chartLegend, drawChart, type ChartSeries } from '../views/shared/cost/chart.js';
import { formatter } from '../views/shared/format.js';
import { CHART_DATA_ID } from '../src/pages/site-routes.js';

interface ChartData {
  from: string;
  levels: string[];
  series: ChartSeries[];
  unused: string[];
}

export function drawCalculatorChart(): void {
  const data = document.getElementById(CHART_DATA_ID);
  const section = document.querySelector<HTMLElement>('.chart-section');
  const holder = section?.querySelector<HTMLElement>('.chart-holder');
  if (!data || !section || !holder) return;
  let input: ChartData;
  try {
    input = JSON.parse(data.textContent ?? '') as ChartData;
  } catch {
    return;
  }
  if (!Array.isArray(input.series) || input.series.length === 0) return;
  const format = formatter(document.documentElement.lang || undefined);
  section.hidden = false;
  holder.after(chartLegend(input.series, input.unused ?? []));
  let lastWidth = -1;
  new ResizeObserver(() => {
    const width = Math.floor(holder.clientWidth);
    if (width === lastWidth) return;
    lastWidth = width;
    holder.replaceChildren(drawChart(input, width || 320, format));
  }).observe(holder);
}
