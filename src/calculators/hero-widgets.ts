/** Hero Exclusive Gear (widgets): levels 0-10 of one Mythic hero's gear. */
import { heroWidgets } from '../../generated/data/costs/hero-widgets.js';
import type { HeroWidgetsCostInput, HeroWidgetsCostOutput } from '../../generated/tools/hero_widgets_cost/types.js';
import { success, type Outcome } from '../outcomes/failures.js';
import { breakdownBetween, details, ladderOf, numericLevelIndex, knownTotals } from './ladder.js';

// The result's type names every key; a key missing here fails to compile where the totals are returned.
const MATERIALS = ['widgets'] as const satisfies readonly (keyof HeroWidgetsCostOutput['totals'])[];

export const WIDGET_LADDER = ladderOf(heroWidgets, 'hero_widgets');

export function heroWidgetsCost(input: HeroWidgetsCostInput): Outcome<HeroWidgetsCostOutput> {
  const what = 'an Exclusive Gear level';
  const breakdown = breakdownBetween(
    heroWidgets,
    WIDGET_LADDER,
    numericLevelIndex('/from', input.from, WIDGET_LADDER, what),
    numericLevelIndex('/to', input.to, WIDGET_LADDER, what),
  );
  if (!breakdown.ok) return breakdown;
  const b = breakdown.value;
  return success({
    from: b.from,
    to: b.to,
    step_count: b.step_count,
    totals: knownTotals(b.totals, MATERIALS),
    ...details(b),
  });
}
