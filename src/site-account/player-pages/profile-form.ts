/**
 * The profile form: the stored profile as form values, the submitted values read back into a profile, and the
 * form itself. Levels are written as players write them and read with the calculators' own parsers (Governor Gear
 * `Gold T2 ★1`, buildings `TG4-2`, hero stars `3★ 2/6`), so the form refuses what the cost tools refuse, with the
 * same message and nearest valid values. Then the whole profile passes the same validation as a CLI import.
 */
import type { HeroState, PlayerProfile } from '../../account/model.js';
import { validatePlayerData } from '../../account/validate.js';
import { starPositionIndex } from '../../calculators/hero-shards.js';
import { buildingLevelLabel, buildingLevelNumber, truegoldUpgradeCost } from '../../calculators/truegold.js';
import { escapeHtml } from '../../pages/layout.js';
import {
  checkbox,
  decimalNumber,
  FieldProblems,
  hiddenFields,
  input,
  problemSummary,
  select,
  textOf,
  wholeNumber,
  type FormValues,
  type Problem,
} from './fields.js';
import { COMBAT_STATS, GEAR_PIECES, HERO_CHOICES, HERO_GEAR_SLOTS, OTHER_BUILDINGS, TROOP_TYPES } from './lists.js';

const P = '/profile';
/** Empty rows offered below the saved ones, to add troops and heroes without a script. */
const BLANK_TROOP_ROWS = 3;
const BLANK_HERO_ROWS = 2;
const TRUEGOLD_FIRST_LEVEL = 30;

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A hero's star position as players write it: `0★`, `3★ 2/6` (the star being filled and its sub-tiers done). */
export function starLabel(stars: number, subTier: number): string {
  return stars === 0 ? '0★' : `${stars}★ ${subTier}/6`;
}

/** The Town Center level as players write it: 1-30, then `30-2`, `TG4-1`. */
export function townCenterLabel(level: number): string {
  return level <= TRUEGOLD_FIRST_LEVEL ? String(level) : buildingLevelLabel(level);
}

export function profileValues(profile: PlayerProfile | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  if (!profile) return values;
  values[`${P}/name`] = profile.name;
  values[`${P}/player_id`] = profile.player_id;
  values[`${P}/kingdom`] = String(profile.kingdom);
  values[`${P}/power`] = String(profile.power);
  values[`${P}/town_center_level`] = townCenterLabel(profile.town_center_level);
  profile.troops.forEach((troop, i) => {
    values[`${P}/troops/${i}/type`] = troop.type;
    values[`${P}/troops/${i}/tier`] = String(troop.tier);
    values[`${P}/troops/${i}/count`] = String(troop.count);
  });
  for (const type of TROOP_TYPES)
    for (const stat of COMBAT_STATS)
      values[`${P}/combat_stats/${type}/${stat}`] = String(
        (profile.combat_stats[type] as unknown as Record<string, number>)[stat],
      );
  profile.heroes.forEach((hero, i) => {
    const row = `${P}/heroes/${i}`;
    values[`${row}/key`] = hero.key;
    values[`${row}/stars`] = starLabel(hero.stars, hero.sub_tier);
    values[`${row}/level`] = String(hero.level);
    values[`${row}/exclusive_gear_level`] = String(hero.exclusive_gear_level);
    for (const slot of HERO_GEAR_SLOTS) {
      const gear = hero.gear[slot];
      if (!gear) continue;
      values[`${row}/gear/${slot}/mastery`] = String(gear.mastery);
      values[`${row}/gear/${slot}/enhancement`] = String(gear.enhancement);
    }
  });
  for (const piece of GEAR_PIECES) {
    const state = profile.governor_gear[piece];
    if (!state) continue;
    values[`${P}/governor_gear/${piece}/level`] = state.level;
    state.charms.forEach((charm, i) => (values[`${P}/governor_gear/${piece}/charms/${i}`] = String(charm)));
  }
  for (const { value: building } of OTHER_BUILDINGS) {
    const level = profile.buildings[building as keyof PlayerProfile['buildings']];
    if (level !== undefined) values[`${P}/buildings/${building}`] = String(level);
  }
  return values;
}

/** Rows a list may have (the schema's maxItems): a row index past it in a submitted form is ignored. */
const MAX_ROWS = { troops: 60, heroes: 100 } as const;

/** How many rows of a list the form shows: the highest row index present, plus the blank rows. */
function rowCount(values: FormValues, list: 'troops' | 'heroes', blank: number): number {
  let highest = -1;
  const pattern = new RegExp(`^${P}/${list}/(\\d{1,3})/`);
  for (const name of Object.keys(values)) {
    const match = pattern.exec(name);
    if (match && Number(match[1]) < MAX_ROWS[list]) highest = Math.max(highest, Number(match[1]));
  }
  return Math.min(highest + 1 + blank, MAX_ROWS[list] + blank);
}

function rowIsBlank(values: FormValues, row: string): boolean {
  return Object.entries(values).every(([name, value]) => !name.startsWith(`${row}/`) || value.trim() === '');
}

function townCenterLevel(values: FormValues, problems: Problem[]): number | undefined {
  const name = `${P}/town_center_level`;
  const text = textOf(values, name);
  if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) < TRUEGOLD_FIRST_LEVEL) return Number(text);
  if (text === '') {
    problems.push({ pointer: name, message: 'enter the Town Center level: 1-30, then 30-1 … 30-4, TG1, TG1-1 …' });
    return undefined;
  }
  const read = truegoldUpgradeCost({ building: 'town_center', from: text, to: text });
  if (!read.ok) {
    problems.push({ pointer: name, message: read.error.message });
    return undefined;
  }
  return buildingLevelNumber(read.value.from);
}

function heroStars(values: FormValues, name: string, problems: Problem[]): { stars: number; sub_tier: number } {
  const text = textOf(values, name) || '0★';
  const index = starPositionIndex(name, text);
  if (!index.ok) {
    problems.push({ pointer: name, message: index.error.message });
    return { stars: 0, sub_tier: 0 };
  }
  // Ladder index 0 is `locked` and 1 is `0★`; then one per sub-tier done.
  const subTiers = Math.max(0, index.value - 1);
  if (subTiers === 0) return { stars: 0, sub_tier: 0 };
  const stars = Math.ceil(subTiers / 6);
  return { stars, sub_tier: subTiers - (stars - 1) * 6 };
}

export interface ReadProfile {
  profile?: PlayerProfile;
  problems: Problem[];
}

/**
 * The submitted form as a profile, or the problems (each at its field's name). Blank rows are left out, and so are
 * rows whose "remove" box is ticked; a problem the validation reports at a row of the profile is moved to the row
 * of the form it came from.
 */
export function readProfileForm(values: FormValues): ReadProfile {
  const problems: Problem[] = [];
  const count = (name: string, max = 1_000_000_000_000) => wholeNumber(values, name, { min: 0, max }, problems);
  const name = textOf(values, `${P}/name`);
  const playerId = textOf(values, `${P}/player_id`);
  const kingdom = wholeNumber(values, `${P}/kingdom`, { min: 1, max: 99999 }, problems);
  const power = count(`${P}/power`);
  const townCenter = townCenterLevel(values, problems);

  const troopRows: number[] = [];
  const troops: PlayerProfile['troops'] = [];
  for (let i = 0; i < rowCount(values, 'troops', 0); i++) {
    const row = `${P}/troops/${i}`;
    if (rowIsBlank(values, row) || values[`${row}/remove`] === 'on') continue;
    const type = textOf(values, `${row}/type`) as PlayerProfile['troops'][number]['type'];
    if (!TROOP_TYPES.includes(type))
      problems.push({ pointer: `${row}/type`, message: `choose the troop type: ${TROOP_TYPES.join(', ')}` });
    const tier = wholeNumber(values, `${row}/tier`, { min: 1, max: 11 }, problems);
    const troopCount = count(`${row}/count`);
    troopRows.push(i);
    troops.push({ type, tier: tier ?? 1, count: troopCount ?? 0 });
  }

  const combatStats = Object.fromEntries(
    TROOP_TYPES.map((type) => [
      type,
      Object.fromEntries(
        COMBAT_STATS.map((stat) => [
          stat,
          decimalNumber(values, `${P}/combat_stats/${type}/${stat}`, { min: 0, max: 100000 }, problems) ?? 0,
        ]),
      ),
    ]),
  ) as unknown as PlayerProfile['combat_stats'];

  const heroRows: number[] = [];
  const heroList: HeroState[] = [];
  for (let i = 0; i < rowCount(values, 'heroes', 0); i++) {
    const row = `${P}/heroes/${i}`;
    if (rowIsBlank(values, row) || values[`${row}/remove`] === 'on') continue;
    const key = textOf(values, `${row}/key`);
    if (key === '') problems.push({ pointer: `${row}/key`, message: 'choose the hero' });
    const gear: HeroState['gear'] = {};
    for (const slot of HERO_GEAR_SLOTS) {
      const mastery = `${row}/gear/${slot}/mastery`;
      const enhancement = `${row}/gear/${slot}/enhancement`;
      if (textOf(values, mastery) === '' && textOf(values, enhancement) === '') continue;
      gear[slot] = {
        mastery: wholeNumber(values, mastery, { min: 0, max: 20 }, problems, { blankIs: 0 }) ?? 0,
        enhancement: wholeNumber(values, enhancement, { min: 0, max: 200 }, problems, { blankIs: 0 }) ?? 0,
      };
    }
    heroRows.push(i);
    heroList.push({
      key,
      ...heroStars(values, `${row}/stars`, problems),
      level: wholeNumber(values, `${row}/level`, { min: 1, max: 200 }, problems) ?? 1,
      exclusive_gear_level:
        wholeNumber(values, `${row}/exclusive_gear_level`, { min: 0, max: 10 }, problems, { blankIs: 0 }) ?? 0,
      gear,
    });
  }

  const governorGear: PlayerProfile['governor_gear'] = {};
  for (const piece of GEAR_PIECES) {
    const base = `${P}/governor_gear/${piece}`;
    if (rowIsBlank(values, base)) continue;
    governorGear[piece] = {
      level: textOf(values, `${base}/level`) || 'not crafted',
      charms: [0, 1, 2].map(
        (slot) => wholeNumber(values, `${base}/charms/${slot}`, { min: 0, max: 22 }, problems, { blankIs: 0 }) ?? 0,
      ) as [number, number, number],
    };
  }

  const buildings: PlayerProfile['buildings'] = {};
  for (const { value: building } of OTHER_BUILDINGS) {
    const text = textOf(values, `${P}/buildings/${building}`);
    if (text !== '') buildings[building as keyof PlayerProfile['buildings']] = text;
  }

  const profile: PlayerProfile = {
    player_id: playerId,
    name,
    kingdom: kingdom ?? 1,
    town_center_level: townCenter ?? 1,
    power: power ?? 0,
    troops,
    combat_stats: combatStats,
    heroes: heroList,
    governor_gear: governorGear,
    buildings,
  };
  // The checks of an import (schema, hero keys, levels the calculators can read), with their pointers moved to the
  // form's rows: `/profile/heroes/<i>` of the profile is `/profile/heroes/<row>` of the form.
  const validated = validatePlayerData({ profile });
  if (!validated.ok)
    for (const problem of validated.problems) problems.push({ ...problem, pointer: formPointer(problem.pointer) });
  function formPointer(pointer: string): string {
    return pointer
      .replace(/^\/profile\/troops\/(\d+)/, (_, i: string) => `${P}/troops/${troopRows[Number(i)] ?? i}`)
      .replace(/^\/profile\/heroes\/(\d+)/, (_, i: string) => `${P}/heroes/${heroRows[Number(i)] ?? i}`)
      .replace(/^(\/profile\/heroes\/\d+)\/(?:stars|sub_tier)$/, '$1/stars');
  }
  return problems.length > 0 ? { problems: dedupe(problems) } : { profile, problems: [] };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}\n${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every field name of the form as rendered for `values` (where problems can be shown). */
function fieldNames(values: FormValues): string[] {
  const names = [
    `${P}/name`,
    `${P}/player_id`,
    `${P}/kingdom`,
    `${P}/power`,
    `${P}/town_center_level`,
    `${P}/troops`,
    `${P}/heroes`,
    `${P}/governor_gear`,
    `${P}/buildings`,
  ];
  for (let i = 0; i < rowCount(values, 'troops', BLANK_TROOP_ROWS); i++)
    names.push(...['type', 'tier', 'count'].map((f) => `${P}/troops/${i}/${f}`), `${P}/troops/${i}`);
  for (const type of TROOP_TYPES) for (const stat of COMBAT_STATS) names.push(`${P}/combat_stats/${type}/${stat}`);
  for (let i = 0; i < rowCount(values, 'heroes', BLANK_HERO_ROWS); i++) {
    const row = `${P}/heroes/${i}`;
    names.push(row, `${row}/key`, `${row}/stars`, `${row}/level`, `${row}/exclusive_gear_level`, `${row}/gear`);
    for (const slot of HERO_GEAR_SLOTS) names.push(`${row}/gear/${slot}/mastery`, `${row}/gear/${slot}/enhancement`);
  }
  for (const piece of GEAR_PIECES) {
    names.push(`${P}/governor_gear/${piece}/level`, `${P}/governor_gear/${piece}/charms`);
    for (const slot of [0, 1, 2]) names.push(`${P}/governor_gear/${piece}/charms/${slot}`);
  }
  for (const { value } of OTHER_BUILDINGS) names.push(`${P}/buildings/${value}`);
  return names;
}

export function profileProblems(values: FormValues, problems: readonly Problem[]): FieldProblems {
  return new FieldProblems(problems, fieldNames(values));
}

/** A row's own problems (a duplicate hero, a troop listed twice) shown at the top of its row. */
function rowProblems(problems: FieldProblems, row: string): string {
  const messages = problems.of(row);
  return messages.length === 0
    ? ''
    : `<p class="field invalid"><small class="problem">${messages.map(escapeHtml).join('<br>')}</small></p>`;
}

export function profileForm(options: {
  values: FormValues;
  problems: FieldProblems;
  csrf: string;
  version: string;
}): string {
  const { values, problems } = options;
  const v = (name: string) => values[name] ?? '';
  const field = (name: string, label: string, extra: Partial<Parameters<typeof input>[0]> = {}) =>
    input({ name, label, value: v(name), problems, ...extra });

  const basics = `<fieldset><legend>Governor</legend><div class="fields">
${field(`${P}/name`, 'Name', { maxlength: 40 })}
${field(`${P}/player_id`, 'Player ID', { maxlength: 32, hint: 'letters, digits, - and _' })}
${field(`${P}/kingdom`, 'Kingdom', { inputmode: 'numeric', size: 6 })}
${field(`${P}/town_center_level`, 'Town Center level', { size: 8, hint: 'e.g. 27, 30-2, TG4-1' })}
${field(`${P}/power`, 'Power', { inputmode: 'numeric' })}
</div></fieldset>`;

  const troopRows: string[] = [];
  for (let i = 0; i < rowCount(values, 'troops', BLANK_TROOP_ROWS); i++) {
    const row = `${P}/troops/${i}`;
    troopRows.push(`<div class="fields row">${rowProblems(problems, row)}
${select({ name: `${row}/type`, label: 'Type', value: v(`${row}/type`), choices: TROOP_TYPES.map((t) => ({ value: t, label: capital(t) })), problems, blank: '—' })}
${field(`${row}/tier`, 'Tier', { inputmode: 'numeric', size: 3, hint: '1-11' })}
${field(`${row}/count`, 'Count', { inputmode: 'numeric' })}
${v(`${row}/type`) ? checkbox({ name: `${row}/remove`, label: 'Remove', checked: false }) : ''}
</div>`);
  }
  const troops = `<fieldset><legend>Troops</legend><p class="muted">One row per type and tier; empty rows are ignored.</p>${rowProblems(problems, `${P}/troops`)}${troopRows.join('\n')}</fieldset>`;

  const statRows = TROOP_TYPES.map(
    (type) =>
      `<div class="fields"><strong class="field narrow">${capital(type)}</strong>${COMBAT_STATS.map((stat) =>
        field(`${P}/combat_stats/${type}/${stat}`, `${capital(stat)} %`, { inputmode: 'decimal', size: 7 }),
      ).join('')}</div>`,
  ).join('\n');
  const stats = `<fieldset><legend>Combat stats (bonus %)</legend>${statRows}</fieldset>`;

  const heroCards: string[] = [];
  for (let i = 0; i < rowCount(values, 'heroes', BLANK_HERO_ROWS); i++) {
    const row = `${P}/heroes/${i}`;
    const gear = HERO_GEAR_SLOTS.map(
      (slot) =>
        `<div class="fields"><strong class="field narrow">${capital(slot)}</strong>${field(`${row}/gear/${slot}/mastery`, 'Mastery', { inputmode: 'numeric', size: 3, hint: '0-20' })}${field(`${row}/gear/${slot}/enhancement`, 'Enhancement', { inputmode: 'numeric', size: 4, hint: '0-200' })}</div>`,
    ).join('');
    heroCards.push(`<div class="card">${rowProblems(problems, row)}<div class="fields">
${select({ name: `${row}/key`, label: 'Hero', value: v(`${row}/key`), choices: HERO_CHOICES, problems, blank: '— add a hero —' })}
${field(`${row}/stars`, 'Stars', { size: 8, hint: 'e.g. 3★ 2/6, 4★, 0★' })}
${field(`${row}/level`, 'Level', { inputmode: 'numeric', size: 4 })}
${field(`${row}/exclusive_gear_level`, 'Exclusive Gear', { inputmode: 'numeric', size: 3, hint: '0-10, Mythic only' })}
${v(`${row}/key`) ? checkbox({ name: `${row}/remove`, label: 'Remove', checked: false }) : ''}
</div><details${Object.keys(values).some((n) => n.startsWith(`${row}/gear/`) && values[n]) || problems.of(`${row}/gear`).length > 0 ? ' open' : ''}><summary>Hero gear: mastery and enhancement</summary>${gear}</details></div>`);
  }
  const heroesSet = `<fieldset><legend>Heroes</legend>${rowProblems(problems, `${P}/heroes`)}${heroCards.join('\n')}</fieldset>`;

  const pieces = GEAR_PIECES.map((piece) => {
    const base = `${P}/governor_gear/${piece}`;
    return `<div class="card"><h3>${capital(piece)}</h3>${rowProblems(problems, `${base}/charms`)}<div class="fields">
${field(`${base}/level`, 'Level', { size: 12, hint: 'e.g. Gold T2 ★1, Red ★0, not crafted' })}
${[0, 1, 2].map((slot) => field(`${base}/charms/${slot}`, `Charm ${slot + 1}`, { inputmode: 'numeric', size: 3, hint: '0-22' })).join('')}
</div></div>`;
  }).join('\n');
  const gearSet = `<fieldset><legend>Governor Gear and charms</legend>${pieces}</fieldset>`;

  const buildingFields = OTHER_BUILDINGS.map(({ value, label }) =>
    field(`${P}/buildings/${value}`, label, {
      size: 8,
      hint: value === 'war_academy' ? 'e.g. TG2-3, not built' : 'e.g. 30, TG2-3',
    }),
  ).join('');
  const buildings = `<fieldset><legend>Truegold buildings</legend><p class="muted">The Town Center's level is above. Leave a building empty if you have not entered it.</p><div class="fields">${buildingFields}</div></fieldset>`;

  return `${problemSummary(problems)}<form class="player" method="post" action="/account/profile" novalidate>${hiddenFields(options.csrf, options.version)}
${basics}
${troops}
${stats}
${heroesSet}
${gearSet}
${buildings}
<p><button class="primary" type="submit">Save profile</button></p>
</form>`;
}
