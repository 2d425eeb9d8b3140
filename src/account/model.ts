/**
 * The player's own data as the service stores it: profile, Progression Goals and inventory. The shapes are
 * declared once, as a JSON Schema in the catalogue (catalog/player-data.schema.yaml); the types below are generated
 * from it, and schema.ts validates every write (CLI import, demo seed) and every read with the same schema.
 */
import type { PlayerProfile } from '../../generated/player-data.js';

export type {
  Building,
  CombatStats,
  GearPiece,
  Goal,
  GovernorGearPieceState,
  HeroGearPieceState,
  HeroGearSlot,
  HeroState,
  Inventory,
  PlayerDataFile,
  PlayerProfile,
  TroopType,
} from '../../generated/player-data.js';
import type { Goal } from '../../generated/player-data.js';

/** Truegold buildings other than the Town Center (whose level is the profile's `town_center_level`). */
export type OtherBuilding = keyof PlayerProfile['buildings'];

/** A saved goal with the id the store gave it. */
export interface StoredGoal {
  id: number;
  goal: Goal;
}
