/**
 * The reference tools' results, built from the data: pure functions of the record, the base URL and the data
 * version. Cross-references are resolved here (an event's reward keys become item names and pages, an item gets
 * every event that grants it), so a model never needs a second call just to read a name.
 */
import { COST_TOOL_OF_SYSTEM } from '../../generated/cost-systems.js';
import { DATA_VERSION } from '../../generated/data/version.js';
import type {
  GetEventOutput,
  GetHeroOutput,
  GetItemOutput,
  GetMasterOutput,
  GetTierListInput,
  GetTierListOutput,
  SearchDatabaseInput,
  SearchDatabaseOutput,
} from '../../generated/tools/index.js';
import type {
  GameEvent,
  Hero,
  HeroSkill,
  Item,
  Master,
  TierGeneration,
  TierRole,
} from '../../generated/data/reference/types.js';
import { failure, success, type Outcome } from '../outcomes/failures.js';
import {
  categoryNotes,
  citedSources,
  toolSource,
  events,
  eventsFile,
  heroes,
  heroesFile,
  items,
  rarityName,
  itemsFile,
  mastersFile,
  recordUrl,
  referenceIndex,
  rewardingEvents,
  shops,
  summaryOf,
  tierListFile,
  tierRoles,
  words,
} from './records.js';
import { KINDS } from './kinds.js';
import { quotedInput, type Resolved } from './resolve.js';
import { RECORD_KINDS, type RecordKind, type SearchMatch } from './search.js';

type Link = { key: string; name: string; url: string };

export const TIERS = ['S', 'A', 'B', 'C', 'D'] as const;

export function heroLink(baseUrl: string, key: string): Link {
  return { key, name: heroes.get(key)?.name ?? key, url: recordUrl(baseUrl, 'hero', key) };
}

function withResolved<T extends object>(value: T, resolved: Resolved | undefined): T & { resolved?: Resolved } {
  return resolved ? { ...value, resolved } : value;
}

// ---------------------------------------------------------------- search_database

/** How many of the matches a `kind` filter hid are listed in `elsewhere`. */
const ELSEWHERE_LIMIT = 3;

/** The record kind a `kind` argument names (singular names became these keys before the handler ran). */
const KIND_OF_ARGUMENT: Readonly<Record<NonNullable<SearchDatabaseInput['kind']>, RecordKind>> = {
  heroes: 'hero',
  masters: 'master',
  items: 'item',
  events: 'event',
};

/** Every record of a kind, in the order of the data files (and of the reference pages' tables). */
const RECORDS_OF_KIND: Readonly<Record<RecordKind, readonly { key: string; name: string }[]>> = {
  hero: heroesFile.heroes,
  master: mastersFile.masters,
  item: itemsFile.items,
  event: eventsFile.events,
};

/** search_database with a kind and no query: every record of the kind, all of them unless `limit` says otherwise. */
function listKind(kind: RecordKind, limit: number | undefined, baseUrl: string): SearchDatabaseOutput {
  const all = RECORDS_OF_KIND[kind];
  const shown = limit === undefined ? all : all.slice(0, limit);
  return {
    query: '',
    kind: KINDS[kind].path,
    matches: shown.map((r) => ({
      key: r.key,
      kind,
      name: r.name,
      score: 1,
      url: recordUrl(baseUrl, kind, r.key),
      matched: r.name,
      match_type: 'listed',
      summary: summaryOf(kind, r.key),
    })),
    total_matches: all.length,
    data_version: DATA_VERSION,
  };
}

function matchOut(baseUrl: string, m: SearchMatch): SearchDatabaseOutput['matches'][number] {
  return {
    key: m.key,
    kind: m.kind,
    name: m.name,
    score: m.score,
    url: recordUrl(baseUrl, m.kind, m.key),
    matched: m.matched,
    match_type: m.match_type,
    summary: summaryOf(m.kind, m.key),
  };
}

export function searchDatabase(input: SearchDatabaseInput, baseUrl: string): Outcome<SearchDatabaseOutput> {
  const kind = input.kind ? KIND_OF_ARGUMENT[input.kind] : undefined;
  const query = input.query ?? '';
  if (query.trim() === '') {
    if (kind) return success(listKind(kind, input.limit, baseUrl));
    return failure({
      code: 'INVALID_ARGUMENTS',
      message:
        'query is required unless kind is given: give a name or part of one (e.g. "Amadeus"), or a kind (heroes, masters, items or events) to list every record of it.',
      argument: '/query',
      allowed: 'a name or part of one; or leave it out and give kind',
      suggestions: [],
    });
  }
  const result = referenceIndex.search(query, { ...(kind ? { kinds: [kind] } : {}), limit: input.limit ?? 10 });
  if (result.normalized === '') {
    return failure({
      code: 'INVALID_ARGUMENTS',
      message: `query ${quotedInput(query)} has no letters or digits: give a name or part of one, e.g. "Amadeus" or "bear hunt".`,
      argument: '/query',
      allowed: 'a name or part of one',
      suggestions: [],
    });
  }
  const out: SearchDatabaseOutput = {
    query,
    kind: kind ? KINDS[kind].path : 'all',
    matches: result.matches.map((m) => matchOut(baseUrl, m)),
    total_matches: result.total,
    data_version: DATA_VERSION,
  };
  // Whatever the kind filter hid is named, whether or not the kind itself matched: a "bear" among events still
  // says that the Master Valora is the "Bear Hunter".
  const others = kind
    ? referenceIndex.search(query, { kinds: RECORD_KINDS.filter((k) => k !== kind), limit: ELSEWHERE_LIMIT }).matches
    : [];
  const elsewhere = others.length > 0 ? { elsewhere: others.map((m) => matchOut(baseUrl, m)) } : {};
  if (result.total > 0) return success({ ...out, ...elsewhere });
  if (others.length > 0) {
    return success({
      ...out,
      message: `No ${KINDS[kind!].path} match ${quotedInput(query)}, but ${others.map((m) => `${m.name} (${m.kind})`).join(', ')} ${others.length === 1 ? 'does' : 'do'}: see elsewhere, or search without kind.`,
      ...elsewhere,
    });
  }
  return success({
    ...out,
    message: `Nothing matches ${quotedInput(query)}${kind ? ` among ${KINDS[kind].path}` : ''}. Try part of the name, another spelling or an alias${kind ? ', or search without kind' : ''}.`,
  });
}

// ---------------------------------------------------------------- get_hero

type TierRating = NonNullable<GetHeroOutput['tier_ratings']>[number];

/** The hero's tier in the latest generation of each role's list that rates it (S+ marked), or "not rated". */
export function heroTierRatings(hero: Hero): TierRating[] {
  const ratings: TierRating[] = [];
  for (const role of tierListFile.roles) {
    const latest = role.generations[role.generations.length - 1]!;
    const tier = TIERS.find((t) => latest.tiers[t].includes(hero.key));
    if (tier)
      ratings.push({
        role: role.key,
        generation: latest.generation,
        tier: tier === 'S' && latest.s_plus?.includes(hero.key) ? 'S+' : tier,
      });
    else if (latest.not_rated?.includes(hero.key))
      ratings.push({ role: role.key, generation: latest.generation, tier: 'not rated' });
  }
  return ratings;
}

/** Conquest skills, then expedition skills in slot order (slot 1 is what a rally joiner contributes). */
export function skillsInOrder(hero: Hero): { conquest: HeroSkill[]; expedition: HeroSkill[] } {
  return {
    conquest: hero.skills.filter((s) => s.kind === 'conquest'),
    expedition: hero.skills.filter((s) => s.kind === 'expedition').sort((a, b) => (a.slot ?? 0) - (b.slot ?? 0)),
  };
}

/**
 * Why a hero's data is below high confidence, and what its exclusive gear lacks: generations 6-7 rest on one
 * structured source for the ladders and one for the descriptions (each hero's `sources` in data/reference/heroes.yaml).
 */
const LATE_GENERATION_CONFIDENCE =
  'Medium confidence: generation 6-7 heroes rest on one structured source for the skill ladders (kingshotdata) and one for the descriptions (tenandone, mirroring kingshotguide); skill names are confirmed by a battle-simulator source (sim).';

function heroNotes(hero: Hero): string[] {
  const notes = [...(hero.notes ?? [])];
  // Every hero below high confidence is of generation 6-7 (test/calculators/confidence-sources.test.ts holds it).
  if (hero.confidence !== 'high' && hero.generation >= 6) notes.push(LATE_GENERATION_CONFIDENCE);
  const gear = hero.exclusive_gear;
  if (gear && !gear.max_level_stats) {
    notes.push(
      `Exclusive gear: no source read gives its level-10 (maximum) stats${gear.name ? '' : ' or its name'}; its skills and their Lv1-Lv5 values are known.`,
    );
  }
  return notes;
}

/** Why a hero has no exclusive gear (only Mythic heroes have one), or undefined when it has one. */
export function noExclusiveGear(hero: Hero): string | undefined {
  if (hero.exclusive_gear) return undefined;
  return `${hero.name} has no exclusive gear: only Mythic heroes have one, and ${hero.name} is ${rarityName(hero.rarity)} (so no widgets are spent on ${hero.name}).`;
}

function tierInWords(rating: TierRating): string {
  const role = words(rating.role);
  if (rating.tier === 'not rated') return `not rated for ${role}`;
  return `${rating.tier === 'S+' ? 'S+ (above S)' : rating.tier} for ${role}`;
}

/** The hero in one sentence: what it is, its exclusive gear, and where the tier lists place it, in words. */
export function heroSummary(hero: Hero, ratings: readonly TierRating[]): string {
  const gear = hero.exclusive_gear
    ? `Exclusive gear: ${hero.exclusive_gear.name ?? 'yes (name not published)'}.`
    : 'No exclusive gear (not Mythic).';
  const generations = [...new Set(ratings.map((r) => r.generation))];
  const tiers =
    ratings.length === 0
      ? 'No tier list rates it.'
      : `Tier lists (${generations.length === 1 ? `generation ${generations[0]}` : 'latest generation of each'}): ${ratings.map(tierInWords).join('; ')}.`;
  return `${hero.name}: ${rarityName(hero.rarity)} ${hero.troop_type} hero, generation ${hero.generation}. ${gear} ${tiers}`;
}

type WholeHero = GetHeroOutput & Required<Pick<GetHeroOutput, 'skills' | 'notes' | 'tier_ratings' | 'summary'>>;

export function heroResult(hero: Hero, baseUrl: string, resolved?: Resolved): WholeHero {
  const rarity = heroesFile.rarities.find((r) => r.key === hero.rarity)!;
  const { conquest, expedition } = skillsInOrder(hero);
  const skills = [...conquest, ...expedition];
  const gear = hero.exclusive_gear;
  const ratings = heroTierRatings(hero);
  const gearNote = noExclusiveGear(hero);
  return withResolved(
    {
      key: hero.key,
      name: hero.name,
      summary: heroSummary(hero, ratings),
      aliases: (hero.aliases ?? []).map((a) => a.name),
      url: recordUrl(baseUrl, 'hero', hero.key),
      generation: hero.generation,
      ...(hero.generation_note ? { generation_note: hero.generation_note } : {}),
      ...(hero.release ? { release: hero.release } : {}),
      rarity: { key: rarity.key, name: rarity.name, also_called: rarity.aliases },
      troop_type: hero.troop_type,
      roles: [...hero.roles],
      base_stats: { ...hero.base_stats, note: heroesFile.base_stats_note },
      expedition_bonus: {
        troop_type: hero.troop_type,
        attack: hero.expedition_bonus.attack,
        defense: hero.expedition_bonus.defense,
        note: heroesFile.expedition_bonus_note,
      },
      ...(hero.talent
        ? { talent: { name: hero.talent.name, effect: hero.talent.effect, levels: hero.talent.levels } }
        : {}),
      skills,
      ...(gear
        ? {
            exclusive_gear: {
              name: gear.name ?? null,
              ...(gear.name_note ? { name_note: gear.name_note } : {}),
              ...(gear.max_level_stats ? { max_level_stats: gear.max_level_stats } : {}),
              trigger: gear.trigger,
              skills: gear.skills,
              levels: heroesFile.exclusive_gear_levels,
            },
          }
        : {}),
      ...(gearNote ? { exclusive_gear_note: gearNote } : {}),
      shard_sources: hero.shard_sources,
      tier_ratings: ratings,
      notes: heroNotes(hero),
      confidence: hero.confidence,
      sources: citedSources(heroesFile.sources, hero.sources),
      data_version: DATA_VERSION,
    },
    resolved,
  );
}

// ---------------------------------------------------------------- get_master

export function masterResult(master: Master, baseUrl: string, resolved?: Resolved): GetMasterOutput {
  const common = {
    key: master.key,
    name: master.name,
    url: recordUrl(baseUrl, 'master', master.key),
    status: master.status,
    system: { name: mastersFile.system.name, also_called: mastersFile.system.aka },
    resources: mastersFile.system.resources.map((r) => {
      const item = r.item ? items.get(r.item) : undefined;
      return item
        ? {
            key: item.key,
            name: item.name,
            url: recordUrl(baseUrl, 'item', item.key),
            ...(r.note ? { note: r.note } : {}),
          }
        : { name: r.name ?? '', ...(r.note ? { note: r.note } : {}) };
    }),
    notes: master.notes ?? [],
    confidence: master.confidence,
    sources: citedSources(mastersFile.sources, master.sources),
    data_version: DATA_VERSION,
  };
  if (master.status === 'name_only') {
    return withResolved(
      { ...common, ...(master.affinity_stat ? { affinity_stat: master.affinity_stat } : {}) },
      resolved,
    );
  }
  return withResolved(
    {
      ...common,
      title: master.title,
      title_aliases: master.title_aliases ?? [],
      specialty: master.specialty,
      ...(master.generation !== undefined ? { generation: master.generation } : {}),
      ...(master.unlock_order !== undefined ? { unlock_order: master.unlock_order } : {}),
      affinity_stat: master.affinity_stat,
      relationship: {
        max_level: master.relationship.max_level,
        stages: mastersFile.relationship_stages,
        milestones: master.relationship.milestones,
        stat_bonus_pct_by_level: master.relationship.stat_bonus_pct_by_level,
        alt_milestones: master.relationship.alt_milestones,
      },
      talent: master.talent,
      skills: master.skills,
      manuscripts_total_all_skills: master.manuscripts_total_all_skills,
    },
    resolved,
  );
}

// ---------------------------------------------------------------- get_item

/** An event as an item's source: its link, and how often and how long it runs ("which events, and how often?"). */
function eventTiming(event: GameEvent, baseUrl: string) {
  return {
    key: event.key,
    name: event.name,
    url: recordUrl(baseUrl, 'event', event.key),
    cadence: event.cadence,
    duration: event.duration,
  };
}

function recordLink(baseUrl: string, kind: RecordKind, key: string, name: string): Link {
  return { key, name, url: recordUrl(baseUrl, kind, key) };
}

/** An item's shop prices, each with the shop's name, its currency and the event that pays that currency. */
export function shopPrices(item: Item, baseUrl: string): NonNullable<GetItemOutput['shops']> {
  return (item.shops ?? []).map((price) => {
    const shop = shops.get(price.shop)!;
    const currency = shop.currency ? items.get(shop.currency)! : undefined;
    const event = shop.event ? events.get(shop.event)! : undefined;
    return {
      shop: price.shop,
      shop_name: shop.name,
      price: price.price,
      ...(currency ? { currency: recordLink(baseUrl, 'item', currency.key, currency.name) } : {}),
      ...(event ? { event: recordLink(baseUrl, 'event', event.key, event.name) } : {}),
      ...(shop.note ? { note: shop.note } : {}),
    };
  });
}

/** Every event that grants the item: those the item's record names, then those whose rewards name the item. */
type Grant = NonNullable<GetItemOutput['granted_by']>[number];

export function grantingEvents(item: Item, baseUrl: string): Grant[] {
  const byKey = new Map<string, Grant>();
  for (const grant of item.granted_by) {
    const event = events.get(grant.event)!;
    byKey.set(event.key, {
      ...eventTiming(event, baseUrl),
      ...(grant.note ? { note: grant.note } : {}),
      listed_in: ['item'],
    });
  }
  for (const { event, reward } of rewardingEvents.get(item.key) ?? []) {
    const known = byKey.get(event.key);
    if (known) {
      known.listed_in = ['item', 'event'];
      // The event's reward list may say which hero's shards ("Diana") where the item's record does not.
      if (known.note === undefined && reward.note !== undefined) known.note = reward.note;
    } else
      byKey.set(event.key, {
        ...eventTiming(event, baseUrl),
        ...(reward.note ? { note: reward.note } : {}),
        listed_in: ['event'],
      });
  }
  return [...byKey.values()];
}

export function itemResult(item: Item, baseUrl: string, resolved?: Resolved): GetItemOutput {
  const tool = item.costs ? COST_TOOL_OF_SYSTEM[item.costs.system] : undefined;
  return withResolved(
    {
      key: item.key,
      name: item.name,
      url: recordUrl(baseUrl, 'item', item.key),
      category: item.category,
      ...(categoryNotes.has(item.category) ? { category_note: categoryNotes.get(item.category)! } : {}),
      ...(item.per_hero ? { per_hero: { value: item.per_hero.value, note: item.per_hero.note } } : {}),
      aliases: (item.aliases ?? []).map((a) => a.name),
      description: item.description,
      used_for: item.used_for,
      granted_by: grantingEvents(item, baseUrl),
      other_sources: item.other_sources ?? [],
      shops: shopPrices(item, baseUrl),
      ...(item.community_gem_value !== undefined ? { community_gem_value: item.community_gem_value } : {}),
      ...(tool && item.costs ? { cost_tool: { tool, material: item.costs.material } } : {}),
      notes: item.notes ?? [],
      confidence: item.confidence,
      sources: citedSources(itemsFile.sources),
      data_version: DATA_VERSION,
    },
    resolved,
  );
}

// ---------------------------------------------------------------- get_event

export function itemRef(
  ref: { item?: string; name?: string },
  baseUrl: string,
): { key?: string; name: string; url?: string } {
  const item = ref.item ? items.get(ref.item) : undefined;
  return item
    ? { key: item.key, name: item.name, url: recordUrl(baseUrl, 'item', item.key) }
    : { name: ref.name ?? ref.item ?? '' };
}

export function eventResult(event: GameEvent, baseUrl: string, resolved?: Resolved): GetEventOutput {
  return withResolved(
    {
      key: event.key,
      name: event.name,
      url: recordUrl(baseUrl, 'event', event.key),
      aliases: (event.aliases ?? []).map((a) => a.name),
      type: event.type,
      cadence: event.cadence,
      duration: event.duration,
      ...(event.cycle ? { cycle: event.cycle } : {}),
      description: event.description,
      details: event.details ?? [],
      rewards: event.rewards.map((r) => ({ ...itemRef(r, baseUrl), ...(r.note ? { note: r.note } : {}) })),
      shop: (event.shop ?? []).map((s) => ({ ...itemRef(s, baseUrl), price: s.price })),
      tips: event.tips,
      notes: event.notes ?? [],
      confidence: event.confidence,
      sources: event.sources.map((ref) => ({ ref })),
      data_version: DATA_VERSION,
    },
    resolved,
  );
}

// ---------------------------------------------------------------- get_tier_list

/** The role a `role` argument names: its key (names and aliases became the key before the handler ran). */
function tierRoleFor(name: string): TierRole | undefined {
  return tierRoles.get(name);
}

export function generationRange(role: TierRole): { min: number; max: number } {
  return { min: role.generations[0].generation, max: role.generations[role.generations.length - 1]!.generation };
}

/** The tier-list groups best first: S+ is its own group (the data folds it into S and lists it in `s_plus`). */
export const TIER_GROUPS = ['S+', ...TIERS] as const;

type TierHero = GetTierListOutput['tiers'][number]['heroes'][number];

/** A hero as a tier list shows it: the link plus what tells heroes apart at a glance. */
export function tierHero(baseUrl: string, key: string): TierHero {
  const hero = heroes.get(key)!;
  return {
    ...heroLink(baseUrl, key),
    troop_type: hero.troop_type,
    rarity: hero.rarity,
    generation: hero.generation,
  };
}

function tierGroups(
  table: TierGeneration,
  shown: (key: string) => boolean,
  baseUrl: string,
): GetTierListOutput['tiers'] {
  const sPlus = table.s_plus ?? [];
  const keysOf = (group: (typeof TIER_GROUPS)[number]): readonly string[] =>
    group === 'S+' ? sPlus : group === 'S' ? table.tiers.S.filter((k) => !sPlus.includes(k)) : table.tiers[group];
  return TIER_GROUPS.map((tier) => ({
    tier,
    heroes: keysOf(tier)
      .filter(shown)
      .map((key) => tierHero(baseUrl, key)),
  }));
}

const COLUMN_LABEL: Record<string, string> = {
  gen_1_2: 'Gen 1-2 servers',
  gen_3_plus: 'Gen 3+ servers',
  any: 'any generation',
};

/** The overall lists as tiers of hero links; AllClash's per-hero ratings grouped by rating and server stage. */
type OverallList = NonNullable<GetTierListOutput['overall_lists']>[number];

export function overallLists(baseUrl: string): OverallList[] {
  return tierListFile.overall_lists.map((list) => {
    let tiers: OverallList['tiers'];
    if (list.tiers)
      tiers = list.tiers.map((t) => ({ tier: t.tier, heroes: t.heroes.map((k) => heroLink(baseUrl, k)) }));
    else {
      const groups = new Map<string, Link[]>();
      for (const rating of list.ratings ?? []) {
        for (const column of ['gen_1_2', 'gen_3_plus', 'any'] as const) {
          const value = rating[column];
          if (!value) continue;
          const label = `${value} (${COLUMN_LABEL[column]})`;
          groups.set(label, [...(groups.get(label) ?? []), heroLink(baseUrl, rating.hero)]);
        }
      }
      tiers = [...groups].map(([tier, heroLinks]) => ({ tier, heroes: heroLinks }));
    }
    return {
      source: list.source,
      title: list.title,
      scope: list.scope,
      tiers,
      ...(list.note ? { note: list.note } : list.scale_note ? { note: list.scale_note } : {}),
    };
  });
}

/** The newest generation any tier list covers: past it, the data stops. */
const LAST_RATED_GENERATION = Math.max(...tierListFile.roles.map((r) => generationRange(r).max));

function generationRefused(role: TierRole, generation: number): Outcome<never> {
  const range = generationRange(role);
  const wider = tierListFile.roles
    .filter((r) => r.key !== role.key && generationRange(r).min <= generation && generationRange(r).max >= generation)
    .map((r) => r.key);
  const reason =
    generation > LAST_RATED_GENERATION
      ? `There is no generation ${generation} data yet: the tier lists stop at generation ${LAST_RATED_GENERATION}, and ${role.key} at ${range.max} (rated ${range.min}-${range.max}, as of ${role.as_of}).`
      : `${role.key} is rated for generations ${range.min}-${range.max} only (as of ${role.as_of}); generation ${generation} is not rated.${wider.length > 0 ? ` ${wider.join(', ')} covers generation ${generation}.` : ''}`;
  return failure({
    code: 'LEVEL_OUT_OF_RANGE',
    message: `${reason} Leave generation out for the latest.`,
    argument: '/generation',
    allowed: `${range.min}-${range.max}`,
    suggestions: [String(range.max)],
  });
}

export function tierListResult(input: GetTierListInput, baseUrl: string): Outcome<GetTierListOutput> {
  const role = tierRoleFor(input.role)!;
  const range = generationRange(role);
  const generation = input.generation ?? range.max;
  if (generation < range.min || generation > range.max) return generationRefused(role, generation);
  const table = role.generations.find((g) => g.generation === generation)!;
  const lineup = tierListFile.lineups.generations.find((g) => g.generation === generation);
  const troopType = input.troop_type;
  const shown = (key: string) => troopType === undefined || heroes.get(key)!.troop_type === troopType;
  const withOverall = input.include_overall_lists === true;
  const sourceIds = [
    role.source,
    ...(lineup ? [tierListFile.lineups.source] : []),
    ...(withOverall ? tierListFile.overall_lists.map((l) => l.source) : []),
  ];
  const lineupLinks = (keys: readonly string[]) => keys.filter(shown).map((k) => heroLink(baseUrl, k));
  return success({
    role: role.key,
    description: role.description,
    generation,
    generations: range,
    per_generation_judgement: role.per_generation_judgement,
    ...(role.generations_note ? { generations_note: role.generations_note } : {}),
    ...(troopType ? { troop_type: troopType } : {}),
    tiers: tierGroups(table, shown, baseUrl),
    not_rated: (table.not_rated ?? []).filter(shown).map((k) => tierHero(baseUrl, k)),
    ...(lineup
      ? {
          lineup: {
            solo_attack: lineupLinks(lineup.solo_attack),
            rally_attack: lineupLinks(lineup.rally_attack),
            defense: lineupLinks(lineup.defense),
            note: tierListFile.lineups.note,
          },
        }
      : {}),
    ...(withOverall ? { overall_lists: overallLists(baseUrl) } : {}),
    other_roles: tierListFile.roles
      .filter((r) => r.key !== role.key)
      .map((r) => ({ role: r.key, min_generation: generationRange(r).min, max_generation: generationRange(r).max })),
    url: `${baseUrl}/tier-list#${role.key}`,
    source: role.source_detail,
    as_of: role.as_of,
    notes: [...(role.notes ?? []), ...tierListFile.notes],
    sources: tierListFile.sources.filter((s) => sourceIds.includes(s.id)).map(toolSource),
    data_version: DATA_VERSION,
  });
}
