/** The six upgrade-cost tools: thin adapters from the catalogue's input types to the pure calculators. */
import type { ToolHandlers } from '../../generated/tools/index.js';
import { governorCharmCostTool } from '../calculators/governor-charm.js';
import { governorGearCostTool } from '../calculators/governor-gear.js';
import { heroShardsCostTool } from '../calculators/hero-shards.js';
import { heroWidgetsCostTool } from '../calculators/hero-widgets.js';
import { masteryForgingCostTool } from '../calculators/mastery-forging.js';
import { truegoldUpgradeCostTool } from '../calculators/truegold.js';
import type { ToolContext } from './context.js';

// No list of this group's names to keep: `satisfies` types each handler and rejects a name the catalogue lacks,
// and handlers.ts, typed as the whole contract, names any tool no group handles.
export const costHandlers = {
  governor_gear_cost: (input) => governorGearCostTool(input),
  governor_charm_cost: (input) => governorCharmCostTool(input),
  truegold_upgrade_cost: (input) => truegoldUpgradeCostTool(input),
  hero_shards_cost: (input) => heroShardsCostTool(input),
  hero_widgets_cost: (input) => heroWidgetsCostTool(input),
  mastery_forging_cost: (input) => masteryForgingCostTool(input),
} satisfies Partial<ToolHandlers<ToolContext>>;
