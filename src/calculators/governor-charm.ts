/** Governor Charms: levels 0-22, per charm, for up to 18 charms. */
import { governorCharm } from '../../generated/data/costs/governor-charm.js';
import { rangeReversed, success, type Outcome } from './failures.js';
import { checkQuantity, costBetween, details, ladderOf, numericLevelIndex, pickTotals, scaleTotals, type CostBreakdown } from './ladder.js';

const MATERIALS = ['charm_guides', 'charm_designs'] as const;
type CharmMaterials = Record<(typeof MATERIALS)[number], number>;

export interface GovernorCharmCost extends Omit<CostBreakdown, 'totals'> {
  charms: number;
  totals_per_charm: CharmMaterials;
  totals: CharmMaterials;
}

export const CHARM_LADDER = ladderOf(governorCharm, 'governor_charm');

export function governorCharmCost(input: { from: number; to: number; charms?: number }): Outcome<GovernorCharmCost> {
  const charms = checkQuantity('/charms', input.charms, governorCharm.per!);
  if (!charms.ok) return charms;
  const from = numericLevelIndex('/from', input.from, CHARM_LADDER, 'a Governor Charm level');
  if (!from.ok) return from;
  const to = numericLevelIndex('/to', input.to, CHARM_LADDER, 'a Governor Charm level');
  if (!to.ok) return to;
  if (from.value > to.value) return rangeReversed(String(input.from), String(input.to));
  const b = costBetween(governorCharm, CHARM_LADDER, from.value, to.value);
  const perCharm = pickTotals(b.totals, MATERIALS);
  return success({
    from: b.from,
    to: b.to,
    charms: charms.value,
    step_count: b.step_count,
    totals: pickTotals(scaleTotals(perCharm, charms.value), MATERIALS),
    totals_per_charm: perCharm,
    ...details(b),
  });
}
