/**
 * What get_my_goals answers for a player, read from their saved data: the one function the tool and the website's
 * plan page (/account/plan) both call, so the page shows the tool's numbers whatever the report comes to hold.
 */
import type { GetMyGoalsOutput } from '../../generated/tools/index.js';
import { goalsReport } from '../account/goals-report.js';
import type { PlayerDataReader } from '../store/player-data.js';

export async function myGoalsReport(data: PlayerDataReader): Promise<GetMyGoalsOutput> {
  const [goals, profile, inventory] = await Promise.all([data.goals(), data.profile(), data.inventory()]);
  return goalsReport({ goals, ...(profile ? { profile } : {}), ...(inventory ? { inventory } : {}) });
}
