/**
 * Readiness: how much of what a goal still needs the saved inventory covers. Per material, readiness is
 * `min(1, in inventory / needed)`; a goal's overall readiness is that of its scarcest material (the goal can be
 * finished only when every material is covered). Figures are rounded down to three decimals, so 1 means covered.
 */
import type { GetMyGoalsOutput } from '../../generated/tools/index.js';
import { PLAYER_DATA_SCHEMA } from '../../generated/player-data.js';
import type { Inventory } from './model.js';

/** One material of a goal, as get_my_goals returns it (the catalogue's result shape). */
export type MaterialReadiness = GetMyGoalsOutput['goals'][number]['materials'][number];

type InventorySchema = { properties: Record<keyof Inventory, { properties?: Record<string, unknown> }> };

/**
 * The inventory section that holds each material, read from the player-data schema (catalog/player-data.schema.yaml):
 * each fixed section lists its material keys. Shards and widgets are kept per hero instead (below).
 */
const SECTION_OF: ReadonlyMap<string, keyof Inventory> = new Map(
  Object.entries((PLAYER_DATA_SCHEMA.definitions as { inventory: InventorySchema }).inventory.properties).flatMap(
    ([section, schema]) =>
      Object.keys(schema.properties ?? {}).map((key) => [key, section as keyof Inventory] as const),
  ),
);

/** How much of a material the inventory holds (shards and widgets are per hero). */
export function inventoryAmount(inventory: Inventory | undefined, key: string, hero?: string): number {
  if (!inventory) return 0;
  if (key === 'shards') return hero ? (inventory.hero_shards[hero] ?? 0) : 0;
  if (key === 'widgets') return hero ? (inventory.widgets[hero] ?? 0) : 0;
  const section = SECTION_OF.get(key);
  return section ? ((inventory[section] as Record<string, number>)[key] ?? 0) : 0;
}

export function ratio(have: number, needed: number): number {
  if (needed <= 0) return 1;
  return Math.floor(Math.min(1, have / needed) * 1000) / 1000;
}

export function materialReadiness(
  key: string,
  name: string,
  needed: number,
  inventory: Inventory | undefined,
  hero?: string,
): MaterialReadiness {
  const have = inventoryAmount(inventory, key, hero);
  return {
    key,
    name,
    ...(hero ? { hero } : {}),
    needed,
    in_inventory: have,
    missing: Math.max(0, needed - have),
    readiness: ratio(have, needed),
  };
}

/** The scarcest material's readiness (1 when nothing is needed). */
export function overallReadiness(materials: readonly MaterialReadiness[]): number {
  return materials.reduce((lowest, m) => Math.min(lowest, m.readiness), 1);
}
