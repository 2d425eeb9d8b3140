/** The six upgrade-cost tools: thin adapters from the catalogue's input types to the pure calculators. */
import type { ToolHandlers } from '../../generated/tools/index.js';
import { governorCharmCost } from '../calculators/governor-charm.js';
import { governorGearCost } from '../calculators/governor-gear.js';
import { heroShardsCost } from '../calculators/hero-shards.js';
import { heroWidgetsCost } from '../calculators/hero-widgets.js';
import { masteryForgingCost } from '../calculators/mastery-forging.js';
import { truegoldUpgradeCost } from '../calculators/truegold.js';
import type { ToolContext } from './context.js';

// No list of this group's names to keep: `satisfies` types each handler and rejects a name the catalogue lacks,
// and handlers.ts, typed as the whole contract, names any tool no group handles.
export const costHandlers = {
  governor_gear_cost: (input) => governorGearCost(input),
  governor_charm_cost: (input) => governorCharmCost(input),
  truegold_upgrade_cost: (input) => truegoldUpgradeCost(input),
  hero_shards_cost: (input) => heroShardsCost(input),
  hero_widgets_cost: (input) => heroWidgetsCost(input),
  mastery_forging_cost: (input) => masteryForgingCost(input),
} satisfies Partial<ToolHandlers<ToolContext>>;
