/** Governor Charms: levels 0-22, per charm, for up to 18 charms. */
import { governorCharm } from '../../generated/data/costs/governor-charm.js';
import type { GovernorCharmMaterials } from '../../generated/shared-types.js';
import type {
  GovernorCharmCostInput,
  GovernorCharmCostOutput,
} from '../../generated/tools/governor_charm_cost/types.js';
import type { Outcome } from '../outcomes/failures.js';
import { checkQuantity, details, knownTotals, knownUnitTotals, ladderOf, numericLevelIndex } from './ladder.js';
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
const MATERIALS = ['charm_guides', 'charm_designs'] as const satisfies readonly (keyof GovernorCharmMaterials)[];

export const CHARM_LADDER = ladderOf(governorCharm, 'governor_charm');

type CharmRange = { from: number; to?: number; charms?: number };

/** One range of charms read against the ladder; `at` is where it sits in the arguments ('' or `/ranges/<i>`). */
export function charmRange(range: CharmRange, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const what = 'a Governor Charm level';
  const target = targetOrTop(`${at}/to`, range.to, hasBudget, CHARM_LADDER);
  if (!target.ok) return target;
  return unitRange(governorCharm, CHARM_LADDER, {
    count: checkQuantity(`${at}/charms`, range.charms, governorCharm.per!),
    from: numericLevelIndex(`${at}/from`, range.from, CHARM_LADDER, what),
    to: range.to === undefined ? 'top' : numericLevelIndex(`${at}/to`, range.to, CHARM_LADDER, what),
  });
}

/** A one-range result: the tool's result with the single-range fields present. */
export type GovernorCharmCostSingle = WithRequired<
  GovernorCharmCostOutput,
  'from' | 'to' | 'charms' | 'step_count' | 'steps' | 'totals_per_charm'
>;

function singleResult(priced: PricedRange, reach: BudgetReach | undefined): GovernorCharmCostSingle {
  const b = priced.breakdown;
  const totals = knownUnitTotals(b, MATERIALS, priced.range.count);
  return {
    from: b.from,
    to: b.to,
    charms: priced.range.count,
    step_count: b.step_count,
    totals: totals.all,
    totals_per_charm: totals.perUnit,
    ...details(b, priced.range.count),
    ...(reach ? { reach } : {}),
  };
}

/** One range (the single arguments), with how far `have` takes it when given. */
export const governorCharmCost: (input: CharmRange & { have?: Budget }) => Outcome<GovernorCharmCostSingle> =
  singleRangeCost(charmRange, MATERIALS, singleResult);

/** The tool: one range or a list (`ranges`), with a budget (`have`) applying to the list as a whole. */
export function governorCharmCostTool(input: GovernorCharmCostInput): Outcome<GovernorCharmCostOutput> {
  const call = costCall(
    input,
    () => ({ from: input.from!, to: input.to, charms: input.charms }),
    charmRange,
    MATERIALS,
  );
  return toolAnswer(call, input, (totals) => knownTotals(totals, MATERIALS), singleResult);
}
