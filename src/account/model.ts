/**
 * The player's own data as the service stores it: profile, Progression Goals and inventory. The JSON Schemas in
 * schema.ts describe exactly these shapes; every write (CLI import, demo seed) and every read is validated with
 * them.
 */

export const TROOP_TYPES = ['infantry', 'cavalry', 'archer'] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

/**
 * The six Governor Gear pieces, two per troop type: crown and pendant (cavalry), top and pants (infantry),
 * bracelet and staff (archers). Names as kingshot.devo.fr/governor-gears/strategy gives them; the cost tables in
 * shared/gamedata name no pieces (all six share one table).
 */
export const GEAR_PIECES = ['crown', 'pendant', 'top', 'pants', 'bracelet', 'staff'] as const;
export type GearPiece = (typeof GEAR_PIECES)[number];

/** The four hero-gear slots of a hero. */
export const HERO_GEAR_SLOTS = ['helmet', 'gloves', 'armour', 'boots'] as const;
export type HeroGearSlot = (typeof HERO_GEAR_SLOTS)[number];

/** Truegold buildings other than the Town Center (whose level is the profile's `town_center_level`). */
export const OTHER_BUILDINGS = ['embassy', 'command_center', 'infirmary', 'barracks', 'stable', 'range', 'war_academy'] as const;
export type OtherBuilding = (typeof OTHER_BUILDINGS)[number];
export const BUILDINGS = ['town_center', ...OTHER_BUILDINGS] as const;
export type Building = (typeof BUILDINGS)[number];

export type CombatStats = {
  attack: number;
  defense: number;
  lethality: number;
  health: number;
};

export type HeroGearPieceState = {
  /** Mastery Forging level 0-20. */
  mastery: number;
  /** Enhancement level: 0-100 while gold, 101-200 once ascended to red. */
  enhancement: number;
};

export interface HeroState {
  key: string;
  /**
   * Star position as the cost tools write it, `<stars>★ <sub_tier>/6`: `stars` is the star being filled (1-5) and
   * `sub_tier` how many of its six sub-tiers are done (6 = full). `{stars: 0, sub_tier: 0}` is a hero with no stars.
   */
  stars: number;
  sub_tier: number;
  level: number;
  exclusive_gear_level: number;
  gear: Partial<Record<HeroGearSlot, HeroGearPieceState>>;
}

export type GovernorGearPieceState = {
  /** A Governor Gear level label, e.g. `Gold T2 ★1`, or `not crafted`. */
  level: string;
  /** The three charm levels of this piece, 0-22. */
  charms: [number, number, number];
};

export interface PlayerProfile {
  player_id: string;
  name: string;
  kingdom: number;
  /** 1-30, then Truegold levels as the game numbers them (TG1 = 35, TGn = 30 + 5n, TGn-k = 30 + 5n + k). */
  town_center_level: number;
  power: number;
  troops: { type: TroopType; tier: number; count: number }[];
  /** Bonus percentages per troop type. */
  combat_stats: Record<TroopType, CombatStats>;
  heroes: HeroState[];
  governor_gear: Partial<Record<GearPiece, GovernorGearPieceState>>;
  /** Truegold building levels (labels like `TG2-3` or numeric 30-80; War Academy may be `not built`). */
  buildings: Partial<Record<OtherBuilding, string | number>>;
}

interface GoalCommon {
  /** Inactive goals are kept but not listed or counted. */
  active: boolean;
  /** The player's own words about the goal. */
  note?: string;
}

export type Goal = GoalCommon &
  (
    | { system: 'governor_gear'; piece: GearPiece; target: string }
    | { system: 'governor_charm'; piece: GearPiece; slot: 1 | 2 | 3; target: number }
    | { system: 'truegold'; building: Building; target: string | number }
    | { system: 'hero_shards'; hero: string; target: string }
    | { system: 'hero_widgets'; hero: string; target: number }
    | { system: 'mastery_forging'; hero: string; slot: HeroGearSlot; track: 'mastery' | 'red_gear'; target: string | number }
  );

export interface Inventory {
  governor_gear: { satin: number; gilded_threads: number; artisans_vision: number };
  charms: { charm_guides: number; charm_designs: number };
  truegold: { truegold: number; tempered_truegold: number };
  /** Shards per hero key. */
  hero_shards: Record<string, number>;
  /** Widgets per hero key (each Mythic hero's Exclusive Gear takes its own widgets). */
  widgets: Record<string, number>;
  forging: { forgehammers: number; mythic_gear_pieces: number; mithril: number; enhancement_xp: number };
}

/** What the CLI imports and exports: any section present replaces that section. */
export interface PlayerDataFile {
  profile?: PlayerProfile;
  goals?: Goal[];
  inventory?: Inventory;
}

export interface StoredGoal {
  id: number;
  goal: Goal;
}
