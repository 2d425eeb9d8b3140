/** Governor Charms: levels 0-22, per charm, for up to 18 charms. */
import { governorCharm } from '../../generated/data/costs/governor-charm.js';
import { success, type Outcome } from '../outcomes/failures.js';
import { breakdownBetween, checkQuantity, details, ladderOf, numericLevelIndex, knownUnitTotals, type CostBreakdown } from './ladder.js';

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
  const what = 'a Governor Charm level';
  const breakdown = breakdownBetween(governorCharm, CHARM_LADDER, numericLevelIndex('/from', input.from, CHARM_LADDER, what), numericLevelIndex('/to', input.to, CHARM_LADDER, what));
  if (!breakdown.ok) return breakdown;
  const b = breakdown.value;
  const totals = knownUnitTotals(b, MATERIALS, charms.value);
  return success({ from: b.from, to: b.to, charms: charms.value, step_count: b.step_count, totals: totals.all, totals_per_charm: totals.perUnit, ...details(b) });
}
