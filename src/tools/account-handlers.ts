/**
 * The three account tools: read-only views of the signed-in player's saved data. The player comes from the
 * request's context (the verified token), never from arguments, so one player's token can only read that player.
 */
import type { ToolHandlers } from '../../generated/tools/index.js';
import type { ToolError } from '../../generated/metadata-types.js';
import { MATERIAL_NAMES } from '../../generated/cost-systems.js';
import { everythingTo } from '../account/everything-to.js';
import { isoSeconds } from '../account/goals-report.js';
import { buildingLevelLabel } from '../calculators/truegold.js';
import { failure, success, type Failure } from '../outcomes/failures.js';
import { StoredDataError } from '../store/errors.js';
import type { AccountContext, ToolContext } from './context.js';
import { myGoalsReport } from './my-goals.js';

function noAccount(): Failure {
  return failure({
    code: 'UNAVAILABLE',
    message: "This tool reads the signed-in player's data: call it on the account endpoint with an OAuth token.",
  });
}

function notSaved(what: string): Failure {
  return failure({
    code: 'NOT_FOUND',
    message: `No ${what} is saved for this account yet. The operator imports it with the CLI (npm run cli -- import).`,
  });
}

/** Stored data that fails its schema is reported, not served half-read. */
async function guarded<T>(
  account: AccountContext | undefined,
  read: (account: AccountContext) => Promise<T | Failure>,
): Promise<T | Failure> {
  if (!account) return noAccount();
  try {
    return await read(account);
  } catch (error) {
    if (error instanceof StoredDataError) {
      const problem: ToolError = {
        code: 'UNAVAILABLE',
        message: 'The saved data of this account could not be read; the operator has to re-import it.',
      };
      return failure(problem);
    }
    throw error;
  }
}

// No list of this group's names to keep: `satisfies` types each handler and rejects a name the catalogue lacks,
// and handlers.ts, typed as the whole contract, names any tool no group handles.
export const accountHandlers = {
  get_my_profile: (_input, context) =>
    guarded(context.account, async ({ data }) => {
      const saved = await data.profile();
      if (!saved) return notSaved('profile');
      const { town_center_level, heroes, ...rest } = saved.value;
      return success({
        player_id: rest.player_id,
        name: rest.name,
        kingdom: rest.kingdom,
        town_center: { level: town_center_level, label: buildingLevelLabel(town_center_level) },
        power: rest.power,
        troops: rest.troops,
        combat_stats: rest.combat_stats,
        heroes: heroes.map((h) => ({
          key: h.key,
          stars: h.stars,
          sub_tier: h.sub_tier,
          star_position: h.stars === 0 ? '0★' : `${h.stars}★ ${h.sub_tier}/6`,
          level: h.level,
          exclusive_gear_level: h.exclusive_gear_level,
          gear: h.gear,
        })),
        governor_gear: rest.governor_gear,
        buildings: rest.buildings,
        updated_at: isoSeconds(saved.updatedAt)!,
      });
    }),

  get_my_inventory: (_input, context) =>
    guarded(context.account, async ({ data }) => {
      const saved = await data.inventory();
      if (!saved) return notSaved('inventory');
      return success({ sections: saved.value, materials: MATERIAL_NAMES, updated_at: isoSeconds(saved.updatedAt)! });
    }),

  get_my_goals: (input, context) =>
    guarded(context.account, async ({ data }) => {
      const report = await myGoalsReport(data);
      if (!input.everything_to) return success(report);
      const [profile, inventory] = await Promise.all([data.profile(), data.inventory()]);
      const extra = everythingTo(input.everything_to, profile?.value, inventory?.value);
      if (!extra.ok) return extra;
      return success({ ...report, everything_to: extra.value });
    }),
} satisfies Partial<ToolHandlers<ToolContext>>;
