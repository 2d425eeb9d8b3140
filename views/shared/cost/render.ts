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
  type RangeReach,
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
  const stepCount = typeof result.step_count === 'number' ? result.step_count : result.steps.length;
  const facts = h(
    'dl',
    { class: 'facts' },
    result.ranges.length > 0
      ? fact('Upgrades', h('span', { 'data-range-count': result.ranges.length }, String(result.ranges.length)))
      : fact('Steps', String(stepCount)),
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
    result.from !== undefined && result.to !== undefined
      ? h(
          'p',
          { class: 'range' },
          h('span', { class: 'level', 'data-level': 'from' }, result.from),
          h('span', { class: 'arrow', 'aria-hidden': 'true' }, ' → '),
          h('span', { class: 'sr-only' }, ' to '),
          h('span', { class: 'level', 'data-level': 'to' }, result.to),
        )
      : null,
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
      h('th', { scope: 'row' }, materialName(result, key), unknownNote(result, key), disputeNote(result, key, format)),
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

/** Where the sources disagree on a step of this material: the lowest and highest total their figures make. */
function disputeNote(result: CostResult, key: string, format: Formatter): HTMLElement | null {
  const range = result.totals_range[key];
  if (!range) return null;
  return h(
    'span',
    { class: 'step-note', 'data-dispute': key },
    `Sources disagree: ${format.number(range.lowest)} to ${format.number(range.highest)}`,
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
  const input = { from: result.from ?? result.steps[0]?.from ?? '', levels, series };
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

/** A list result: one row per range, with its own totals for all its units and its confidence. */
function rangesSection(result: CostResult, format: Formatter): HTMLElement | null {
  if (result.ranges.length === 0) return null;
  const keys = materialKeys(result);
  const subjects = result.ranges.some((range) => range.subject !== undefined);
  const headingId = uniqueId('ranges');
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col', class: 'num index' }, '#'),
    subjects ? h('th', { scope: 'col' }, 'Of') : null,
    h('th', { scope: 'col' }, 'Upgrade'),
    h('th', { scope: 'col', class: 'num' }, 'Units'),
    ...keys.map((key) => h('th', { scope: 'col', class: 'num' }, materialName(result, key))),
    h('th', { scope: 'col' }, 'Confidence'),
  );
  const rows = result.ranges.map((range, index) =>
    h(
      'tr',
      { 'data-range': index + 1, class: index % 2 === 1 ? 'alt' : undefined },
      h('td', { class: 'num index' }, String(index + 1)),
      subjects ? h('td', {}, range.subject ?? '') : null,
      h(
        'th',
        { scope: 'row' },
        h('span', { class: 'step-range' }, h('span', {}, `${range.from} →`), ' ', h('span', {}, range.to)),
      ),
      h('td', { class: 'num' }, String(range.count)),
      ...keys.map((key) => amountOrUnknown(format, range.totals[key], { 'data-range-total': key })),
      h('td', {}, confidenceBadge(range.confidence)),
    ),
  );
  const table = h(
    'table',
    { class: 'steps ranges', 'aria-labelledby': headingId },
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
  return h(
    'section',
    { class: 'ranges-section' },
    h('h2', { id: headingId }, 'Each upgrade'),
    scrollRegion(headingId, table),
  );
}

const STOPPED_BY: Record<string, string> = {
  target: 'target reached',
  materials: 'out of materials',
  unknown_amount: 'stopped at a step whose amount no source publishes',
};

/** One range's reach: the level reached, why it stops there, and what the next step lacks. */
function reachItem(line: RangeReach, result: CostResult, format: Formatter, index: number): HTMLElement {
  const short = line.next_step
    ? Object.entries(line.next_step.short).map(([key, value]) => `${format.number(value)} ${materialName(result, key)}`)
    : [];
  return h(
    'li',
    { 'data-reach': index + 1 },
    line.subject ? h('span', { class: 'subject' }, `${line.subject}: `) : null,
    'reaches ',
    h('strong', { 'data-reached': index + 1 }, line.reached),
    ` (${STOPPED_BY[line.stopped_by] ?? line.stopped_by})`,
    line.reached_at_highest_figures
      ? h('span', { class: 'step-note' }, `At the highest published figures: ${line.reached_at_highest_figures}`)
      : null,
    line.next_step && short.length > 0
      ? h(
          'span',
          { class: 'step-note', 'data-short': index + 1 },
          `Next step (to ${line.next_step.to}) is short of ${short.join(', ')}`,
        )
      : null,
  );
}

/** A budget result: how far the materials go, what that spends and leaves, and what all the targets still need. */
function reachSection(result: CostResult, format: Formatter): HTMLElement | null {
  const reach = result.reach;
  if (!reach) return null;
  const keys = materialKeys(result);
  const headingId = uniqueId('reach');
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, 'Material'),
    h('th', { scope: 'col', class: 'num' }, 'Spent'),
    h('th', { scope: 'col', class: 'num' }, 'Left'),
    h('th', { scope: 'col', class: 'num' }, 'Short for all'),
  );
  const rows = keys.map((key) =>
    h(
      'tr',
      {},
      h(
        'th',
        { scope: 'row' },
        materialName(result, key),
        reach.runs_out_first === key ? h('span', { class: 'step-note' }, 'Runs out first') : null,
      ),
      amount(format, reach.spent[key] ?? 0, { 'data-spent': key }),
      amount(format, reach.left[key] ?? 0, { 'data-left': key }),
      amountOrUnknown(format, reach.short_for_all[key], { 'data-short-for-all': key }),
    ),
  );
  const table = h(
    'table',
    { class: 'totals reach', 'aria-labelledby': headingId },
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
  return h(
    'section',
    { class: 'reach-section' },
    h('h2', { id: headingId }, 'With your materials'),
    h(
      'p',
      { class: 'reach-verdict', 'data-complete': String(reach.complete) },
      reach.complete ? 'Enough for every target.' : 'Not enough for every target.',
    ),
    h('ul', { class: 'reach-ranges' }, ...reach.ranges.map((line, i) => reachItem(line, result, format, i))),
    scrollRegion(headingId, table),
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
  const list = result.ranges.length > 0;
  if (!list && !result.reach && result.steps.length === 0) {
    parts.push(h('p', { class: 'status' }, 'Nothing to upgrade: the two levels are the same.'));
  } else {
    parts.push(reachSection(result, format), totalsSection(result, options, format), rangesSection(result, format));
    // Steps come with a one-range result, and with a budget when the call asked for them (`include_steps`).
    if (result.steps.length > 0) parts.push(chartSection(result, format), stepsSection(result, options, format));
  }
  parts.push(notesSection(result.notes, result.sources));
  return resultView(parts, result.data_version);
}

/** The view definition of a cost tool. */
export function costView(options: CostViewOptions): ViewDefinition {
  return {
    describeInput(args) {
      const { from, to, ranges } = args;
      if (Array.isArray(ranges)) return `${ranges.length} ${ranges.length === 1 ? 'upgrade' : 'upgrades'}`;
      const level = (v: unknown) => typeof v === 'string' || typeof v === 'number';
      if (!level(from)) return undefined;
      // With `have` and no `to`, the tool answers how far the materials go.
      if (to === undefined && args.have !== undefined) return `${String(from)} → as far as the materials go`;
      return level(to) ? `${String(from)} → ${String(to)}` : undefined;
    },
    render: (value, context) => renderCost(value, options, context),
  };
}
