/** Hero Exclusive Gear (widgets): levels 0-10 of one Mythic hero's gear. */
import { heroWidgets } from '../../generated/data/costs/hero-widgets.js';
import type { HeroWidgetsCostInput, HeroWidgetsCostOutput } from '../../generated/tools/hero_widgets_cost/types.js';
import type { Outcome } from '../outcomes/failures.js';
import { details, knownTotals, ladderOf, numericLevelIndex } from './ladder.js';
import {
  costCall,
  singleRangeCost,
  targetOrTop,
  toolAnswer,
  unitRange,
  type Budget,
  type PricedRange,
  type UnitRange,
  type WithRequired,
} from './plan.js';
import type { BudgetReach } from '../../generated/shared-types.js';

// The result's type names every key; a key missing here fails to compile where the totals are returned.
const MATERIALS = ['widgets'] as const satisfies readonly (keyof HeroWidgetsCostOutput['totals'])[];

export const WIDGET_LADDER = ladderOf(heroWidgets, 'hero_widgets');

type WidgetRange = { from: number; to?: number };

/** One hero's Exclusive Gear range; `at` is where it sits in the arguments ('' or `/ranges/<i>`). */
export function widgetRange(range: WidgetRange, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const what = 'an Exclusive Gear level';
  const target = targetOrTop(`${at}/to`, range.to, hasBudget, WIDGET_LADDER);
  if (!target.ok) return target;
  return unitRange(heroWidgets, WIDGET_LADDER, {
    from: numericLevelIndex(`${at}/from`, range.from, WIDGET_LADDER, what),
    to: range.to === undefined ? 'top' : numericLevelIndex(`${at}/to`, range.to, WIDGET_LADDER, what),
  });
}

/** A one-range result: the tool's result with the single-range fields present. */
export type HeroWidgetsCostSingle = WithRequired<HeroWidgetsCostOutput, 'from' | 'to' | 'step_count' | 'steps'>;

function singleResult(priced: PricedRange, reach: BudgetReach | undefined): HeroWidgetsCostSingle {
  const b = priced.breakdown;
  return {
    from: b.from,
    to: b.to,
    step_count: b.step_count,
    totals: knownTotals(b.totals, MATERIALS),
    ...details(b),
    ...(reach ? { reach } : {}),
  };
}

/** One range (the single arguments), with how far `have` takes it when given. */
export const heroWidgetsCost: (input: WidgetRange & { have?: Budget }) => Outcome<HeroWidgetsCostSingle> =
  singleRangeCost(widgetRange, MATERIALS, singleResult);

/** The tool: one range or a list (`ranges`), with a budget (`have`) applying to the list as a whole. */
export function heroWidgetsCostTool(input: HeroWidgetsCostInput): Outcome<HeroWidgetsCostOutput> {
  const call = costCall(input, () => ({ from: input.from!, to: input.to }), widgetRange, MATERIALS);
  return toolAnswer(call, input, (totals) => knownTotals(totals, MATERIALS), singleResult);
}
