/**
 * The game-reference pages as Markdown, one function per page. Every piece of data text goes through `text()` or
 * `cell()`, which escape Markdown and HTML syntax, so a record can never add markup or structure to a page. The
 * only links data text makes are GFM autolinks of bare http(s) URLs, which is how source references become
 * clickable. Page links are absolute (`{BASE_URL}/heroes/<key>`), the same URLs the tools return.
 */
import { COST_TOOL_OF_SYSTEM } from '../../generated/cost-systems.js';
import type { GameEvent, Hero, HeroSkill, Item, Master } from '../../generated/data/reference/types.js';
import { DATA_VERSION } from '../../generated/data/version.js';
import {
  capitalised,
  eventsFile,
  heroesFile,
  itemsFile,
  mastersFile,
  rarityName,
  recordUrl,
  tierListFile,
  words,
} from '../reference/records.js';
import { keyLabel } from '../reference/labels.js';
import {
  generationRange,
  grantingEvents,
  heroLink,
  heroTierRatings,
  itemRef,
  overallLists,
  skillsInOrder,
  TIERS,
} from '../reference/results.js';
import { KINDS } from '../reference/kinds.js';
import type { RecordKind } from '../reference/search.js';
import { calculatorPath } from './calculators/calculator-list.js';

/** Data text for running Markdown: one line, with every character that could start syntax escaped. */
export function text(value: string | number): string {
  return (
    String(value)
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[\\`*_{}[\]<>|~!#]/g, (c) => `\\${c}`)
      // At the start of a line these could begin a list, a rule or a heading underline; elsewhere they are plain text.
      .replace(/^([-+=])/, '\\$1')
      .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2')
  );
}

/** Data text for a table cell (`|` is escaped by text()). */
export function cell(value: string | number): string {
  const out = text(value);
  return out === '' ? ' ' : out;
}

function link(name: string, url: string): string {
  return `[${text(name)}](${url})`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  if (rows.length === 0) return [];
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

function bullets(values: readonly string[], empty?: string): string[] {
  if (values.length === 0) return empty ? [empty, ''] : [];
  return [...values.map((v) => `- ${text(v)}`), ''];
}

function number(value: number): string {
  return value.toLocaleString('en-US');
}

interface SourceLike {
  ref: string;
  title?: string;
  url?: string;
  used_for?: string;
}

/** A source as a reader wants it: its title, linked where it has an address (the data's `ref` otherwise). */
function sourceName(source: SourceLike): string {
  if (source.title) return source.url ? link(source.title, source.url) : text(source.title);
  return text(source.ref);
}

/** The sources a record cites, with their titles and addresses (the tools' citedSources leaves those out). */
function cited<T extends { id: string }>(all: readonly T[], ids?: readonly string[]): readonly T[] {
  return ids ? all.filter((s) => ids.includes(s.id)) : all;
}

function sourcesSection(sources: readonly SourceLike[]): string[] {
  return [
    '## Sources',
    '',
    ...sources.map((s) => `- ${sourceName(s)}${s.used_for ? `: ${text(s.used_for)}` : ''}`),
    '',
  ];
}

function footer(baseUrl: string, kind?: RecordKind): string[] {
  const back = kind ? `[All ${KINDS[kind].plural}](${baseUrl}/${KINDS[kind].path}) · ` : '';
  return [
    '---',
    '',
    `${back}[Game reference](${baseUrl}/reference) · [Tier list](${baseUrl}/tier-list) · Data version \`${DATA_VERSION}\``,
    '',
  ];
}

function aliasLine(aliases: readonly { name: string; note?: string }[] | undefined): string[] {
  if (!aliases || aliases.length === 0) return [];
  return [
    `Also known as: ${aliases.map((a) => `${text(a.name)}${a.note ? ` (${text(a.note)})` : ''}`).join(', ')}.`,
    '',
  ];
}

function skillBlock(skill: HeroSkill, heading: string): string[] {
  const stats = Object.entries(skill.levels);
  return [
    `### ${heading}`,
    '',
    text(skill.effect),
    '',
    ...table(
      ['Stat', 'Lv 1', 'Lv 2', 'Lv 3', 'Lv 4', 'Lv 5'],
      stats.map(([stat, values]) => [cell(keyLabel(stat)), ...values.map(cell)]),
    ),
    ...(skill.fixed
      ? [
          `At every level: ${Object.entries(skill.fixed)
            .map(([stat, value]) => `${text(keyLabel(stat))} ${text(value)}`)
            .join('; ')}.`,
          '',
        ]
      : []),
  ];
}

// ---------------------------------------------------------------- heroes

/** A link to the calculator page of the tool that computes a cost system (data/costs `system`), if one does. */
function calculatorLink(system: string, label: string, baseUrl: string): string | undefined {
  const tool = COST_TOOL_OF_SYSTEM[system];
  return tool ? `[${label}](${baseUrl}${calculatorPath(tool)})` : undefined;
}

function upgradeCostsLine(links: readonly (string | undefined)[]): string[] {
  const present = links.filter((link) => link !== undefined);
  return present.length > 0 ? [`Upgrade costs: ${present.join(' · ')}.`, ''] : [];
}

export function heroMarkdown(hero: Hero, baseUrl: string): string {
  const { conquest, expedition } = skillsInOrder(hero);
  const gear = hero.exclusive_gear;
  const widgetsTool = COST_TOOL_OF_SYSTEM.hero_widgets;
  const rarity = heroesFile.rarities.find((r) => r.key === hero.rarity);
  const ratings = heroTierRatings(hero).map((r) => [
    `[${text(keyLabel(r.role))}](${baseUrl}${tierRolePath(r.role)})`,
    String(r.generation),
    r.tier,
  ]);
  return [
    `# ${text(hero.name)}`,
    '',
    `${text(rarityName(hero.rarity))} ${text(hero.troop_type)} hero · generation ${hero.generation}${hero.release ? ` · ${text(hero.release)}` : ''}`,
    '',
    ...aliasLine(hero.aliases),
    ...table(
      ['Fact', 'Value'],
      [
        [
          'Rarity',
          `${cell(rarityName(hero.rarity))}${rarity && rarity.aliases.length > 0 ? ` (also ${rarity.aliases.map(text).join(', ')})` : ''}`,
        ],
        ['Troop type', cell(capitalised(hero.troop_type))],
        ['Generation', `${hero.generation}${hero.generation_note ? ` (${text(hero.generation_note)})` : ''}`],
        ['Roles', cell(hero.roles.map(keyLabel).join(', '))],
        [
          'Base stats',
          `Attack ${number(hero.base_stats.attack)} · Defense ${number(hero.base_stats.defense)} · Health ${number(hero.base_stats.health)}`,
        ],
        [
          'Expedition bonus',
          `${text(capitalised(hero.troop_type))} attack ${text(hero.expedition_bonus.attack)} · defense ${text(hero.expedition_bonus.defense)}`,
        ],
        ['Confidence', cell(hero.confidence)],
      ],
    ),
    ...upgradeCostsLine([
      calculatorLink('hero_shards', 'hero shards calculator', baseUrl),
      gear ? calculatorLink('hero_widgets', 'Exclusive Gear widgets calculator', baseUrl) : undefined,
    ]),
    ...(hero.talent
      ? [
          '## Talent',
          '',
          ...skillBlock(
            { name: hero.talent.name, kind: 'conquest', effect: hero.talent.effect, levels: hero.talent.levels },
            text(hero.talent.name),
          ),
        ]
      : []),
    '## Conquest skills',
    '',
    ...conquest.flatMap((s) => skillBlock(s, text(s.name))),
    '## Expedition skills',
    '',
    "Slot 1 is the only skill the hero adds when it leads a march that joins someone else's rally.",
    '',
    ...expedition.flatMap((s) => skillBlock(s, `${s.slot}. ${text(s.name)}${s.slot === 1 ? ' (joiner skill)' : ''}`)),
    ...(gear
      ? [
          `## Exclusive gear${gear.name ? `: ${text(gear.name)}` : ''}`,
          '',
          ...(gear.name_note ? [text(gear.name_note), ''] : []),
          `Expedition skill: ${text(gear.trigger)}. ${text(heroesFile.exclusive_gear_levels)}${widgetsTool ? ` Widget costs: ${widgetsTool}.` : ''}`,
          '',
          ...(gear.max_level_stats
            ? [
                'Stats at gear level 10:',
                '',
                ...table(
                  ['Stat', 'Value'],
                  Object.entries(gear.max_level_stats).map(([stat, value]) => [
                    cell(keyLabel(stat)),
                    cell(typeof value === 'number' ? number(value) : value),
                  ]),
                ),
              ]
            : ['Stats at gear level 10: not published in the sources read.', '']),
          ...gear.skills.flatMap((s) => skillBlock(s, `${text(s.name)} (${s.kind})`)),
        ]
      : []),
    '## Where the shards come from',
    '',
    ...bullets(hero.shard_sources, 'Not documented in the sources read.'),
    ...(ratings.length > 0
      ? [
          '## Tier lists',
          '',
          'Community opinion, latest generation each list covers.',
          '',
          ...table(['Role', 'Generation', 'Tier'], ratings),
        ]
      : []),
    ...(hero.notes && hero.notes.length > 0 ? ['## Notes on the sources', '', ...bullets(hero.notes)] : []),
    ...sourcesSection(cited(heroesFile.sources, hero.sources)),
    ...footer(baseUrl, 'hero'),
  ].join('\n');
}

// ---------------------------------------------------------------- Masters

export function masterMarkdown(master: Master, baseUrl: string): string {
  const head = [`# ${text(master.name)}`, ''];
  const sources = sourcesSection(cited(mastersFile.sources, master.sources));
  const notes =
    master.notes && master.notes.length > 0 ? ['## Notes on the sources', '', ...bullets(master.notes)] : [];
  if (master.status === 'name_only') {
    return [
      ...head,
      `A Master of the Master Academy known by name only: no source read documents its title, talent, skills or relationship table.${master.affinity_stat ? ` Affinity stat: ${text(master.affinity_stat)}.` : ''} Confidence: ${text(master.confidence)}.`,
      '',
      ...notes,
      ...sources,
      ...footer(baseUrl, 'master'),
    ].join('\n');
  }
  const r = master.relationship;
  return [
    ...head,
    `${text(master.title)}${master.title_aliases && master.title_aliases.length > 0 ? ` (also "${master.title_aliases.map(text).join('", "')}")` : ''} · ${text(master.specialty)}`,
    '',
    ...table(
      ['Fact', 'Value'],
      [
        ['Relationship raises', cell(master.affinity_stat)],
        ['Generation', master.generation !== undefined ? String(master.generation) : 'unknown'],
        ['Unlock order', master.unlock_order !== undefined ? String(master.unlock_order) : 'unknown'],
        ["Master's Manuscripts to max all skills", number(master.manuscripts_total_all_skills)],
        ['Confidence', cell(master.confidence)],
      ],
    ),
    `Masters are non-combat characters of the ${text(mastersFile.system.name)} system (${mastersFile.system.aka.map(text).join(', ')}).`,
    '',
    '## Relationship',
    '',
    `Levels 1-${r.max_level}; a breakthrough every 10 levels costs Master Emblems. Stages: ${mastersFile.relationship_stages.map((s) => `${text(s.stage)} (from ${s.from_level})`).join(', ')}.`,
    '',
    ...table(
      ['Level', 'Affinity', 'Emblems', 'Bonus %', 'Bonus % before breakthrough'],
      r.milestones.map((m) => [
        String(m.level),
        m.affinity === null ? 'not published' : number(m.affinity),
        String(m.emblems_to_advance),
        String(m.stat_bonus_pct),
        m.bonus_before_breakthrough_pct === undefined ? ' ' : String(m.bonus_before_breakthrough_pct),
      ]),
    ),
    `Alternative table (${text(r.alt_milestones.source)}):`,
    '',
    ...table(
      ['Level', 'Affinity', 'Emblems', 'Bonus %'],
      r.alt_milestones.rows.map((m) => [
        String(m.level),
        m.affinity === null ? 'not published' : number(m.affinity),
        String(m.emblems),
        String(m.stat_bonus_pct),
      ]),
    ),
    `Bonus % at every level: ${r.stat_bonus_pct_by_level.map((v, i) => `${i + 1}: ${v}`).join(', ')}.`,
    '',
    `## Talent: ${text(master.talent.name)}`,
    '',
    text(master.talent.effect),
    '',
    ...table(
      ['Level', 'Value', ...(master.talent.power_per_level ? ['Power'] : [])],
      master.talent.levels.map((v, i) => [
        String(i + 1),
        cell(v),
        ...(master.talent.power_per_level ? [number(master.talent.power_per_level[i] ?? 0)] : []),
      ]),
    ),
    '## Skills',
    '',
    ...master.skills.flatMap((s) => [
      `### ${s.slot}. ${text(s.name)}`,
      '',
      `${text(s.effect)} Unlocks at relationship level ${s.unlock_relationship_level}; max level ${s.max_level}; ${number(s.manuscripts_total)} Master's Manuscripts in total.`,
      '',
      ...table(
        ['Level', 'Value', 'Learning XP (total)', 'Manuscripts', ...(s.power_per_level ? ['Power'] : [])],
        s.levels.map((v, i) => [
          String(i + 1),
          cell(v),
          number(s.learning_xp_cumulative[i] ?? 0),
          number(s.manuscripts_per_level[i] ?? 0),
          ...(s.power_per_level ? [number(s.power_per_level[i] ?? 0)] : []),
        ]),
      ),
    ]),
    ...notes,
    ...sources,
    ...footer(baseUrl, 'master'),
  ].join('\n');
}

// ---------------------------------------------------------------- items

export function itemMarkdown(item: Item, baseUrl: string): string {
  const granted = grantingEvents(item, baseUrl);
  const tool = item.costs ? COST_TOOL_OF_SYSTEM[item.costs.system] : undefined;
  return [
    `# ${text(item.name)}`,
    '',
    `${text(capitalised(words(item.category)))} · confidence ${text(item.confidence)}`,
    '',
    ...aliasLine(item.aliases),
    text(item.description),
    '',
    '## Used for',
    '',
    ...bullets(item.used_for),
    ...(tool && item.costs
      ? [`Costs are counted by the ${text(tool)} tool (material \`${text(item.costs.material)}\`).`, '']
      : []),
    '## Events that grant it',
    '',
    ...(granted.length > 0
      ? [...granted.map((g) => `- ${link(g.name, g.url)}${g.note ? ` (${text(g.note)})` : ''}`), '']
      : ['No event source was found.', '']),
    ...(item.other_sources && item.other_sources.length > 0
      ? ['Other sources:', '', ...bullets(item.other_sources)]
      : []),
    ...(item.shops && item.shops.length > 0
      ? [
          '## Shop prices',
          '',
          ...table(
            ['Shop', 'Price'],
            item.shops.map((s) => [cell(capitalised(words(s.shop))), cell(s.price)]),
          ),
        ]
      : []),
    ...(item.community_gem_value !== undefined
      ? [
          `Community gem value: about ${number(item.community_gem_value)} gems (one calculator's estimate, not an in-game price).`,
          '',
        ]
      : []),
    ...(item.notes && item.notes.length > 0 ? ['## Notes on the sources', '', ...bullets(item.notes)] : []),
    ...sourcesSection(itemsFile.sources),
    ...footer(baseUrl, 'item'),
  ].join('\n');
}

// ---------------------------------------------------------------- events

function itemName(ref: { item?: string; name?: string }, baseUrl: string): string {
  const shown = itemRef(ref, baseUrl);
  return shown.url ? link(shown.name, shown.url) : text(shown.name);
}

export function eventMarkdown(event: GameEvent, baseUrl: string): string {
  const cycle = event.cycle;
  const cycleText = cycle
    ? cycle.text !== undefined
      ? text(cycle.text)
      : cycle.days
        ? `days ${cycle.days.join(', ')}`
        : (cycle.phases ?? []).map((p) => `${text(p.phase)} days ${p.days.join(', ')}`).join('; ')
    : undefined;
  return [
    `# ${text(event.name)}`,
    '',
    `${text(capitalised(words(event.type)))} · ${text(event.cadence)} · confidence ${text(event.confidence)}`,
    '',
    ...aliasLine(event.aliases),
    text(event.description),
    '',
    ...table(
      ['Fact', 'Value'],
      [
        ['How often', cell(event.cadence)],
        ['Duration', cell(event.duration)],
        ...(cycleText
          ? [['In a 28-day cycle model', `${cycleText} (one community calendar; relative order only)`]]
          : []),
      ],
    ),
    ...(event.details ?? []).flatMap((section) => [
      `## ${text(section.title)}`,
      '',
      ...table(
        ['', ''],
        section.facts.map((f) => [cell(f.name), cell(typeof f.value === 'number' ? number(f.value) : f.value)]),
      ),
    ]),
    '## Rewards',
    '',
    ...(event.rewards.length > 0
      ? [...event.rewards.map((r) => `- ${itemName(r, baseUrl)}${r.note ? ` (${text(r.note)})` : ''}`), '']
      : ['Not documented in the sources read.', '']),
    ...(event.shop && event.shop.length > 0
      ? [
          '## Shop',
          '',
          ...table(
            ['Item', 'Price'],
            event.shop.map((s) => [itemName(s, baseUrl), cell(s.price)]),
          ),
        ]
      : []),
    '## Tips',
    '',
    ...bullets(event.tips, 'None recorded.'),
    ...(event.notes && event.notes.length > 0 ? ['## Notes on the sources', '', ...bullets(event.notes)] : []),
    ...sourcesSection(event.sources.map((ref) => ({ ref }))),
    ...footer(baseUrl, 'event'),
  ].join('\n');
}

// ---------------------------------------------------------------- index pages

export function heroesIndexMarkdown(baseUrl: string): string {
  return [
    '# Heroes',
    '',
    `All ${heroesFile.heroes.length} heroes. Data as of ${text(heroesFile.data_as_of)}.`,
    '',
    ...table(
      // "Gen." keeps the five columns within a phone's width (a one-word cell never wraps).
      ['Hero', 'Rarity', 'Troop type', 'Gen.', 'Roles'],
      heroesFile.heroes.map((h) => [
        link(h.name, recordUrl(baseUrl, 'hero', h.key)),
        cell(rarityName(h.rarity)),
        cell(capitalised(h.troop_type)),
        String(h.generation),
        cell(h.roles.map(keyLabel).join(', ')),
      ]),
    ),
    ...footer(baseUrl),
  ].join('\n');
}

export function mastersIndexMarkdown(baseUrl: string): string {
  return [
    '# Masters',
    '',
    `The ${mastersFile.masters.length} Masters of the ${text(mastersFile.system.name)} system. Data as of ${text(mastersFile.data_as_of)}.`,
    '',
    ...table(
      // Confidence is on each Master's page; the index keeps to what fits a phone.
      ['Master', 'Title', 'Specialty'],
      mastersFile.masters.map((m) => [
        link(m.name, recordUrl(baseUrl, 'master', m.key)),
        m.status === 'full' ? cell(m.title) : 'unknown',
        m.status === 'full' ? cell(m.specialty) : 'unknown',
      ]),
    ),
    ...footer(baseUrl),
  ].join('\n');
}

export function itemsIndexMarkdown(baseUrl: string): string {
  return [
    '# Items',
    '',
    `All ${itemsFile.items.length} items. Data as of ${text(itemsFile.data_as_of)}.`,
    '',
    ...table(
      ['Item', 'Category', 'What it is'],
      itemsFile.items.map((i) => [
        link(i.name, recordUrl(baseUrl, 'item', i.key)),
        cell(words(i.category)),
        cell(i.description),
      ]),
    ),
    ...footer(baseUrl),
  ].join('\n');
}

export function eventsIndexMarkdown(baseUrl: string): string {
  return [
    '# Events',
    '',
    `All ${eventsFile.events.length} events. Data as of ${text(eventsFile.data_as_of)}.`,
    '',
    ...table(
      // Confidence is on each event's page; the index keeps to what fits a phone.
      ['Event', 'Type', 'How often'],
      eventsFile.events.map((e) => [
        link(e.name, recordUrl(baseUrl, 'event', e.key)),
        cell(words(e.type)),
        cell(e.cadence),
      ]),
    ),
    ...footer(baseUrl),
  ].join('\n');
}

export function referenceIndexMarkdown(baseUrl: string): string {
  return [
    '# Game reference',
    '',
    'Kingshot heroes, Masters, items, events and community tier lists, transcribed from public community sources with their sources and confidence. The same data is served to AI assistants by the MCP tools `search_database`, `get_hero`, `get_master`, `get_item`, `get_event` and `get_tier_list`.',
    '',
    `- [Heroes](${baseUrl}/heroes): ${heroesFile.heroes.length} heroes with skills, exclusive gear and shard sources`,
    `- [Masters](${baseUrl}/masters): ${mastersFile.masters.length} Masters with relationship levels, talent and skills`,
    `- [Items](${baseUrl}/items): ${itemsFile.items.length} items and the events that grant them`,
    `- [Events](${baseUrl}/events): ${eventsFile.events.length} events with rewards and tips`,
    `- [Tier list](${baseUrl}/tier-list): community tier lists by role and generation`,
    '',
    'Every page is also available as Markdown: request it with `Accept: text/markdown` or add `.md` to the path. All pages are listed in the [sitemap](' +
      baseUrl +
      '/sitemap.xml) and, for language models, in [llms.txt](' +
      baseUrl +
      '/llms.txt).',
    '',
    ...footer(baseUrl),
  ].join('\n');
}

// ---------------------------------------------------------------- tier list

/** A role's page: `/tier-list/<role key with dashes>`. */
export function tierRolePath(roleKey: string): string {
  return `/tier-list/${roleKey.replaceAll('_', '-')}`;
}

export const TIER_LIST_OVERALL_PATH = '/tier-list/overall';
export const TIER_LIST_LINEUPS_PATH = '/tier-list/lineups';

type TierRole = (typeof tierListFile.roles)[number];
type TierGeneration = TierRole['generations'][number];

/** A hero as players look for one in a list: the name linked, its rarity and troop type beside it. */
function heroWithKind(baseUrl: string, key: string): string {
  const hero = heroLink(baseUrl, key);
  const record = heroesFile.heroes.find((h) => h.key === key);
  return record
    ? `${link(hero.name, hero.url)} (${text(rarityName(record.rarity))} ${text(record.troop_type)})`
    : link(hero.name, hero.url);
}

function heroesWithKind(baseUrl: string, keys: readonly string[]): string {
  return keys.length > 0 ? keys.map((k) => heroWithKind(baseUrl, k)).join(', ') : ' ';
}

/** One generation of a role as rows: S+ is a tier of its own (the data folds it into S and lists it in s_plus). */
function tierRows(baseUrl: string, table: TierGeneration): string[][] {
  const sPlus = table.s_plus ?? [];
  const rows: [string, readonly string[]][] = [
    ['S+', table.tiers.S.filter((k) => sPlus.includes(k))],
    ['S', table.tiers.S.filter((k) => !sPlus.includes(k))],
    ...TIERS.slice(1).map((t): [string, readonly string[]] => [t, table.tiers[t]]),
    ['Not rated', table.not_rated ?? []],
  ];
  return rows.filter(([, keys]) => keys.length > 0).map(([tier, keys]) => [tier, heroesWithKind(baseUrl, keys)]);
}

function tierTable(baseUrl: string, generation: TierGeneration): string[] {
  return table(['Tier', 'Heroes'], tierRows(baseUrl, generation));
}

function roleName(role: TierRole): string {
  return keyLabel(role.key);
}

/** The role tabs: one line of links, the current page in bold, so a phone shows the table right after. */
function tierTabs(baseUrl: string, current: string): string[] {
  const tabs = [
    ...tierListFile.roles.map((r) => ({ path: tierRolePath(r.key), name: roleName(r) })),
    { path: TIER_LIST_OVERALL_PATH, name: 'Overall lists' },
    { path: TIER_LIST_LINEUPS_PATH, name: 'Lineups' },
  ];
  return [
    `Roles: ${tabs.map((t) => (t.path === current ? `**${text(t.name)}**` : `[${text(t.name)}](${baseUrl}${t.path})`)).join(' · ')}`,
    '',
  ];
}

function latest(role: TierRole): TierGeneration {
  return role.generations[role.generations.length - 1]!;
}

/** How a role was rated, in players' words (the data's notes for maintainers are on the developer page). */
function ratedHow(role: TierRole): string {
  const range = generationRange(role);
  const source = tierListFile.sources.find((s) => s.id === role.source);
  const from = source ? `from ${sourceName(source)}` : `from ${text(role.source_detail)}`;
  return role.per_generation_judgement
    ? `Rated for each generation ${range.min}-${range.max} (as of ${text(role.as_of)}), ${from}.`
    : `Rated once, as of ${text(role.as_of)}, ${from}; an earlier generation shows the same ratings with only the heroes out by then.`;
}

export function tierRoleMarkdown(role: TierRole, baseUrl: string): string {
  const top = latest(role);
  const earlier = [...role.generations].reverse().slice(1);
  return [
    `# ${text(roleName(role))} tier list`,
    '',
    ...tierTabs(baseUrl, tierRolePath(role.key)),
    text(role.description),
    '',
    `## Generation ${top.generation} (latest)`,
    '',
    ...tierTable(baseUrl, top),
    ...(earlier.length > 0
      ? [
          '## Earlier generations',
          '',
          ...earlier.flatMap((g) => [`### Generation ${g.generation}`, '', ...tierTable(baseUrl, g)]),
        ]
      : []),
    '## About this list',
    '',
    `${ratedHow(role)}${role.aliases ? ` Also called: ${role.aliases.map(keyLabel).map(text).join(', ')}.` : ''} Tier lists are community opinion and disagree with one another.`,
    '',
    ...(role.notes ? bullets(role.notes) : []),
    ...footer(baseUrl),
  ].join('\n');
}

export function tierListMarkdown(baseUrl: string): string {
  return [
    '# Hero tier lists',
    '',
    ...tierTabs(baseUrl, '/tier-list'),
    'Community ratings by role, the latest generation of each; a role’s page has every generation.',
    '',
    ...tierListFile.roles.flatMap((role) => [
      `## ${text(roleName(role))} {#${role.key}}`,
      '',
      `${text(role.description)} Generation ${latest(role).generation}; [every generation](${baseUrl}${tierRolePath(role.key)}).`,
      '',
      ...tierTable(baseUrl, latest(role)),
    ]),
    '## Overall lists of other sites {#overall}',
    '',
    `${tierListFile.overall_lists.length} sites’ own overall lists, side by side: [overall lists](${baseUrl}${TIER_LIST_OVERALL_PATH}).`,
    '',
    '## Lead lineups by generation {#lineups}',
    '',
    `Three-hero lineups to lead with, generation by generation: [lineups](${baseUrl}${TIER_LIST_LINEUPS_PATH}).`,
    '',
    ...footer(baseUrl),
  ].join('\n');
}

export function overallListsMarkdown(baseUrl: string): string {
  return [
    '# Overall tier lists of other sites',
    '',
    ...tierTabs(baseUrl, TIER_LIST_OVERALL_PATH),
    'Each site’s own list, side by side; they rate heroes overall rather than for one role.',
    '',
    ...overallLists(baseUrl).flatMap((list) => [
      `## ${text(list.title)}`,
      '',
      ...table(
        ['Tier', 'Heroes'],
        list.tiers.map((t) => [
          cell(t.tier),
          heroesWithKind(
            baseUrl,
            t.heroes.map((h) => h.key),
          ),
        ]),
      ),
      `Scope: ${text(list.scope)}.${list.note ? ` ${text(list.note)}.` : ''}`,
      '',
    ]),
    ...footer(baseUrl),
  ].join('\n');
}

export function lineupsMarkdown(baseUrl: string): string {
  return [
    '# Lead lineups by generation',
    '',
    ...tierTabs(baseUrl, TIER_LIST_LINEUPS_PATH),
    text(tierListFile.lineups.note),
    '',
    ...table(
      ['Generation', 'Solo attack', 'Rally attack', 'Defense'],
      tierListFile.lineups.generations.map((g) => [
        String(g.generation),
        heroesWithKind(baseUrl, g.solo_attack),
        heroesWithKind(baseUrl, g.rally_attack),
        heroesWithKind(baseUrl, g.defense),
      ]),
    ),
    '## Lineups suggested by kingshotpro',
    '',
    ...table(
      ['Lineup', 'Heroes'],
      tierListFile.kingshotpro_lineups.lineups.map((l) => [
        cell(capitalised(words(l.key))),
        heroesWithKind(baseUrl, l.heroes),
      ]),
    ),
    ...sourcesSection(tierListFile.sources),
    ...footer(baseUrl),
  ].join('\n');
}
