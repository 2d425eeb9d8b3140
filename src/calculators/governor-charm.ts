/** Governor Charms: levels 0-22, per charm, for up to 18 charms. */
import { governorCharm } from '../../generated/data/costs/governor-charm.js';
import type { GovernorCharmMaterials } from '../../generated/shared-types.js';
import type { GovernorCharmCostOutput } from '../../generated/tools/governor_charm_cost/types.js';
import { success, type Outcome } from '../outcomes/failures.js';
import { breakdownBetween, checkQuantity, details, ladderOf, numericLevelIndex, knownUnitTotals } from './ladder.js';

// The result's type names every key; a key missing here fails to compile where the totals are returned.
const MATERIALS = ['charm_guides', 'charm_designs'] as const satisfies readonly (keyof GovernorCharmMaterials)[];

export const CHARM_LADDER = ladderOf(governorCharm, 'governor_charm');

export function governorCharmCost(input: {
  from: number;
  to: number;
  charms?: number;
}): Outcome<GovernorCharmCostOutput> {
  const charms = checkQuantity('/charms', input.charms, governorCharm.per!);
  if (!charms.ok) return charms;
  const what = 'a Governor Charm level';
  const breakdown = breakdownBetween(
    governorCharm,
    CHARM_LADDER,
    numericLevelIndex('/from', input.from, CHARM_LADDER, what),
    numericLevelIndex('/to', input.to, CHARM_LADDER, what),
  );
  if (!breakdown.ok) return breakdown;
  const b = breakdown.value;
  const totals = knownUnitTotals(b, MATERIALS, charms.value);
  return success({
    from: b.from,
    to: b.to,
    charms: charms.value,
    step_count: b.step_count,
    totals: totals.all,
    totals_per_charm: totals.perUnit,
    ...details(b),
  });
}
