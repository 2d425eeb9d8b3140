/**
 * The get_hero result (its generated output type: catalog/tools/get_hero.yaml `result`, skills from
 * catalog/shared/hero-skill.yaml), read defensively like the cost results (../shared/read.ts). Optional parts that
 * are malformed are dropped, not fatal.
 */
import type { HeroSkill } from '../../generated/shared-types.js';
import type { GetHeroOutput } from '../../generated/tools/get_hero/types.js';
import { isNumber, isObject, isString, isStrings, readFields, type Lenient } from '../shared/read.js';

/**
 * The whole record: a call with `fields` may leave parts out, but the view is opened for the whole hero, and the
 * reader below refuses a result without the parts it draws.
 */
type WholeHero = GetHeroOutput &
  Required<
    Pick<
      GetHeroOutput,
      | 'aliases'
      | 'generation'
      | 'rarity'
      | 'troop_type'
      | 'roles'
      | 'base_stats'
      | 'expedition_bonus'
      | 'skills'
      | 'shard_sources'
      | 'tier_ratings'
      | 'notes'
      | 'confidence'
      | 'sources'
    >
  >;
type Hero = Lenient<WholeHero>;

/** Per stat, the values at skill levels 1 to 5 as published ("5%"). */
export type Ladders = Lenient<HeroSkill['levels']>;
export type Skill = Lenient<HeroSkill>;
export type ExclusiveGear = NonNullable<Hero['exclusive_gear']>;
export type TierRating = Hero['tier_ratings'][number];

/** A stats block of the result; the reader drops the whole block when it is malformed, and only its note may be missing. */
type Stats<Block extends { note: string }> = Omit<Block, 'note'> & { note?: string };

/**
 * The hero as readHeroResult gives it: the generated output (without the page `url`, which the view does not show),
 * where the base stats and the troop bonus are absent when malformed.
 */
export type HeroResult = Omit<Hero, 'url' | 'base_stats' | 'expedition_bonus' | 'skill_levels'> & {
  base_stats?: Stats<Hero['base_stats']>;
  expedition_bonus?: Stats<Hero['expedition_bonus']>;
  /** The skill levels every level list holds, in order: 1-5, or those `skill_levels` asked for. */
  levels_shown: number[];
};

const isLadders = (v: unknown): v is Ladders => isObject(v) && Object.values(v).every(isStrings);
const isTexts = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every(isString);

function isSkill(v: unknown): v is Skill {
  return (
    isObject(v) &&
    isString(v.name) &&
    isString(v.kind) &&
    isString(v.effect) &&
    isLadders(v.levels) &&
    (v.slot === undefined || isNumber(v.slot)) &&
    (v.fixed === undefined || isTexts(v.fixed))
  );
}
const isSkills = (v: unknown): v is Skill[] => Array.isArray(v) && v.every(isSkill);

function isGear(v: unknown): v is ExclusiveGear {
  return (
    isObject(v) &&
    (v.name === null || isString(v.name)) &&
    isString(v.trigger) &&
    isSkills(v.skills) &&
    isString(v.levels) &&
    (v.name_note === undefined || isString(v.name_note)) &&
    (v.max_level_stats === undefined ||
      (isObject(v.max_level_stats) && Object.values(v.max_level_stats).every((x) => isNumber(x) || isString(x))))
  );
}

const isTierRating = (v: unknown): v is TierRating =>
  isObject(v) && isString(v.role) && isNumber(v.generation) && isString(v.tier);

/** The parts of an optional field that read as `ok`, else nothing. */
function optional<T>(value: unknown, ok: (v: unknown) => v is T): T | undefined {
  return ok(value) ? value : undefined;
}

export function readHeroResult(input: unknown): HeroResult {
  const value = readFields(input, (v) => [
    ['name', isString(v.name), 'is not a string'],
    ['generation', isNumber(v.generation), 'is not a number'],
    ['rarity', isObject(v.rarity) && isString(v.rarity.name), 'is not a rarity'],
    ['troop_type', isString(v.troop_type), 'is not a string'],
    ['roles', isStrings(v.roles), 'is not a list of strings'],
    ['skills', isSkills(v.skills), 'is not a list of skills'],
    ['exclusive_gear', v.exclusive_gear === undefined || isGear(v.exclusive_gear), 'is not an exclusive gear'],
    [
      'tier_ratings',
      v.tier_ratings === undefined || (Array.isArray(v.tier_ratings) && v.tier_ratings.every(isTierRating)),
      'is not a list of tier placements',
    ],
    ['confidence', isString(v.confidence), 'is not a string'],
  ]);

  const rarity = value.rarity as Record<string, unknown>;
  const baseStats = value.base_stats;
  const bonus = value.expedition_bonus;
  const talent = value.talent;
  const resolved = value.resolved;
  return {
    key: isString(value.key) ? value.key : '',
    name: value.name as string,
    aliases: optional(value.aliases, isStrings) ?? [],
    generation: value.generation as number,
    generation_note: optional(value.generation_note, isString),
    release: optional(value.release, isString),
    rarity: {
      key: isString(rarity.key) ? rarity.key : '',
      name: rarity.name as string,
      also_called: optional(rarity.also_called, isStrings) ?? [],
    },
    troop_type: value.troop_type as string,
    roles: value.roles as string[],
    base_stats:
      isObject(baseStats) && isNumber(baseStats.attack) && isNumber(baseStats.defense) && isNumber(baseStats.health)
        ? {
            attack: baseStats.attack,
            defense: baseStats.defense,
            health: baseStats.health,
            note: optional(baseStats.note, isString),
          }
        : undefined,
    expedition_bonus:
      isObject(bonus) && isString(bonus.troop_type) && isString(bonus.attack) && isString(bonus.defense)
        ? {
            troop_type: bonus.troop_type,
            attack: bonus.attack,
            defense: bonus.defense,
            note: optional(bonus.note, isString),
          }
        : undefined,
    talent:
      isObject(talent) && isString(talent.name) && isString(talent.effect) && isLadders(talent.levels)
        ? { name: talent.name, effect: talent.effect, levels: talent.levels }
        : undefined,
    skills: value.skills as Skill[],
    exclusive_gear: value.exclusive_gear as ExclusiveGear | undefined,
    shard_sources: optional(value.shard_sources, isStrings) ?? [],
    tier_ratings: (value.tier_ratings as TierRating[] | undefined) ?? [],
    notes: optional(value.notes, isStrings) ?? [],
    confidence: value.confidence as string,
    sources: Array.isArray(value.sources)
      ? value.sources
          .filter((s): s is Record<string, unknown> & { ref: string } => isObject(s) && isString(s.ref))
          .map((s) => ({ id: optional(s.id, isString), ref: s.ref, used_for: optional(s.used_for, isString) }))
      : [],
    resolved:
      isObject(resolved) && isString(resolved.from) && isString(resolved.matched) && isString(resolved.match_type)
        ? { from: resolved.from, matched: resolved.matched, match_type: resolved.match_type }
        : undefined,
    data_version: isString(value.data_version) ? value.data_version : '',
    levels_shown: levelsShown(value.skill_levels),
  };
}

/** The levels the lists hold: a list's first value is level `from` of `skill_levels`, else level 1. */
function levelsShown(range: unknown): number[] {
  const asked = isObject(range) && isNumber(range.from) && isNumber(range.to);
  const from = asked ? (range.from as number) : 1;
  const to = asked ? (range.to as number) : 5;
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** Whether a skill is the one a hero contributes when it joins someone else's rally: expedition slot 1. */
export function isJoinerSkill(skill: Skill): boolean {
  return skill.kind === 'expedition' && skill.slot === 1;
}

/** The hero's joiner skill, if the result has one. */
export function joinerSkill(result: HeroResult): Skill | undefined {
  return result.skills.find(isJoinerSkill);
}
