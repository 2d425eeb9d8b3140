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
import type { ToolContext } from './context.js';

/** One record of a kind by its key, name or alias, shaped by `result`; or the resolver's failure. */
function lookup<T, R>(
  kind: RecordKind,
  key: string,
  records: ReadonlyMap<string, T>,
  result: (record: T, resolved: Resolved | undefined) => R,
): Outcome<R> {
  const found = resolveRecord(kind, key, records, referenceIndex);
  return found.ok ? success(result(found.record, found.resolved)) : found;
}

// No list of this group's names to keep: `satisfies` types each handler and rejects a name the catalogue lacks,
// and handlers.ts, typed as the whole contract, names any tool no group handles.
export const referenceHandlers = {
  search_database: (input, context) => searchDatabase(input, context.baseUrl),
  get_hero: (input, context) =>
    lookup('hero', input.key, heroes, (hero, resolved) => heroResult(hero, context.baseUrl, resolved)),
  get_master: (input, context) =>
    lookup('master', input.key, masters, (master, resolved) => masterResult(master, context.baseUrl, resolved)),
  get_item: (input, context) =>
    lookup('item', input.key, items, (item, resolved) => itemResult(item, context.baseUrl, resolved)),
  get_event: (input, context) =>
    lookup('event', input.key, events, (event, resolved) => eventResult(event, context.baseUrl, resolved)),
  get_tier_list: (input, context) => tierListResult(input, context.baseUrl),
} satisfies Partial<ToolHandlers<ToolContext>>;
