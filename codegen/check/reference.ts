/**
 * The check stage for data/reference/: what a schema cannot say. The counts the reference README publishes, the
 * internal sums of the Master tables, and every cross-reference between files (an item's granting event, an event's
 * reward item, a tier list's hero, an item's cost-table column). A dangling key is reported with its file, line and
 * JSON pointer.
 */
import { REFERENCE_FILES } from '../load/reference.js';
import type { SourceDocument, SourceIndex } from '../load/yaml.js';
import type { CostTable, ReferenceData, ReferenceFileKey } from '../model.js';
import type { Problem } from '../problems.js';

// Minimal shapes of the validated documents: only what the checks below read.
interface Keyed {
  key: string;
  name: string;
  aliases?: { name: string }[];
}
interface WithSources {
  sources: string[];
}
interface Skill {
  kind: 'conquest' | 'expedition';
  slot?: number;
}
interface HeroDoc extends Keyed, WithSources {
  generation: number;
  rarity: string;
  skills: Skill[];
  exclusive_gear?: { skills: Skill[] };
}
interface MasterSkillDoc {
  name: string;
  max_level: number;
  levels: string[];
  learning_xp_cumulative: number[];
  manuscripts_per_level: number[];
  manuscripts_total: number;
  power_per_level?: number[];
}
type MasterDoc = Keyed &
  WithSources &
  (
    | { status: 'name_only' }
    | {
        status: 'full';
        relationship: {
          max_level: number;
          milestones: { level: number; stat_bonus_pct: number }[];
          stat_bonus_pct_by_level: number[];
          alt_milestones: { source: string };
        };
        talent: { max_level: number; levels: string[]; power_per_level?: number[] };
        skills: MasterSkillDoc[];
        manuscripts_total_all_skills: number;
      }
  );
interface ItemRef {
  item?: string;
  name?: string;
}
interface Files {
  heroes: { sources: { id: string }[]; expected_counts: Record<string, number>; heroes: HeroDoc[] };
  masters: {
    sources: { id: string }[];
    expected_counts: Record<string, number>;
    system: { resources: ItemRef[] };
    masters: MasterDoc[];
  };
  items: {
    expected_counts: Record<string, number>;
    items: (Keyed & {
      granted_by: { event: string }[];
      costs?: { system: string; material: string };
      shops?: { shop: string }[];
    })[];
    shops?: { key: string; currency?: string; event?: string }[];
  };
  events: { expected_counts: Record<string, number>; events: (Keyed & { rewards: ItemRef[]; shop?: ItemRef[] })[] };
  tierList: {
    sources: { id: string }[];
    roles: {
      key: string;
      aliases?: string[];
      source: string;
      generations: { generation: number; tiers: Record<string, string[]>; s_plus?: string[]; not_rated?: string[] }[];
    }[];
    overall_lists: { source: string; ratings?: { hero: string }[]; tiers?: { heroes: string[] }[] }[];
    lineups: {
      source: string;
      generations: { generation: number; solo_attack: string[]; rally_attack: string[]; defense: string[] }[];
    };
    kingshotpro_lineups: { source: string; lineups: { heroes: string[] }[] };
  };
}

export function checkReferenceData(
  reference: ReferenceData,
  sources: SourceIndex,
  costs: readonly CostTable[],
): Problem[] {
  const problems: Problem[] = [];
  const all = Object.fromEntries(REFERENCE_FILES.map((f) => [f.key, sources.get(f.file)!])) as Record<
    ReferenceFileKey,
    SourceDocument
  >;
  const files = reference as unknown as Files;
  checkHeroes(files.heroes, all.heroes, problems);
  checkMasters(files.masters, all.masters, problems);
  checkItems(files.items, all.items, problems);
  checkEvents(files.events, all.events, problems);
  checkTierList(files.tierList, all.tierList, problems);
  checkCrossReferences(files, all, costs, problems);
  return problems;
}

function checkUniqueKeys(
  records: readonly Keyed[],
  collection: string,
  doc: SourceDocument,
  problems: Problem[],
): void {
  const seen = new Set<string>();
  records.forEach((record, i) => {
    if (seen.has(record.key)) problems.push(doc.problem(`/${collection}/${i}/key`, `duplicate key "${record.key}"`));
    seen.add(record.key);
    const names = new Set([record.name.toLowerCase()]);
    record.aliases?.forEach((alias, j) => {
      if (names.has(alias.name.toLowerCase()))
        problems.push(
          doc.problem(
            `/${collection}/${i}/aliases/${j}/name`,
            `alias "${alias.name}" repeats a name of "${record.key}"`,
          ),
        );
      names.add(alias.name.toLowerCase());
    });
  });
}

function checkSourceIds(
  records: readonly WithSources[],
  collection: string,
  sources: readonly { id: string }[],
  doc: SourceDocument,
  problems: Problem[],
): void {
  const ids = new Set(sources.map((s) => s.id));
  records.forEach((record, i) => {
    record.sources.forEach((id, j) => {
      if (!ids.has(id))
        problems.push(
          doc.problem(
            `/${collection}/${i}/sources/${j}`,
            `unknown source id "${id}"; this file's sources: ${[...ids].join(', ')}`,
          ),
        );
    });
  });
}

function checkCount(
  doc: SourceDocument,
  field: string,
  expected: number | undefined,
  actual: number,
  what: string,
  problems: Problem[],
): void {
  if (expected !== actual)
    problems.push(doc.problem(`/expected_counts/${field}`, `expected ${expected} ${what}, found ${actual}`));
}

function checkHeroes(file: Files['heroes'], doc: SourceDocument, problems: Problem[]): void {
  checkUniqueKeys(file.heroes, 'heroes', doc, problems);
  checkSourceIds(file.heroes, 'heroes', file.sources, doc, problems);
  const count = (rarity: string) => file.heroes.filter((h) => h.rarity === rarity).length;
  checkCount(doc, 'heroes', file.expected_counts.heroes, file.heroes.length, 'heroes', problems);
  for (const rarity of ['mythic', 'epic', 'rare'])
    checkCount(doc, rarity, file.expected_counts[rarity], count(rarity), `${rarity} heroes`, problems);
  file.heroes.forEach((hero, i) => {
    const at = `/heroes/${i}`;
    if ((hero.rarity === 'mythic') !== (hero.exclusive_gear !== undefined)) {
      problems.push(
        doc.problem(
          at,
          hero.rarity === 'mythic'
            ? `Mythic hero "${hero.key}" needs its exclusive_gear`
            : `only Mythic heroes have exclusive gear ("${hero.key}" is ${hero.rarity})`,
        ),
      );
    }
    const slots: number[] = [];
    hero.skills.forEach((skill, j) => {
      if (skill.kind === 'conquest' && skill.slot !== undefined)
        problems.push(doc.problem(`${at}/skills/${j}/slot`, 'only expedition skills have a slot'));
      if (skill.kind === 'expedition') {
        if (skill.slot === undefined)
          problems.push(
            doc.problem(
              `${at}/skills/${j}`,
              'an expedition skill needs its slot (1 is what a rally joiner contributes)',
            ),
          );
        else slots.push(skill.slot);
      }
    });
    const want = slots.map((_, k) => k + 1);
    if (slots.join() !== want.join())
      problems.push(
        doc.problem(`${at}/skills`, `expedition slots must run 1..${slots.length} in order, found ${slots.join(', ')}`),
      );
    if (hero.exclusive_gear) {
      const kinds = hero.exclusive_gear.skills.map((s) => s.kind).join();
      if (kinds !== 'conquest,expedition')
        problems.push(
          doc.problem(
            `${at}/exclusive_gear/skills`,
            `exclusive gear has one conquest then one expedition skill, found ${kinds}`,
          ),
        );
    }
  });
}

function checkMasters(file: Files['masters'], doc: SourceDocument, problems: Problem[]): void {
  checkUniqueKeys(file.masters, 'masters', doc, problems);
  checkSourceIds(file.masters, 'masters', file.sources, doc, problems);
  const ids = new Set(file.sources.map((s) => s.id));
  checkCount(doc, 'masters', file.expected_counts.masters, file.masters.length, 'Masters', problems);
  checkCount(
    doc,
    'full_data',
    file.expected_counts.full_data,
    file.masters.filter((m) => m.status === 'full').length,
    'Masters with full data',
    problems,
  );
  checkCount(
    doc,
    'name_only',
    file.expected_counts.name_only,
    file.masters.filter((m) => m.status === 'name_only').length,
    'name-only Masters',
    problems,
  );
  file.masters.forEach((master, i) => {
    if (master.status !== 'full') return;
    const at = `/masters/${i}`;
    const r = master.relationship;
    if (r.stat_bonus_pct_by_level.length !== r.max_level) {
      problems.push(
        doc.problem(
          `${at}/relationship/stat_bonus_pct_by_level`,
          `has ${r.stat_bonus_pct_by_level.length} values, max_level is ${r.max_level}`,
        ),
      );
    }
    r.milestones.forEach((m, j) => {
      const byLevel = r.stat_bonus_pct_by_level[m.level - 1];
      if (byLevel !== undefined && byLevel !== m.stat_bonus_pct) {
        problems.push(
          doc.problem(
            `${at}/relationship/milestones/${j}/stat_bonus_pct`,
            `${m.stat_bonus_pct} differs from stat_bonus_pct_by_level at level ${m.level} (${byLevel})`,
          ),
        );
      }
    });
    if (!ids.has(r.alt_milestones.source))
      problems.push(
        doc.problem(`${at}/relationship/alt_milestones/source`, `unknown source id "${r.alt_milestones.source}"`),
      );
    const talent = master.talent;
    for (const field of ['levels', 'power_per_level'] as const) {
      const list = talent[field];
      if (list && list.length !== talent.max_level)
        problems.push(
          doc.problem(`${at}/talent/${field}`, `has ${list.length} values, max_level is ${talent.max_level}`),
        );
    }
    let manuscripts = 0;
    master.skills.forEach((skill, j) => {
      const sat = `${at}/skills/${j}`;
      for (const field of ['levels', 'learning_xp_cumulative', 'manuscripts_per_level', 'power_per_level'] as const) {
        const list = skill[field];
        if (list && list.length !== skill.max_level)
          problems.push(doc.problem(`${sat}/${field}`, `has ${list.length} values, max_level is ${skill.max_level}`));
      }
      const sum = skill.manuscripts_per_level.reduce((a, b) => a + b, 0);
      if (sum !== skill.manuscripts_total)
        problems.push(
          doc.problem(
            `${sat}/manuscripts_total`,
            `manuscripts_per_level adds up to ${sum}, not ${skill.manuscripts_total}`,
          ),
        );
      manuscripts += skill.manuscripts_total;
    });
    if (manuscripts !== master.manuscripts_total_all_skills) {
      problems.push(
        doc.problem(
          `${at}/manuscripts_total_all_skills`,
          `the skills' manuscripts_total add up to ${manuscripts}, not ${master.manuscripts_total_all_skills}`,
        ),
      );
    }
  });
}

function checkItems(file: Files['items'], doc: SourceDocument, problems: Problem[]): void {
  checkUniqueKeys(file.items, 'items', doc, problems);
  checkCount(doc, 'items', file.expected_counts.items, file.items.length, 'items', problems);
}

function checkItemRef(ref: ItemRef, at: string, doc: SourceDocument, problems: Problem[]): void {
  if ((ref.item === undefined) === (ref.name === undefined))
    problems.push(doc.problem(at, 'give exactly one of `item` (an item key) or `name` (an item in words)'));
}

function checkEvents(file: Files['events'], doc: SourceDocument, problems: Problem[]): void {
  checkUniqueKeys(file.events, 'events', doc, problems);
  checkCount(doc, 'events', file.expected_counts.events, file.events.length, 'events', problems);
  file.events.forEach((event, i) => {
    event.rewards.forEach((r, j) => checkItemRef(r, `/events/${i}/rewards/${j}`, doc, problems));
    event.shop?.forEach((r, j) => checkItemRef(r, `/events/${i}/shop/${j}`, doc, problems));
  });
}

function checkTierList(file: Files['tierList'], doc: SourceDocument, problems: Problem[]): void {
  const ids = new Set(file.sources.map((s) => s.id));
  const names = new Set<string>();
  file.roles.forEach((role, i) => {
    for (const [j, name] of [role.key, ...(role.aliases ?? [])].entries()) {
      if (names.has(name))
        problems.push(
          doc.problem(
            j === 0 ? `/roles/${i}/key` : `/roles/${i}/aliases/${j - 1}`,
            `role name "${name}" is used twice`,
          ),
        );
      names.add(name);
    }
    if (!ids.has(role.source)) problems.push(doc.problem(`/roles/${i}/source`, `unknown source id "${role.source}"`));
    role.generations.forEach((g, j) => {
      if (g.generation !== j + 1)
        problems.push(
          doc.problem(
            `/roles/${i}/generations/${j}/generation`,
            `generations must run 1, 2, 3... in order; expected ${j + 1}`,
          ),
        );
      const listed = [...Object.values(g.tiers).flat(), ...(g.not_rated ?? [])];
      const seen = new Set<string>();
      for (const hero of listed) {
        if (seen.has(hero))
          problems.push(
            doc.problem(`/roles/${i}/generations/${j}`, `hero "${hero}" is listed twice in generation ${g.generation}`),
          );
        seen.add(hero);
      }
      g.s_plus?.forEach((hero, k) => {
        if (!g.tiers.S?.includes(hero))
          problems.push(doc.problem(`/roles/${i}/generations/${j}/s_plus/${k}`, `"${hero}" is S+ but not in tier S`));
      });
    });
  });
  file.overall_lists.forEach((list, i) => {
    if (!ids.has(list.source))
      problems.push(doc.problem(`/overall_lists/${i}/source`, `unknown source id "${list.source}"`));
  });
  if (!ids.has(file.lineups.source))
    problems.push(doc.problem('/lineups/source', `unknown source id "${file.lineups.source}"`));
  if (!ids.has(file.kingshotpro_lineups.source))
    problems.push(doc.problem('/kingshotpro_lineups/source', `unknown source id "${file.kingshotpro_lineups.source}"`));
}

function checkCrossReferences(
  files: Files,
  docs: Record<ReferenceFileKey, SourceDocument>,
  costs: readonly CostTable[],
  problems: Problem[],
): void {
  const eventKeys = new Set(files.events.events.map((e) => e.key));
  const itemKeys = new Set(files.items.items.map((i) => i.key));
  const heroes = new Map(files.heroes.heroes.map((h) => [h.key, h]));
  const dangling = (doc: SourceDocument, pointer: string, what: string, key: string, file: string) =>
    problems.push(doc.problem(pointer, `unknown ${what} "${key}" (no record with that key in ${file})`));

  const shops = files.items.shops ?? [];
  const shopKeys = new Set(shops.map((s) => s.key));
  shops.forEach((shop, i) => {
    if (shop.event && !eventKeys.has(shop.event))
      dangling(docs.items, `/shops/${i}/event`, 'event', shop.event, 'data/reference/events.yaml');
    if (shop.currency && !itemKeys.has(shop.currency))
      dangling(docs.items, `/shops/${i}/currency`, 'item', shop.currency, 'data/reference/items.yaml');
  });
  files.items.items.forEach((item, i) => {
    (item.shops ?? []).forEach((price, j) => {
      if (!shopKeys.has(price.shop))
        dangling(
          docs.items,
          `/items/${i}/shops/${j}/shop`,
          'shop',
          price.shop,
          'the shops list of data/reference/items.yaml',
        );
    });
    item.granted_by.forEach((grant, j) => {
      if (!eventKeys.has(grant.event))
        dangling(docs.items, `/items/${i}/granted_by/${j}/event`, 'event', grant.event, 'data/reference/events.yaml');
    });
    if (item.costs) {
      const table = costs.find((t) => t.system === item.costs!.system);
      if (!table)
        problems.push(
          docs.items.problem(
            `/items/${i}/costs/system`,
            `unknown cost system "${item.costs.system}"; data/costs has: ${costs.map((t) => t.system).join(', ')}`,
          ),
        );
      else if (!table.materials.some((m) => m.key === item.costs!.material)) {
        problems.push(
          docs.items.problem(
            `/items/${i}/costs/material`,
            `cost table ${table.system} has no material "${item.costs.material}"; it has: ${table.materials.map((m) => m.key).join(', ')}`,
          ),
        );
      }
    }
  });
  files.events.events.forEach((event, i) => {
    for (const field of ['rewards', 'shop'] as const) {
      event[field]?.forEach((ref, j) => {
        if (ref.item !== undefined && !itemKeys.has(ref.item))
          dangling(docs.events, `/events/${i}/${field}/${j}/item`, 'item', ref.item, 'data/reference/items.yaml');
      });
    }
  });
  files.masters.system.resources.forEach((ref, i) => {
    if (ref.item !== undefined && !itemKeys.has(ref.item))
      dangling(docs.masters, `/system/resources/${i}/item`, 'item', ref.item, 'data/reference/items.yaml');
  });

  const tier = docs.tierList;
  const hero = (key: string, pointer: string, generation?: number) => {
    const record = heroes.get(key);
    if (!record) dangling(tier, pointer, 'hero', key, 'data/reference/heroes.yaml');
    else if (generation !== undefined && record.generation > generation) {
      problems.push(
        tier.problem(
          pointer,
          `hero "${key}" arrives in generation ${record.generation} and cannot be rated in generation ${generation}`,
        ),
      );
    }
  };
  files.tierList.roles.forEach((role, i) => {
    role.generations.forEach((g, j) => {
      for (const [tierName, keys] of Object.entries(g.tiers))
        keys.forEach((k, n) => hero(k, `/roles/${i}/generations/${j}/tiers/${tierName}/${n}`, g.generation));
      g.s_plus?.forEach((k, n) => hero(k, `/roles/${i}/generations/${j}/s_plus/${n}`, g.generation));
      g.not_rated?.forEach((k, n) => hero(k, `/roles/${i}/generations/${j}/not_rated/${n}`, g.generation));
    });
  });
  files.tierList.overall_lists.forEach((list, i) => {
    list.ratings?.forEach((r, j) => hero(r.hero, `/overall_lists/${i}/ratings/${j}/hero`));
    list.tiers?.forEach((t, j) => t.heroes.forEach((k, n) => hero(k, `/overall_lists/${i}/tiers/${j}/heroes/${n}`)));
  });
  files.tierList.lineups.generations.forEach((g, i) => {
    for (const field of ['solo_attack', 'rally_attack', 'defense'] as const)
      g[field].forEach((k, n) => hero(k, `/lineups/generations/${i}/${field}/${n}`, g.generation));
  });
  files.tierList.kingshotpro_lineups.lineups.forEach((l, i) =>
    l.heroes.forEach((k, n) => hero(k, `/kingshotpro_lineups/lineups/${i}/heroes/${n}`)),
  );
}
