/**
 * The cost view: heading with the range, quantity and confidence; totals per material; data gaps; the
 * cumulative-cost chart; the step-by-step table (per unit); notes and sources. Six tools share it and differ only
 * in the `CostViewOptions` their main.ts passes.
 */
import { capitalised } from '../../../src/reference/labels.js';
import { h, uniqueId, type Child } from '../dom.js';
import type { Formatter } from '../format.js';
import type { RenderContext, ViewDefinition } from '../mount.js';
import { confidenceBadge, fact, noneCell, notesSection, resultView, scrollRegion } from '../parts.js';
import { chartLegend, drawChart, type ChartSeries } from './chart.js';
import {
  cumulative,
  isUnknown,
  materialKeys,
  materialName,
  readCostResult,
  unknownSteps,
  type Amount,
  type CostResult,
  type CostStep,
} from './result.js';

export interface Quantity {
  /** Result field holding the count (and the tool argument of the same name), e.g. `pieces`. */
  field: string;
  /** Result field with the totals for one unit, e.g. `totals_per_piece`. */
  perUnitTotals: string;
  singular: string;
  plural: string;
}

export interface CostViewOptions {
  quantity?: Quantity;
  /** What the range applies to, when the tool has more than one ladder (a building, a track). */
  subject?(result: CostResult): string | undefined;
}

function amount(
  format: Formatter,
  value: number,
  attributes: Record<string, string | number> = {},
): HTMLTableCellElement {
  return h('td', { class: 'num', 'data-value': value, ...attributes }, format.number(value));
}

/** A cell for an amount no source publishes: the word, never a number (a 0 would read as "free"). */
function unknownCell(attributes: Record<string, string | number> = {}): HTMLTableCellElement {
  return h(
    'td',
    { class: 'num unknown', 'data-value': 'null', title: 'No source publishes this amount', ...attributes },
    'unknown',
  );
}

function amountOrUnknown(
  format: Formatter,
  value: Amount | undefined,
  attributes: Record<string, string | number> = {},
): HTMLTableCellElement {
  return value === null ? unknownCell(attributes) : amount(format, value ?? 0, attributes);
}

function quantityOf(result: CostResult, quantity: Quantity | undefined): number | undefined {
  const value = quantity ? result[quantity.field] : undefined;
  return typeof value === 'number' ? value : undefined;
}

function header(result: CostResult, options: CostViewOptions, title: string): HTMLElement {
  const count = quantityOf(result, options.quantity);
  const subject = options.subject?.(result);
  const facts = h(
    'dl',
    { class: 'facts' },
    fact('Steps', String(result.steps.length)),
    count !== undefined && options.quantity
      ? fact(capitalised(options.quantity.plural), h('span', { 'data-quantity': count }, String(count)))
      : null,
    fact('Confidence', confidenceBadge(result.confidence)),
  );
  return h(
    'header',
    {},
    h('h1', {}, title),
    subject ? h('p', { class: 'subject' }, subject) : null,
    h(
      'p',
      { class: 'range' },
      h('span', { class: 'level', 'data-level': 'from' }, result.from),
      h('span', { class: 'arrow', 'aria-hidden': 'true' }, ' → '),
      h('span', { class: 'sr-only' }, ' to '),
      h('span', { class: 'level', 'data-level': 'to' }, result.to),
    ),
    facts,
  );
}

function totalsSection(result: CostResult, options: CostViewOptions, format: Formatter): HTMLElement {
  const count = quantityOf(result, options.quantity);
  const perUnitField = options.quantity ? result[options.quantity.perUnitTotals] : undefined;
  const perUnit =
    count !== undefined && perUnitField !== null && typeof perUnitField === 'object'
      ? (perUnitField as Record<string, Amount>)
      : undefined;
  const headingId = uniqueId('totals');
  const unitNoun = (n: number) => (n === 1 ? options.quantity!.singular : options.quantity!.plural);
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, 'Material'),
    perUnit ? h('th', { scope: 'col', class: 'num' }, `Per ${options.quantity!.singular}`) : null,
    h('th', { scope: 'col', class: 'num' }, perUnit && count !== undefined ? `${count} ${unitNoun(count)}` : 'Total'),
  );
  const rows = materialKeys(result).map((key) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, materialName(result, key), unknownNote(result, key)),
      perUnit ? amountOrUnknown(format, perUnit[key], { 'data-per-unit': key }) : null,
      amountOrUnknown(format, result.totals[key], { 'data-total': key }),
    ),
  );
  const table = h(
    'table',
    { class: 'totals', 'aria-labelledby': headingId },
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
  return h(
    'section',
    { class: 'totals-section' },
    h('h2', { id: headingId }, 'Totals'),
    scrollRegion(headingId, table),
    result.gaps.length > 0
      ? h('div', { class: 'gaps', role: 'note' }, h('strong', {}, 'Incomplete: '), ...listOrLine(result.gaps))
      : null,
  );
}

function unknownNote(result: CostResult, key: string): HTMLElement | null {
  const count = unknownSteps(result, key);
  if (count === 0) return null;
  return h(
    'span',
    { class: 'step-note' },
    `Unknown: no source publishes the amount for ${count === 1 ? 'one step' : `${count} steps`}`,
  );
}

function listOrLine(items: string[]): Node[] {
  if (items.length === 1) return [document.createTextNode(items[0]!)];
  return [h('ul', {}, ...items.map((item) => h('li', {}, item)))];
}

/**
 * The observer that redraws the chart at its width. One view shows one result, so there is at most one chart; a
 * re-render (the host changed the locale) replaces it, and the observer of the chart it replaces must stop.
 */
let chartObserver: ResizeObserver | undefined;

function chartSection(result: CostResult, format: Formatter): HTMLElement | null {
  const levels = result.steps.map((step) => step.to);
  const series: ChartSeries[] = [];
  const unused: string[] = [];
  for (const key of materialKeys(result)) {
    const values = cumulative(result.steps, key);
    const name = materialName(result, key);
    // A material with an unknown step has no known total to take shares of: it is named, not drawn.
    if (unknownSteps(result, key) > 0) unused.push(`${name}: amount unknown`);
    else if ((values[values.length - 1] ?? 0) > 0) series.push({ key, name, values });
    else unused.push(`${name}: none needed`);
  }
  if (series.length === 0) return null;
  const input = { from: result.from, levels, series };
  const holder = h('div', { class: 'chart-holder' });
  const draw = () => holder.replaceChildren(drawChart(input, Math.floor(holder.clientWidth) || 320, format));
  // Drawn at its real width once it is in the document, and again whenever that width changes.
  let lastWidth = -1;
  chartObserver = new ResizeObserver(() => {
    const width = Math.floor(holder.clientWidth);
    if (width !== lastWidth) {
      lastWidth = width;
      draw();
    }
  });
  chartObserver.observe(holder);
  const headingId = uniqueId('chart');
  return h(
    'section',
    { class: 'chart-section', 'aria-labelledby': headingId },
    h('h2', { id: headingId }, 'Cumulative cost'),
    h(
      'figure',
      {},
      holder,
      h('figcaption', {}, 'Share of each material’s total spent once each step is done.'),
      chartLegend(series, unused),
    ),
  );
}

function stepNotes(step: CostStep, result: CostResult): Child[] {
  const extra: Child[] = [];
  if (step.note) extra.push(h('span', { class: 'step-note' }, step.note));
  if (step.confidence && step.confidence !== 'high')
    extra.push(h('span', { class: 'step-note' }, 'Confidence: ', confidenceBadge(step.confidence)));
  if (step.unknown && step.unknown.length > 0)
    extra.push(
      h(
        'span',
        { class: 'step-note' },
        `Amount unknown: ${step.unknown.map((k) => materialName(result, k)).join(', ')}`,
      ),
    );
  return extra;
}

function stepsSection(result: CostResult, options: CostViewOptions, format: Formatter): HTMLElement {
  const keys = materialKeys(result);
  const headingId = uniqueId('steps');
  const perUnit =
    options.quantity && quantityOf(result, options.quantity) !== undefined ? ` (per ${options.quantity.singular})` : '';
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col', class: 'num index' }, '#'),
    h('th', { scope: 'col' }, 'Step'),
    ...keys.map((key) => h('th', { scope: 'col', class: 'num' }, materialName(result, key))),
  );
  // A step's notes go in a row of their own under it, so long notes do not widen the Step column.
  const rows = result.steps.flatMap((step, index) => {
    const stripe = index % 2 === 1 ? 'alt' : undefined;
    const row = h(
      'tr',
      { 'data-step': index + 1, class: stripe },
      h('td', { class: 'num index' }, String(index + 1)),
      h(
        'th',
        { scope: 'row' },
        h('span', { class: 'step-range' }, h('span', {}, `${step.from} →`), ' ', h('span', {}, step.to)),
      ),
      ...keys.map((key) => {
        const value = step.cost[key];
        if (value === null || isUnknown(step, key))
          return h('td', { class: 'num unknown', title: 'No source publishes this amount' }, '?');
        return value === undefined ? noneCell() : amount(format, value);
      }),
    );
    const notes = stepNotes(step, result);
    if (notes.length === 0) return [row];
    row.classList.add('has-notes');
    return [
      row,
      h(
        'tr',
        { class: ['step-notes', stripe].filter(Boolean).join(' ') },
        h('td', { colspan: keys.length + 2 }, h('div', { class: 'step-notes-text' }, ...notes)),
      ),
    ];
  });
  const sums = keys.map((key) => (unknownSteps(result, key) > 0 ? null : (cumulative(result.steps, key).at(-1) ?? 0)));
  const foot = h(
    'tr',
    {},
    h('td', {}),
    h('th', { scope: 'row' }, `Total${perUnit}`),
    ...sums.map((sum) => amountOrUnknown(format, sum)),
  );
  const table = h(
    'table',
    { class: 'steps', 'aria-labelledby': headingId },
    h('thead', {}, head),
    h('tbody', {}, ...rows),
    h('tfoot', {}, foot),
  );
  return h(
    'section',
    { class: 'steps-section' },
    h('h2', { id: headingId }, `Step by step${perUnit}`),
    scrollRegion(headingId, table),
  );
}

export function renderCost(value: unknown, options: CostViewOptions, { format, title }: RenderContext): Node {
  // Whatever this render shows, the chart of the last one goes (mountView replaces the content either way).
  chartObserver?.disconnect();
  chartObserver = undefined;
  const result = readCostResult(value);
  const parts: (Node | null)[] = [header(result, options, title)];
  if (result.steps.length === 0) {
    parts.push(h('p', { class: 'status' }, 'Nothing to upgrade: the two levels are the same.'));
  } else {
    parts.push(
      totalsSection(result, options, format),
      chartSection(result, format),
      stepsSection(result, options, format),
    );
  }
  parts.push(notesSection(result.notes, result.sources));
  return resultView(parts, result.data_version);
}

/** The view definition of a cost tool. */
export function costView(options: CostViewOptions): ViewDefinition {
  return {
    describeInput(args) {
      const { from, to } = args;
      if ((typeof from !== 'string' && typeof from !== 'number') || (typeof to !== 'string' && typeof to !== 'number'))
        return undefined;
      return `${String(from)} → ${String(to)}`;
    },
    render: (value, context) => renderCost(value, options, context),
  };
}
