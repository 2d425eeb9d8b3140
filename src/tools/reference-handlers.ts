/**
 * The six game-reference tools: search, then one record by key, name or alias (resolved as src/reference/resolve.ts
 * describes), and the tier list. Thin adapters from the catalogue's input types to src/reference/.
 */
import type { ToolHandlers } from '../../generated/tools/index.js';
import { events, heroes, items, masters, referenceIndex } from '../reference/catalog.js';
import { resolveRecord } from '../reference/resolve.js';
import { eventResult, heroResult, itemResult, masterResult, searchDatabase, tierListResult } from '../reference/results.js';
import type { ToolContext } from './context.js';

type ReferenceToolName = 'search_database' | 'get_hero' | 'get_master' | 'get_item' | 'get_event' | 'get_tier_list';

export const referenceHandlers: Pick<ToolHandlers<ToolContext>, ReferenceToolName> = {
  search_database: (input, context) => searchDatabase(input, context.baseUrl),
  get_hero: (input, context) => {
    const found = resolveRecord('hero', input.key, heroes, referenceIndex);
    return found.ok ? { ok: true, value: heroResult(found.record, context.baseUrl, found.resolved) } : found;
  },
  get_master: (input, context) => {
    const found = resolveRecord('master', input.key, masters, referenceIndex);
    return found.ok ? { ok: true, value: masterResult(found.record, context.baseUrl, found.resolved) } : found;
  },
  get_item: (input, context) => {
    const found = resolveRecord('item', input.key, items, referenceIndex);
    return found.ok ? { ok: true, value: itemResult(found.record, context.baseUrl, found.resolved) } : found;
  },
  get_event: (input, context) => {
    const found = resolveRecord('event', input.key, events, referenceIndex);
    return found.ok ? { ok: true, value: eventResult(found.record, context.baseUrl, found.resolved) } : found;
  },
  get_tier_list: (input, context) => tierListResult(input, context.baseUrl),
};
