/**
 * The hero view: name, rarity, troop type, generation, roles and confidence, with the joiner skill named up front;
 * the tier placements; the talent and every skill with its Lv1-Lv5 ladder (the expedition slot 1 skill, the one a
 * rally joiner contributes, marked); the exclusive gear with its skills and level-10 stats; base stats and troop
 * bonus; shard sources, notes and sources. Everything from the result is written as text (dom.ts).
 */
import { capitalised, keyLabel } from '../../src/reference/labels.js';
import { h, uniqueId } from '../shared/dom.js';
import type { Formatter } from '../shared/format.js';
import type { RenderContext } from '../shared/mount.js';
import { confidenceBadge, fact, noneCell, notesSection, resultView, scrollRegion } from '../shared/parts.js';
import {
  isJoinerSkill,
  joinerSkill,
  readHeroResult,
  type ExclusiveGear,
  type HeroResult,
  type Ladders,
  type Skill,
} from './result.js';

/** The tier as a class name: S+ → s-plus, "not rated" → not-rated. */
function tierClass(tier: string): string {
  return tier
    .toLowerCase()
    .replace('+', '-plus')
    .replace(/[^a-z0-9-]+/g, '-');
}

function header(hero: HeroResult): HTMLElement {
  const joiner = joinerSkill(hero);
  const rarity = h('span', { class: 'rarity' }, hero.rarity.name);
  const facts = h(
    'dl',
    { class: 'facts' },
    fact(
      'Rarity',
      rarity,
      hero.rarity.also_called.length > 0
        ? h('span', { class: 'aside' }, ` (${hero.rarity.also_called.join(', ')})`)
        : null,
    ),
    fact('Troop type', h('span', { 'data-fact': 'troop-type' }, capitalised(hero.troop_type))),
    fact('Generation', h('span', { 'data-fact': 'generation' }, String(hero.generation))),
    fact('Confidence', confidenceBadge(hero.confidence)),
    hero.release ? fact('Release', h('span', { class: 'aside' }, hero.release)) : null,
  );
  return h(
    'header',
    {},
    h('h1', {}, hero.name),
    hero.aliases.length > 0 ? h('p', { class: 'subject' }, `Also known as ${hero.aliases.join(', ')}`) : null,
    hero.resolved
      ? h('p', { class: 'resolved' }, `Shown for “${hero.resolved.from}” (matched “${hero.resolved.matched}”).`)
      : null,
    facts,
    hero.roles.length > 0
      ? h(
          'dl',
          { class: 'facts roles' },
          fact(
            'Roles',
            h(
              'ul',
              { class: 'chips', 'aria-label': 'Community roles' },
              ...hero.roles.map((role) => h('li', { 'data-role': role }, keyLabel(role))),
            ),
          ),
        )
      : null,
    joiner ? joinerCallout(joiner, hero.levels_shown) : null,
  );
}

/** "Joiner skill: Battle Ready (Lv5: Lethality up 25%)": what a rally or Bear Hunt joiner gets from this hero. */
function joinerCallout(skill: Skill, shown: readonly number[]): HTMLElement {
  // The highest level the result holds (level 5 unless `skill_levels` asked for fewer).
  const level = shown.at(-1);
  const top = Object.entries(skill.levels).flatMap(([stat, values]) =>
    values.length > 0 ? [`${keyLabel(stat)} ${values.at(-1)}`] : [],
  );
  return h(
    'p',
    { class: 'joiner-callout' },
    h('span', { class: 'badge badge-joiner' }, 'Joiner skill'),
    ' ',
    h('strong', { 'data-joiner-skill': '' }, skill.name),
    top.length > 0 && level !== undefined ? ` (Lv${level}: ${top.join(', ')})` : null,
  );
}

function tierSection(hero: HeroResult): HTMLElement | null {
  if (hero.tier_ratings.length === 0) return null;
  const headingId = uniqueId('tiers');
  const rows = hero.tier_ratings.map((rating) =>
    h(
      'tr',
      { 'data-tier-role': rating.role },
      h('th', { scope: 'row' }, keyLabel(rating.role)),
      h(
        'td',
        {},
        h(
          'span',
          { class: `tier tier-${tierClass(rating.tier)}` },
          rating.tier === 'not rated' ? 'Not rated' : rating.tier,
        ),
      ),
      h('td', { class: 'num' }, String(rating.generation)),
    ),
  );
  const table = h(
    'table',
    { class: 'tiers', 'aria-labelledby': headingId },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Role'),
        h('th', { scope: 'col' }, 'Tier'),
        h('th', { scope: 'col', class: 'num' }, 'Generation'),
      ),
    ),
    h('tbody', {}, ...rows),
  );
  return h(
    'section',
    { class: 'tiers-section' },
    h('h2', { id: headingId }, 'Tier placements'),
    scrollRegion(headingId, table),
    h('p', { class: 'hint' }, 'Community tier lists (opinion, not game data), at each role’s latest generation.'),
  );
}

/**
 * A skill's ladder: one row per stat, its values at skill levels 1 to 5 (or the levels `shown`); a value that never
 * changes spans them.
 */
function ladderTable(
  labelId: string,
  levels: Ladders,
  fixed: Record<string, string> | undefined,
  shown: readonly number[],
): HTMLElement {
  const rows = Object.entries(levels).map(([stat, values]) =>
    h(
      'tr',
      { 'data-stat': stat },
      h('th', { scope: 'row' }, keyLabel(stat)),
      ...shown.map((level, i) => h('td', { class: 'num', 'data-level': level }, values[i] ?? '–')),
    ),
  );
  const fixedRows = Object.entries(fixed ?? {}).map(([stat, value]) =>
    h(
      'tr',
      { 'data-stat': stat, class: 'fixed' },
      h('th', { scope: 'row' }, keyLabel(stat)),
      h('td', { colspan: shown.length, class: 'num' }, `${value} at every level`),
    ),
  );
  const table = h(
    'table',
    { class: 'ladder', 'aria-labelledby': labelId },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Stat'),
        ...shown.map((level) => h('th', { scope: 'col', class: 'num' }, `Lv${level}`)),
      ),
    ),
    h('tbody', {}, ...rows, ...fixedRows),
  );
  return scrollRegion(labelId, table);
}

function skillCard(skill: Skill, shown: readonly number[], tag?: string): HTMLElement {
  const headingId = uniqueId('skill');
  const joiner = isJoinerSkill(skill);
  return h(
    'article',
    {
      class: joiner ? 'skill joiner' : 'skill',
      'data-skill': skill.name,
      'data-kind': skill.kind,
      'data-slot': skill.slot,
    },
    h(
      'h3',
      { id: headingId },
      skill.name,
      tag ? h('span', { class: 'badge' }, tag) : null,
      skill.slot !== undefined ? h('span', { class: 'badge badge-slot' }, `Slot ${skill.slot}`) : null,
      joiner ? h('span', { class: 'badge badge-joiner' }, 'Joiner skill') : null,
    ),
    h('p', { class: 'effect' }, skill.effect),
    joiner
      ? h(
          'p',
          { class: 'hint' },
          'Expedition slot 1: the only skill this hero adds when its march joins someone else’s rally (rally and Bear Hunt joiners).',
        )
      : null,
    ladderTable(headingId, skill.levels, skill.fixed, shown),
  );
}

function skillsSection(
  title: string,
  className: string,
  skills: Skill[],
  shown: readonly number[],
  hint?: string,
): HTMLElement | null {
  if (skills.length === 0) return null;
  return h(
    'section',
    { class: `skills ${className}` },
    h('h2', {}, title),
    hint ? h('p', { class: 'hint' }, hint) : null,
    ...skills.map((skill) => skillCard(skill, shown)),
  );
}

function talentSection(hero: HeroResult): HTMLElement | null {
  const talent = hero.talent;
  if (!talent) return null;
  return skillsSection(
    'Talent',
    'talent-section',
    [{ name: talent.name, kind: 'talent', effect: talent.effect, levels: talent.levels }],
    hero.levels_shown,
  );
}

function gearStats(stats: Record<string, number | string>, format: Formatter): HTMLElement {
  const headingId = uniqueId('gear-stats');
  const table = h(
    'table',
    { class: 'gear-stats', 'aria-labelledby': headingId },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Stat'), h('th', { scope: 'col', class: 'num' }, 'Level 10'))),
    h(
      'tbody',
      {},
      ...Object.entries(stats).map(([stat, value]) =>
        h(
          'tr',
          { 'data-stat': stat },
          h('th', { scope: 'row' }, keyLabel(stat)),
          h('td', { class: 'num' }, typeof value === 'number' ? format.number(value) : value),
        ),
      ),
    ),
  );
  return h(
    'div',
    { class: 'gear-stats-block' },
    h('h3', { id: headingId }, 'Stats at level 10'),
    scrollRegion(headingId, table),
  );
}

function gearSection(gear: ExclusiveGear, shown: readonly number[], format: Formatter): HTMLElement {
  return h(
    'section',
    { class: 'gear-section' },
    h(
      'h2',
      {},
      'Exclusive gear',
      gear.name !== null ? ': ' : null,
      gear.name !== null ? h('span', { 'data-gear-name': '' }, gear.name) : null,
    ),
    gear.name === null
      ? h('p', { class: 'hint', 'data-gear-name-note': '' }, gear.name_note ?? 'No source names this gear.')
      : gear.name_note
        ? h('p', { class: 'hint' }, gear.name_note)
        : null,
    h('p', {}, `${capitalised(gear.trigger)}.`),
    h('p', { class: 'hint' }, gear.levels),
    ...gear.skills.map((skill) => skillCard(skill, shown, capitalised(skill.kind))),
    gear.max_level_stats && Object.keys(gear.max_level_stats).length > 0
      ? gearStats(gear.max_level_stats, format)
      : h(
          'p',
          { class: 'hint', 'data-gear-stats-unknown': '' },
          'No source read for this data publishes the gear’s stats at level 10.',
        ),
  );
}

/**
 * Only Mythic heroes have exclusive gear; saying so answers the question instead of leaving a gap. Decided by the
 * rarity key (data/reference/heroes.yaml `rarities`): the display name is wording and may change.
 */
function noGear(hero: HeroResult): HTMLElement {
  const why =
    hero.rarity.key === 'mythic'
      ? 'no source lists one for this hero'
      : `only Mythic heroes have exclusive gear, and ${hero.name} is ${hero.rarity.name}`;
  return h(
    'section',
    { class: 'gear-section' },
    h('h2', {}, 'Exclusive gear'),
    h('p', { class: 'hint', 'data-no-gear': '' }, `None: ${why}.`),
  );
}

function statsSection(hero: HeroResult, format: Formatter): HTMLElement | null {
  const base = hero.base_stats;
  const bonus = hero.expedition_bonus;
  if (!base && !bonus) return null;
  const headingId = uniqueId('stats');
  const troops = capitalised(bonus?.troop_type ?? hero.troop_type);
  const row = (name: string, value: number | undefined, troopBonus: string | undefined) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, name),
      value === undefined ? noneCell() : h('td', { class: 'num' }, format.number(value)),
      bonus ? (troopBonus === undefined ? noneCell() : h('td', { class: 'num' }, troopBonus)) : null,
    );
  const table = h(
    'table',
    { class: 'stats', 'aria-labelledby': headingId },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Stat'),
        h('th', { scope: 'col', class: 'num' }, 'Hero'),
        bonus ? h('th', { scope: 'col', class: 'num' }, `${troops} troops when leading`) : null,
      ),
    ),
    h(
      'tbody',
      {},
      row('Attack', base?.attack, bonus?.attack),
      row('Defense', base?.defense, bonus?.defense),
      row('Health', base?.health, undefined),
    ),
  );
  const notes = [base?.note, bonus?.note].filter((n): n is string => n !== undefined);
  return h(
    'section',
    { class: 'stats-section' },
    h('h2', { id: headingId }, 'Base stats and troop bonus'),
    scrollRegion(headingId, table),
    ...notes.map((note) => h('p', { class: 'hint' }, note)),
  );
}

function listSection(title: string, className: string, items: string[]): HTMLElement | null {
  if (items.length === 0) return null;
  return h(
    'section',
    { class: className },
    h('h2', {}, title),
    h('ul', { class: 'notes' }, ...items.map((item) => h('li', {}, item))),
  );
}

export function renderHero(value: unknown, { format }: RenderContext): Node {
  const hero = readHeroResult(value);
  const conquest = hero.skills.filter((s) => s.kind === 'conquest');
  const expedition = hero.skills.filter((s) => s.kind === 'expedition');
  const parts: (Node | null)[] = [
    header(hero),
    tierSection(hero),
    talentSection(hero),
    skillsSection(
      'Conquest skills',
      'conquest-section',
      conquest,
      hero.levels_shown,
      `Hero battle skills. Values at skill levels ${hero.levels_shown[0] ?? 1} to ${hero.levels_shown.at(-1) ?? 5}.`,
    ),
    skillsSection(
      'Expedition skills',
      'expedition-section',
      expedition,
      hero.levels_shown,
      'World-map march skills (rallies, garrisons, Bear Hunt), in slot order.',
    ),
    hero.exclusive_gear ? gearSection(hero.exclusive_gear, hero.levels_shown, format) : noGear(hero),
    statsSection(hero, format),
    listSection('Where to get shards', 'shards-section', hero.shard_sources),
    notesSection(
      [...(hero.generation_note ? [`Generation: ${hero.generation_note}`] : []), ...hero.notes],
      hero.sources,
    ),
  ];
  return resultView(parts, hero.data_version);
}
