/**
 * The six game-reference tools: search, then one record by key, name or alias (resolved as src/reference/resolve.ts
 * describes), and the tier list. Thin adapters from the catalogue's input types to src/reference/.
 */
import type { ToolHandlers } from '../../generated/tools/index.js';
import { success, type Outcome } from '../outcomes/failures.js';
import { events, heroes, items, masters, referenceIndex } from '../reference/records.js';
import { resolveRecord, type Resolved } from '../reference/resolve.js';
import {
  eventResult,
  heroResult,
  itemResult,
  masterResult,
  searchDatabase,
  tierListResult,
} from '../reference/results.js';
import type { RecordKind } from '../reference/search.js';
import { onlyFields } from '../reference/fields.js';
import { KINDS } from '../reference/kinds.js';
import { onlySkill } from '../reference/skill-filter.js';
import { onlySkillLevels, readLevelRange } from '../reference/skill-levels.js';
import { starPositionInWords } from '../calculators/hero-shards.js';
import type { GetHeroInput, GetHeroOutput } from '../../generated/tools/index.js';
import type { ToolContext } from './context.js';

/** The parts of a get_* call that choose what comes back. */
interface Parts {
  key: string;
  fields?: readonly string[];
  skill?: string;
}

/**
 * One record of a kind by its key, name or alias, shaped by `result`, cut to the skill and fields asked for; or the
 * resolver's (or the skill filter's) failure.
 */
function lookup<T, R extends object & { name: string }>(
  kind: RecordKind,
  input: Parts,
  records: ReadonlyMap<string, T>,
  result: (record: T, resolved: Resolved | undefined) => R,
): Outcome<R> {
  const found = resolveRecord(kind, input.key, records, referenceIndex);
  if (!found.ok) return found;
  const whole = result(found.record, found.resolved);
  const oneSkill = onlySkill(whole, input.skill, KINDS[kind].tool);
  return oneSkill.ok ? success(onlyFields(oneSkill.value, input.fields)) : oneSkill;
}

/**
 * get_hero: the lookup, its level tables cut to `skill_levels`, and the star position asked for in words. Both
 * answers to an argument come whatever `fields` keeps, as the record's identity does.
 */
function getHero(input: GetHeroInput, baseUrl: string): Outcome<GetHeroOutput> {
  const range = readLevelRange(input.skill_levels);
  if (!range.ok) return range;
  const stars = input.stars === undefined ? undefined : starPositionInWords('/stars', input.stars);
  if (stars && !stars.ok) return stars;
  const found = lookup('hero', input, heroes, (hero, resolved) =>
    onlySkillLevels(heroResult(hero, baseUrl, resolved), range.value),
  );
  if (!found.ok) return found;
  return success({
    ...found.value,
    ...(range.value ? { skill_levels: range.value } : {}),
    ...(stars ? { star_position: stars.value } : {}),
  });
}

// No list of this group's names to keep: `satisfies` types each handler and rejects a name the catalogue lacks,
// and handlers.ts, typed as the whole contract, names any tool no group handles.
export const referenceHandlers = {
  search_database: (input, context) => searchDatabase(input, context.baseUrl),
  get_hero: (input, context) => getHero(input, context.baseUrl),
  get_master: (input, context) =>
    lookup('master', input, masters, (master, resolved) => masterResult(master, context.baseUrl, resolved)),
  get_item: (input, context) =>
    lookup('item', input, items, (item, resolved) => itemResult(item, context.baseUrl, resolved)),
  get_event: (input, context) =>
    lookup('event', input, events, (event, resolved) => eventResult(event, context.baseUrl, resolved)),
  get_tier_list: (input, context) => tierListResult(input, context.baseUrl),
} satisfies Partial<ToolHandlers<ToolContext>>;
