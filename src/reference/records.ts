/**
 * The reference data as the service uses it: the generated modules indexed by key, the name-search index (built
 * once, when this module loads), page URLs and one-line summaries of each record.
 */
import { eventsFile } from '../../generated/data/reference/events.js';
import { heroesFile } from '../../generated/data/reference/heroes.js';
import { itemsFile } from '../../generated/data/reference/items.js';
import { mastersFile } from '../../generated/data/reference/masters.js';
import { tierListFile } from '../../generated/data/reference/tier-list.js';
import type {
  GameEvent,
  Hero,
  Item,
  ItemReference,
  Master,
  ReferenceSource,
  Shop,
  TierRole,
} from '../../generated/data/reference/types.js';
import { KINDS } from './kinds.js';
import { capitalised } from './labels.js';
import { SearchIndex, type RecordKind, type SearchRecord } from './search.js';

export { eventsFile, heroesFile, itemsFile, mastersFile, tierListFile };
export { capitalised };

function byKey<T extends { key: string }>(records: readonly T[]): ReadonlyMap<string, T> {
  return new Map(records.map((r) => [r.key, r]));
}

export const heroes: ReadonlyMap<string, Hero> = byKey(heroesFile.heroes);
export const masters: ReadonlyMap<string, Master> = byKey(mastersFile.masters);
export const items: ReadonlyMap<string, Item> = byKey(itemsFile.items);
export const events: ReadonlyMap<string, GameEvent> = byKey(eventsFile.events);
export const tierRoles: ReadonlyMap<string, TierRole> = byKey(tierListFile.roles);
export const shops: ReadonlyMap<string, Shop> = byKey(itemsFile.shops ?? []);
/** What an item category means, where the data says (Governor Gear material vs hero gear material). */
export const categoryNotes: ReadonlyMap<string, string> = new Map(
  (itemsFile.categories ?? []).map((c) => [c.key, c.description]),
);

/** For each item key, the events whose rewards name it, in the events file's order (the reverse of `rewards`). */
export const rewardingEvents: ReadonlyMap<string, readonly { event: GameEvent; reward: ItemReference }[]> = (() => {
  const index = new Map<string, { event: GameEvent; reward: ItemReference }[]>();
  for (const event of eventsFile.events) {
    for (const reward of event.rewards) {
      if (!reward.item) continue;
      const list = index.get(reward.item) ?? [];
      // An event that lists one item twice counts once, with its first entry (as a lookup by find() would).
      if (!list.some((known) => known.event === event)) list.push({ event, reward });
      index.set(reward.item, list);
    }
  }
  return index;
})();

export function recordUrl(baseUrl: string, kind: RecordKind, key: string): string {
  return `${baseUrl}/${KINDS[kind].path}/${key}`;
}

/** Human wording of a snake_case value from the data ("rally_leader" -> "rally leader"). */
export function words(value: string): string {
  return value.replaceAll('_', ' ');
}

const RARITY_NAME = new Map(heroesFile.rarities.map((r) => [r.key, r.name]));

export function rarityName(key: string): string {
  return RARITY_NAME.get(key as Hero['rarity']) ?? capitalised(key);
}

/** One line that tells records of the same name apart in search results and index pages. */
export function summaryOf(kind: RecordKind, key: string): string {
  switch (kind) {
    case 'hero': {
      const hero = heroes.get(key)!;
      return `${rarityName(hero.rarity)} ${hero.troop_type} hero, generation ${hero.generation}`;
    }
    case 'master': {
      const master = masters.get(key)!;
      return master.status === 'full' ? `Master: ${master.title} (${master.specialty})` : 'Master known by name only';
    }
    case 'item': {
      const item = items.get(key)!;
      return `${capitalised(words(item.category))}: ${item.description}`;
    }
    case 'event': {
      const event = events.get(key)!;
      return `${capitalised(words(event.type))} event, ${event.cadence}`;
    }
  }
}

/** The names of the items an event grants, from its rewards and from the items that name it in `granted_by`. */
function rewardNames(event: GameEvent): string[] {
  const keys = new Set(event.rewards.flatMap((r) => (r.item ? [r.item] : [])));
  for (const item of itemsFile.items) if (item.granted_by.some((g) => g.event === event.key)) keys.add(item.key);
  return [...keys].map((key) => items.get(key)!.name);
}

/** Every hero, Master, item and event with the names it can be found by, and what it does or grants. */
function searchRecords(): SearchRecord[] {
  const aliases = (list: readonly { name: string }[] | undefined) => (list ?? []).map((a) => a.name);
  return [
    ...heroesFile.heroes.map((h): SearchRecord => ({
      kind: 'hero',
      key: h.key,
      name: h.name,
      aliases: aliases(h.aliases),
    })),
    ...mastersFile.masters.map((m): SearchRecord => ({
      kind: 'master',
      key: m.key,
      name: m.name,
      aliases: aliases(m.aliases),
      titles: m.status === 'full' ? [m.title, ...(m.title_aliases ?? [])] : [],
      skills: m.status === 'full' ? [m.talent, ...m.skills].map((skill) => `${skill.name}: ${skill.effect}`) : [],
    })),
    ...itemsFile.items.map((i): SearchRecord => ({
      kind: 'item',
      key: i.key,
      name: i.name,
      aliases: aliases(i.aliases),
    })),
    ...eventsFile.events.map((e): SearchRecord => ({
      kind: 'event',
      key: e.key,
      name: e.name,
      aliases: aliases(e.aliases),
      rewards: rewardNames(e),
    })),
  ];
}

/** The search index over all reference records, built once. */
export const referenceIndex = new SearchIndex(searchRecords());

/**
 * A source as the tools return it: id, reference and use. The title and address are for the web pages, which read
 * them from the data (the tools' result schema does not carry them).
 */
export function toolSource(source: ReferenceSource): { id: string; ref: string; used_for?: string } {
  return { id: source.id, ref: source.ref, ...(source.used_for !== undefined ? { used_for: source.used_for } : {}) };
}

/** The sources a record cites (by id) with their references, in the file's order, as the tools return them. */
export function citedSources(
  all: readonly ReferenceSource[],
  ids?: readonly string[],
): ReturnType<typeof toolSource>[] {
  return (ids ? all.filter((s) => ids.includes(s.id)) : all).map(toolSource);
}
