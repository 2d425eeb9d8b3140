/**
 * The `skill` argument of get_hero and get_master: a result with only the skill of that name, wherever the record
 * keeps skills (a hero's skills, its exclusive gear's skills and its talent; a Master's skills and talent). Names
 * compare in their key form, so case, spaces and punctuation ("Hero’s Domain") do not count.
 */
import type { ToolError } from '../../generated/metadata-types.js';
import { keyForm } from '../../shared/normalize.js';
import { failure, success, type Outcome } from '../outcomes/failures.js';
import { quotedInput } from './resolve.js';

interface Named {
  name: string;
}

interface WithSkills {
  name: string;
  skills?: Named[];
  talent?: Named;
  exclusive_gear?: { skills: Named[] };
}

/** Every skill name of the record, in the result's order (skills, exclusive gear, talent). */
function skillNames(record: WithSkills): string[] {
  return [
    ...(record.skills ?? []).map((s) => s.name),
    ...(record.exclusive_gear?.skills ?? []).map((s) => s.name),
    ...(record.talent ? [record.talent.name] : []),
  ];
}

export function onlySkill<T extends WithSkills>(record: T, skill: string | undefined, tool: string): Outcome<T> {
  if (skill === undefined) return success(record);
  const wanted = keyForm(skill);
  const same = (s: Named) => keyForm(s.name) === wanted;
  const names = skillNames(record);
  if (!names.some((name) => keyForm(name) === wanted)) {
    // The record's own skills are few, so all of them are the useful suggestions (never names from elsewhere).
    const error: ToolError = {
      code: 'NOT_FOUND',
      message: `${record.name} has no skill ${quotedInput(skill)}. Its skills: ${names.join(', ')}. Call ${tool} again with one of these, or without skill.`,
      argument: '/skill',
      allowed: names.join(', '),
      suggestions: names,
    };
    return failure(error);
  }
  const { talent, exclusive_gear: gear, skills, ...rest } = record;
  return success({
    ...rest,
    ...(skills ? { skills: skills.filter(same) } : {}),
    ...(gear ? { exclusive_gear: { ...gear, skills: gear.skills.filter(same) } } : {}),
    ...(talent && same(talent) ? { talent } : {}),
  } as T);
}
