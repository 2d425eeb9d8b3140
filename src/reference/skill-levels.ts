/**
 * The `skill_levels` argument of get_hero: every level table of the result (skills, exclusive-gear skills, talent)
 * cut to the skill levels asked for, e.g. "Battle Ready at levels 3 to 5". The tables keep their published values;
 * the result's `skill_levels` says which levels the lists hold, so a list of three values is never read as 1-3.
 */
import { failure, success, type Outcome } from '../outcomes/failures.js';

/** Skill levels run 1-5 in the published tables. */
export const SKILL_LEVELS = 5;

export interface LevelRange {
  from: number;
  to: number;
}

type Levels = Record<string, string[]>;

interface WithLevels {
  levels: Levels;
}

interface WithSkillTables {
  skills?: WithLevels[];
  talent?: WithLevels;
  exclusive_gear?: { skills: WithLevels[] };
}

function cut(levels: Levels, range: LevelRange): Levels {
  return Object.fromEntries(
    Object.entries(levels).map(([stat, values]) => [stat, values.slice(range.from - 1, range.to)]),
  );
}

function withCut<T extends WithLevels>(skill: T, range: LevelRange): T {
  return { ...skill, levels: cut(skill.levels, range) };
}

/** The range asked for (`to` defaults to `from`: one level), or why it is not one. */
export function readLevelRange(asked: { from: number; to?: number } | undefined): Outcome<LevelRange | undefined> {
  if (asked === undefined) return success(undefined);
  const range = { from: asked.from, to: asked.to ?? asked.from };
  if (range.from > range.to)
    return failure({
      code: 'RANGE_REVERSED',
      message: `skill_levels from ${range.from} is above to ${range.to}: give the lower level as from, e.g. {"from": ${range.to}, "to": ${range.from}}.`,
      argument: '/skill_levels',
      allowed: `levels 1 to ${SKILL_LEVELS}, from at most to`,
    });
  return success(range);
}

/** `record` with every level table cut to `range`, and `skill_levels` naming it; the record as it is without one. */
export function onlySkillLevels<T extends WithSkillTables>(
  record: T,
  range: LevelRange | undefined,
): T & { skill_levels?: LevelRange } {
  if (range === undefined) return record;
  const { skills, talent, exclusive_gear: gear } = record;
  return {
    ...record,
    ...(skills ? { skills: skills.map((s) => withCut(s, range)) } : {}),
    ...(talent ? { talent: withCut(talent, range) } : {}),
    ...(gear ? { exclusive_gear: { ...gear, skills: gear.skills.map((s) => withCut(s, range)) } } : {}),
    skill_levels: range,
  };
}
