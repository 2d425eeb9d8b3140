/** Hero Exclusive Gear (widgets): levels 0-10 of one Mythic hero's gear. */
import { heroWidgets } from '../../generated/data/costs/hero-widgets.js';
import { rangeReversed, success, type Outcome } from './failures.js';
import { costBetween, details, ladderOf, numericLevelIndex, pickTotals, type CostBreakdown } from './ladder.js';

export interface HeroWidgetsCost extends Omit<CostBreakdown, 'totals'> {
  totals: { widgets: number };
}

export const WIDGET_LADDER = ladderOf(heroWidgets, 'hero_widgets');

export function heroWidgetsCost(input: { from: number; to: number }): Outcome<HeroWidgetsCost> {
  const from = numericLevelIndex('/from', input.from, WIDGET_LADDER, 'an Exclusive Gear level');
  if (!from.ok) return from;
  const to = numericLevelIndex('/to', input.to, WIDGET_LADDER, 'an Exclusive Gear level');
  if (!to.ok) return to;
  if (from.value > to.value) return rangeReversed(String(input.from), String(input.to));
  const b = costBetween(heroWidgets, WIDGET_LADDER, from.value, to.value);
  return success({ from: b.from, to: b.to, step_count: b.step_count, totals: pickTotals(b.totals, ['widgets']), ...details(b) });
}
