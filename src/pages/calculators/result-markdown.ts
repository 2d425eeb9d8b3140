/**
 * A cost tool's result as Markdown, the one text the calculator page shows (as HTML) and answers to
 * `Accept: text/markdown`: range, confidence, totals (per unit and for all units), gaps, the steps, notes and
 * sources. An amount that is not a number (null: no source publishes it) is written "unknown", never a number.
 */

import type { CostStep } from '../../../generated/shared-types.js';
import type { ToolTypes } from '../../../generated/tools/index.js';
import type { CostToolName } from './calculator-list.js';

/** A calculator page's result: the output of its cost tool, as the tool's generated type says. */
export type CostResult = ToolTypes[CostToolName]['output'];

/** A one-range result (from, to and the steps present); a list result has `ranges` instead. */
export type SingleCostResult = CostResult & { from: string; to: string; steps: CostStep[] };

export function isSingle(result: CostResult): result is SingleCostResult {
  return result.steps !== undefined && result.from !== undefined && result.to !== undefined;
}

/** Amounts by material key: a result's totals, whichever tool's materials type they are. */
type Amounts = Readonly<Record<string, unknown>>;

/** Each tool's totals is an interface of its own materials; read by key, an amount is unknown until checked. */
const amountsOf = (totals: object): Amounts => totals as Amounts;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function amountText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? numberFormat.format(value) : 'unknown';
}

/**
 * Text of game data inside Markdown: table pipes and Markdown punctuation escaped, one line. `_` stays: GFM does
 * not emphasise inside words, and an escape would end up inside autolinked source URLs.
 */
export function mdText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*[\]<|#])/g, '\\$1');
}

/** A Markdown table; the columns from `firstNumeric` on hold amounts and are right-aligned. */
function table(head: string[], rows: string[][], firstNumeric = 1): string[] {
  const align = head.map((_, i) => (i >= firstNumeric ? '---:' : '---'));
  return [`| ${head.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`), ''];
}

export function materialKeys(result: CostResult): string[] {
  const keys = Object.keys(result.materials);
  for (const key of Object.keys(result.totals)) if (!keys.includes(key)) keys.push(key);
  return keys;
}

const nameOf = (result: CostResult, key: string) => result.materials[key] ?? key.replaceAll('_', ' ');

/** The unit the result counts (pieces, charms) and its per-unit totals, when the tool has one. */
export function quantityOf(
  result: CostResult,
): { count: number; singular: string; plural: string; perUnit: Amounts } | undefined {
  const fields = new Map<string, unknown>(Object.entries(result));
  for (const [field, value] of fields) {
    const singular = /^totals_per_(\w+)$/.exec(field)?.[1];
    const count = singular ? fields.get(`${singular}s`) : undefined;
    if (singular && typeof count === 'number' && value !== null && typeof value === 'object')
      return { count, singular, plural: `${singular}s`, perUnit: amountsOf(value) };
  }
  return undefined;
}

function stepIsUnknown(step: CostStep, key: string): boolean {
  return step.unknown?.includes(key) === true || (key in step.cost && typeof step.cost[key] !== 'number');
}

function unknownStepCount(result: SingleCostResult, key: string): number {
  return result.steps.filter((step) => stepIsUnknown(step, key)).length;
}

function stepCell(step: CostStep, key: string): string {
  if (stepIsUnknown(step, key)) return '*unknown*';
  const value = step.cost[key];
  return value === undefined ? '–' : amountText(value);
}

/** Sum of one material over the steps; null when a step's amount is unknown (the sum would be a guess). */
function stepSum(result: SingleCostResult, key: string): number | null {
  let sum = 0;
  for (const step of result.steps) {
    if (stepIsUnknown(step, key)) return null;
    const value = step.cost[key];
    if (typeof value === 'number') sum += value;
  }
  return sum;
}

export function subjectOf(result: CostResult): string | undefined {
  if ('building' in result && result.building) return result.building.name;
  if ('track' in result && result.track)
    return result.track === 'red_gear' ? 'Red gear ascension and enhancement' : 'Mastery Forging';
  return undefined;
}

/** The heading and totals: what the page shows above the chart. */
export function resultSummaryMarkdown(result: SingleCostResult): string {
  const quantity = quantityOf(result);
  const subject = subjectOf(result);
  const range = `${mdText(result.from)} → ${mdText(result.to)}`;
  const lines = [
    `## ${subject ? `${mdText(subject)}: ` : ''}${range}${quantity ? `, ${quantity.count} ${quantity.count === 1 ? quantity.singular : quantity.plural}` : ''}`,
    '',
  ];
  const facts = [`Steps: **${result.steps.length}**`, `Confidence: **${mdText(result.confidence)}**`];
  lines.push(facts.join(' · '), '');
  if (result.steps.length === 0) {
    lines.push('Nothing to upgrade: the two levels are the same.', '');
    return lines.join('\n');
  }
  const keys = materialKeys(result);
  const unknownNote = (key: string) => {
    const n = unknownStepCount(result, key);
    return n === 0 ? '' : ` (the amount of ${n === 1 ? 'one step' : `${n} steps`} is unknown)`;
  };
  // A total that leaves an unknown step out is not the total: "unknown" alone, or what is known "+ unknown".
  const total = (key: string, value: unknown) => {
    if (unknownStepCount(result, key) === 0 || typeof value !== 'number') return amountText(value);
    return value === 0 ? 'unknown' : `${amountText(value)} + unknown`;
  };
  const totals = amountsOf(result.totals);
  lines.push('### Totals', '');
  if (quantity) {
    lines.push(
      ...table(
        [
          'Material',
          `Per ${quantity.singular}`,
          `${quantity.count} ${quantity.count === 1 ? quantity.singular : quantity.plural}`,
        ],
        keys.map((key) => [
          `${mdText(nameOf(result, key))}${unknownNote(key)}`,
          total(key, quantity.perUnit[key]),
          total(key, totals[key]),
        ]),
      ),
    );
  } else {
    lines.push(
      ...table(
        ['Material', 'Total'],
        keys.map((key) => [`${mdText(nameOf(result, key))}${unknownNote(key)}`, total(key, totals[key])]),
      ),
    );
  }
  if (result.gaps.length > 0) lines.push('**Incomplete:**', '', ...result.gaps.map((gap) => `- ${mdText(gap)}`), '');
  lines.push(...rangeAndReachMarkdown(result));
  return lines.join('\n');
}

/** Where sources disagree, the range of the totals; with a budget, how far it goes. */
function rangeAndReachMarkdown(result: CostResult): string[] {
  const lines: string[] = [];
  const disputed = Object.entries(result.totals_range ?? {});
  if (disputed.length > 0) {
    lines.push('### Where sources disagree', '');
    lines.push(
      ...table(
        ['Material', 'Total used', 'Lowest', 'Highest'],
        disputed.map(([key, r]) => [
          mdText(nameOf(result, key)),
          amountText(r.used),
          amountText(r.lowest),
          amountText(r.highest),
        ]),
      ),
    );
  }
  const reach = result.reach;
  if (!reach) return lines;
  lines.push('### With your materials', '');
  lines.push(
    ...table(
      ['Range', 'Reached', 'Stopped by', 'Next step short of'],
      reach.ranges.map((r, i) => [
        // The reach lists the ranges in order: a list's ranges, or the one range of the result.
        `${r.subject ? `${mdText(r.subject)}: ` : ''}${mdText(result.ranges?.[i]?.from ?? result.from ?? '')} → ${mdText(result.ranges?.[i]?.to ?? result.to ?? '')}`,
        `${mdText(r.reached)}${r.reached_at_highest_figures ? ` (${mdText(r.reached_at_highest_figures)} at the highest published figures)` : ''}`,
        r.stopped_by === 'target' ? 'target reached' : r.stopped_by === 'materials' ? 'materials' : 'an unknown amount',
        r.next_step
          ? Object.entries(r.next_step.short)
              .map(([key, n]) => `${amountText(n)} ${mdText(nameOf(result, key))}`)
              .join(', ') || 'an amount no source publishes'
          : '–',
      ]),
      4,
    ),
  );
  const keys = materialKeys(result);
  lines.push(
    ...table(
      ['Material', 'Spent', 'Left', 'Short for everything'],
      keys.map((key) => [
        mdText(nameOf(result, key)),
        amountText(reach.spent[key]),
        amountText(reach.left[key]),
        amountText(reach.short_for_all[key]),
      ]),
    ),
  );
  if (reach.runs_out_first) lines.push(`Runs out first: **${mdText(nameOf(result, reach.runs_out_first))}**.`, '');
  return lines;
}

/** A list result (`ranges`): each range's totals, the totals of all of them, the budget's reach. */
export function listResultMarkdown(result: CostResult): string {
  const keys = materialKeys(result);
  const ranges = result.ranges ?? [];
  const lines = [`## ${ranges.length} upgrades`, '', `Confidence: **${mdText(result.confidence)}**`, ''];
  const rows = ranges.map((r) => [
    `${r.subject ? `${mdText(r.subject)}: ` : ''}${mdText(r.from)} → ${mdText(r.to)}${r.count > 1 ? ` ×${r.count}` : ''}`,
    ...keys.map((key) => amountText(r.totals[key])),
  ]);
  const totals = amountsOf(result.totals);
  rows.push(['**Total**', ...keys.map((key) => `**${amountText(totals[key])}**`)]);
  lines.push(...table(['Range', ...keys.map((key) => mdText(nameOf(result, key)))], rows));
  if (result.gaps.length > 0) lines.push('**Incomplete:**', '', ...result.gaps.map((gap) => `- ${mdText(gap)}`), '');
  lines.push(...rangeAndReachMarkdown(result));
  if (result.notes.length > 0) lines.push('### Notes', '', ...result.notes.map((note) => `- ${mdText(note)}`), '');
  return lines.join('\n');
}

/** A source's title and address from the cost table (the tool's result names it by id and reference only). */
export interface SourceTitle {
  title: string;
  url?: string;
}

function sourceLine(source: CostResult['sources'][number], titles: ReadonlyMap<string, SourceTitle>): string {
  const titled = titles.get(source.id);
  const name = titled
    ? titled.url
      ? `[${mdText(titled.title)}](${titled.url})`
      : mdText(titled.title)
    : mdText(source.ref);
  return `- ${name}${source.covers ? ` (the steps ${mdText(source.covers)} only)` : ''}`;
}

/** The steps, notes and sources (by title, linked, where the table has them): what the page shows below the chart. */
export function resultDetailsMarkdown(
  result: SingleCostResult,
  titles: ReadonlyMap<string, SourceTitle> = new Map(),
): string {
  const lines: string[] = [];
  const keys = materialKeys(result);
  const quantity = quantityOf(result);
  if (result.steps.length > 0) {
    const per = quantity ? ` (per ${quantity.singular})` : '';
    lines.push(`### Step by step${per}`, '');
    const rows = result.steps.map((step, i) => {
      const extra = [
        step.note ? mdText(step.note) : '',
        step.confidence && step.confidence !== 'high' ? `confidence ${mdText(step.confidence)}` : '',
      ].filter(Boolean);
      return [
        String(i + 1),
        `${mdText(step.from)} → ${mdText(step.to)}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`,
        ...keys.map((key) => stepCell(step, key)),
      ];
    });
    rows.push(['', `**Total${per}**`, ...keys.map((key) => `**${amountText(stepSum(result, key))}**`)]);
    lines.push(...table(['#', 'Step', ...keys.map((key) => mdText(nameOf(result, key)))], rows, 2));
  }
  if (result.notes.length > 0) lines.push('### Notes', '', ...result.notes.map((note) => `- ${mdText(note)}`), '');
  if (result.sources.length > 0) lines.push('### Sources', '', ...result.sources.map((s) => sourceLine(s, titles)), '');
  if (result.data_version) lines.push(`Data version \`${result.data_version}\`.`, '');
  return lines.join('\n');
}

/** The chart's input: each material's cumulative amount after each step; materials without a known total are listed apart. */
export function chartDataOf(result: SingleCostResult): {
  from: string;
  levels: string[];
  series: { key: string; name: string; values: number[] }[];
  unused: string[];
} {
  const series: { key: string; name: string; values: number[] }[] = [];
  const unused: string[] = [];
  for (const key of materialKeys(result)) {
    let sum = 0;
    const values = result.steps.map((step) => {
      const value = step.cost[key];
      return (sum += typeof value === 'number' ? value : 0);
    });
    const name = nameOf(result, key);
    if (unknownStepCount(result, key) > 0) unused.push(`${name}: amount unknown for part of the range`);
    else if (sum > 0) series.push({ key, name, values });
    else unused.push(`${name}: none needed`);
  }
  return { from: result.from, levels: result.steps.map((s) => s.to), series, unused };
}
