/** plan_upgrades: upgrades of several cost systems in one answer (not a cost tool of its own: no calculator page). */
import type { ToolHandlers } from '../../generated/tools/index.js';
import { planUpgrades } from '../calculators/plan-upgrades.js';
import type { ToolContext } from './context.js';

export const planHandlers = {
  plan_upgrades: (input) => planUpgrades(input),
} satisfies Partial<ToolHandlers<ToolContext>>;
