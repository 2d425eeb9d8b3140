/**
 * Validation of a player's data beyond its JSON Schema: every level the profile and the goals name must be one the
 * calculators can read, and keys that identify things (heroes, troop type and tier) must be unique. Each problem
 * names the field at fault as a JSON pointer into the data file.
 */
import { gearLevelIndex } from '../calculators/governor-gear.js';
import { starPositionIndex } from '../calculators/hero-shards.js';
import { truegoldUpgradeCost } from '../calculators/truegold.js';
import { closest } from '../outcomes/similarity.js';
import { heroes } from '../reference/records.js';
import { planGoal } from './goal-plan.js';
import type { GearPiece, Goal, OtherBuilding, PlayerDataFile, PlayerProfile } from './model.js';
import { schemaProblems, type SchemaProblem } from './schema.js';

const HERO_KEYS = [...heroes.keys()];

/** A hero key must name a hero of the reference data; the message offers the closest keys. */
function heroProblem(pointer: string, key: string): SchemaProblem | undefined {
  if (heroes.has(key)) return undefined;
  return {
    pointer,
    message: `unknown hero "${key}"; hero keys are those of search_database and get_hero, e.g. ${closest(key, HERO_KEYS, 3).join(', ')}`,
  };
}

/** Exclusive Gear (widgets) exists only for Mythic heroes. */
function exclusiveGearProblem(pointer: string, key: string): SchemaProblem | undefined {
  const hero = heroes.get(key);
  return hero && hero.rarity !== 'mythic'
    ? { pointer, message: `${hero.name} is ${hero.rarity}: only Mythic heroes have Exclusive Gear` }
    : undefined;
}

function profileProblems(profile: PlayerProfile): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const seenHeroes = new Map<string, number>();
  profile.heroes.forEach((hero, i) => {
    const unknown = heroProblem(`/profile/heroes/${i}/key`, hero.key);
    if (unknown) problems.push(unknown);
    else if (hero.exclusive_gear_level > 0) {
      const gear = exclusiveGearProblem(`/profile/heroes/${i}/exclusive_gear_level`, hero.key);
      if (gear) problems.push(gear);
    }
    const first = seenHeroes.get(hero.key);
    if (first !== undefined)
      problems.push({
        pointer: `/profile/heroes/${i}/key`,
        message: `hero "${hero.key}" is listed twice (also at /profile/heroes/${first})`,
      });
    else seenHeroes.set(hero.key, i);
    const position = starPositionIndex('', { stars: hero.stars, tier: hero.sub_tier });
    if (!position.ok) problems.push({ pointer: `/profile/heroes/${i}/sub_tier`, message: position.error.message });
  });
  const seenTroops = new Map<string, number>();
  profile.troops.forEach((troop, i) => {
    const key = `${troop.type} T${troop.tier}`;
    const first = seenTroops.get(key);
    if (first !== undefined)
      problems.push({
        pointer: `/profile/troops/${i}`,
        message: `${key} is listed twice (also at /profile/troops/${first})`,
      });
    else seenTroops.set(key, i);
  });
  for (const [piece, state] of Object.entries(profile.governor_gear) as [GearPiece, { level: string }][]) {
    const level = gearLevelIndex('', state.level);
    if (!level.ok) problems.push({ pointer: `/profile/governor_gear/${piece}/level`, message: level.error.message });
  }
  for (const [building, level] of Object.entries(profile.buildings) as [OtherBuilding, string | number][]) {
    const read = truegoldUpgradeCost({ building, from: level, to: level });
    if (!read.ok) problems.push({ pointer: `/profile/buildings/${building}`, message: read.error.message });
  }
  return problems;
}

function goalProblems(goals: readonly Goal[], profile: PlayerProfile | undefined): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  goals.forEach((goal, i) => {
    if ('hero' in goal) {
      const unknown = heroProblem(`/goals/${i}/hero`, goal.hero);
      const gear = goal.system === 'hero_widgets' ? exclusiveGearProblem(`/goals/${i}/hero`, goal.hero) : undefined;
      if (unknown ?? gear) {
        problems.push((unknown ?? gear)!);
        return;
      }
    }
    const plan = planGoal(goal, profile, `/goals/${i}`);
    if (!plan.ok) problems.push({ pointer: plan.error.argument ?? `/goals/${i}`, message: plan.error.message });
  });
  return problems;
}

export type Validated = { ok: true; data: PlayerDataFile } | { ok: false; problems: SchemaProblem[] };

/**
 * Checks a player data file (as parsed from JSON). Goals are checked against the file's profile, or against
 * `storedProfile` when the file brings none.
 */
export function validatePlayerData(value: unknown, storedProfile?: PlayerProfile): Validated {
  const problems = schemaProblems('kingshot:player-data-file', value);
  if (problems.length > 0) return { ok: false, problems };
  const data = value as PlayerDataFile;
  if (data.profile) problems.push(...profileProblems(data.profile));
  if (data.inventory) {
    for (const section of ['hero_shards', 'widgets'] as const) {
      for (const key of Object.keys(data.inventory[section])) {
        const unknown = heroProblem(`/inventory/${section}/${key}`, key);
        if (unknown) problems.push(unknown);
      }
    }
  }
  if (data.goals && problems.length === 0) problems.push(...goalProblems(data.goals, data.profile ?? storedProfile));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, data };
}

export function formatProblems(problems: readonly SchemaProblem[]): string {
  return problems.map((p) => `${p.pointer}: ${p.message}`).join('\n');
}
