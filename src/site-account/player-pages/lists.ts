/**
 * What the forms offer to choose from, all from the game data and the player-data schema (generated/), never kept by
 * hand here: heroes, troop types, Governor Gear pieces, hero-gear slots, Truegold buildings and inventory sections.
 */
import { MATERIAL_NAMES } from '../../../generated/cost-systems.js';
import { truegold } from '../../../generated/data/costs/truegold.js';
import { PLAYER_DATA_SCHEMA } from '../../../generated/player-data.js';
import type { GearPiece, HeroGearSlot, Inventory, TroopType } from '../../account/model.js';
import { capitalised, heroes, rarityName } from '../../reference/records.js';

export interface Choice {
  value: string;
  label: string;
}

type Definitions = Record<string, { enum?: unknown[]; properties?: Record<string, { properties?: object }> }>;
const DEFINITIONS = PLAYER_DATA_SCHEMA.definitions as Definitions;

function enumOf<T extends string>(definition: string): readonly T[] {
  return (DEFINITIONS[definition]?.enum ?? []) as T[];
}

export const TROOP_TYPES: readonly TroopType[] = enumOf<TroopType>('troop_type');
export const GEAR_PIECES: readonly GearPiece[] = enumOf<GearPiece>('gear_piece');
export const HERO_GEAR_SLOTS: readonly HeroGearSlot[] = enumOf<HeroGearSlot>('hero_gear_slot');
export const COMBAT_STATS: readonly string[] = Object.keys(DEFINITIONS.combat_stats?.properties ?? {});

/** Every Truegold building of the cost data, Town Center first (its level is the profile's own field). */
export const BUILDINGS: readonly Choice[] = truegold.ladders.map((ladder) => ({
  value: ladder.key,
  label: ladder.title,
}));
/** The buildings whose levels the profile keeps under `buildings` (all but the Town Center). */
export const OTHER_BUILDINGS: readonly Choice[] = BUILDINGS.filter((b) => b.value !== 'town_center');

/**
 * English alphabetical order for the game's names, which are plain ASCII: case ignored first, then lower case before
 * upper, as `localeCompare(b, 'en')` orders them (a test holds the two together). Not `localeCompare` itself: its
 * first call loads ICU's collator, about 18 ms of every start when these lists are built at import.
 */
export function byName(a: { name: string }, b: { name: string }): number {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.name === b.name ? 0 : a.name > b.name ? -1 : 1;
}

export const HERO_CHOICES: readonly Choice[] = [...heroes.values()]
  .sort(byName)
  .map((hero) => ({ value: hero.key, label: `${hero.name} (${rarityName(hero.rarity)})` }));
/** Exclusive Gear (widgets) exists for Mythic heroes only. */
export const MYTHIC_HERO_CHOICES: readonly Choice[] = [...heroes.values()]
  .filter((hero) => hero.rarity === 'mythic')
  .sort(byName)
  .map((hero) => ({ value: hero.key, label: hero.name }));

export function heroName(key: string): string {
  return heroes.get(key)?.name ?? key;
}

/** The inventory's sections in the schema's order: fixed materials, or amounts per hero. */
export type InventorySection =
  | { key: keyof Inventory; title: string; perHero: false; materials: readonly Choice[] }
  | { key: 'hero_shards' | 'widgets'; title: string; perHero: true };

const SECTION_TITLES: Readonly<Record<string, string>> = {
  governor_gear: 'Governor Gear',
  charms: 'Governor charms',
  truegold: 'Truegold',
  hero_shards: 'Hero shards (per hero)',
  widgets: 'Widgets (per Mythic hero)',
  forging: 'Hero gear forging',
};

export const INVENTORY_SECTIONS: readonly InventorySection[] = Object.entries(
  DEFINITIONS.inventory?.properties ?? {},
).map(([key, schema]): InventorySection => {
  const title = SECTION_TITLES[key] ?? capitalised(key.replaceAll('_', ' '));
  if (key === 'hero_shards' || key === 'widgets') return { key, title, perHero: true };
  const materials = Object.keys(schema.properties ?? {}).map((material) => ({
    value: material,
    label: MATERIAL_NAMES[material] ?? capitalised(material.replaceAll('_', ' ')),
  }));
  return { key: key as keyof Inventory, title, perHero: false, materials };
});

export function choiceLabel(choices: readonly Choice[], value: string): string {
  return choices.find((c) => c.value === value)?.label ?? value;
}
