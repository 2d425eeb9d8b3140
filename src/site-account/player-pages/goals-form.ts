/**
 * The goals page's forms: one per saved goal (edit, switch on or off, move up or down, delete) and one per cost
 * system to add a goal. A goal is checked as an import checks it: the schema, then its target against the current
 * level in the saved profile by the cost tool's own calculator (planGoal), so the page refuses what the tool would.
 */
import type { Goal, PlayerProfile, StoredGoal } from '../../account/model.js';
import { subjectOf } from '../../account/goals-report.js';
import { validatePlayerData } from '../../account/validate.js';
import { GOAL_SYSTEMS } from '../../../generated/player-data.js';
import { escapeHtml } from '../../pages/layout.js';
import {
  checkbox,
  FieldProblems,
  hiddenFields,
  input,
  select,
  textOf,
  type FormValues,
  type Problem,
} from './fields.js';
import { BUILDINGS, GEAR_PIECES, HERO_CHOICES, HERO_GEAR_SLOTS, MYTHIC_HERO_CHOICES, type Choice } from './lists.js';

export type GoalSystem = Goal['system'];
export const SYSTEMS: readonly GoalSystem[] = GOAL_SYSTEMS;

const G = '/goal';
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const PIECES: readonly Choice[] = GEAR_PIECES.map((p) => ({ value: p, label: capital(p) }));
const SLOTS: readonly Choice[] = HERO_GEAR_SLOTS.map((s) => ({ value: s, label: capital(s) }));
const CHARM_SLOTS: readonly Choice[] = [1, 2, 3].map((n) => ({ value: String(n), label: `Charm ${n}` }));
const TRACKS: readonly Choice[] = [
  { value: 'mastery', label: 'Mastery Forging' },
  { value: 'red_gear', label: 'Red Gear (enhancement)' },
];

export const SYSTEM_TITLES: Readonly<Record<GoalSystem, string>> = {
  governor_gear: 'Governor Gear level',
  governor_charm: 'Governor charm level',
  truegold: 'Truegold building level',
  hero_shards: 'Hero stars',
  hero_widgets: 'Exclusive Gear (widgets)',
  mastery_forging: 'Hero gear forging',
};

/** The fields of a goal of `system` besides the target: what each chooses from. */
const SUBJECT_FIELDS: Readonly<
  Record<GoalSystem, readonly { field: string; label: string; choices: readonly Choice[] }[]>
> = {
  governor_gear: [{ field: 'piece', label: 'Piece', choices: PIECES }],
  governor_charm: [
    { field: 'piece', label: 'Piece', choices: PIECES },
    { field: 'slot', label: 'Charm', choices: CHARM_SLOTS },
  ],
  truegold: [{ field: 'building', label: 'Building', choices: BUILDINGS }],
  hero_shards: [{ field: 'hero', label: 'Hero', choices: HERO_CHOICES }],
  hero_widgets: [{ field: 'hero', label: 'Hero', choices: MYTHIC_HERO_CHOICES }],
  mastery_forging: [
    { field: 'hero', label: 'Hero', choices: HERO_CHOICES },
    { field: 'slot', label: 'Gear slot', choices: SLOTS },
    { field: 'track', label: 'Track', choices: TRACKS },
  ],
};

const TARGET_HINTS: Readonly<Record<GoalSystem, string>> = {
  governor_gear: 'e.g. Gold T2 ★1, Red T1 ★0',
  governor_charm: '0-22',
  truegold: 'e.g. TG4-2, 55',
  hero_shards: 'e.g. 4★, 3★ 2/6',
  hero_widgets: 'Exclusive Gear level 0-10',
  mastery_forging: 'mastery +1 to +20; red gear e.g. Red 150',
};

/** Targets that are whole numbers in the schema; the others are labels (or a numeric level written as digits). */
const NUMERIC_TARGET: ReadonlySet<GoalSystem> = new Set(['governor_charm', 'hero_widgets']);

export function goalValues(goal: Goal): Record<string, string> {
  const values: Record<string, string> = { [`${G}/system`]: goal.system, [`${G}/target`]: String(goal.target) };
  for (const { field } of SUBJECT_FIELDS[goal.system])
    values[`${G}/${field}`] = String((goal as unknown as Record<string, unknown>)[field]);
  if (goal.note) values[`${G}/note`] = goal.note;
  if (goal.active) values[`${G}/active`] = 'on';
  return values;
}

export function isSystem(value: string): value is GoalSystem {
  return (SYSTEMS as readonly string[]).includes(value);
}

/** The submitted goal of `system`, checked against the saved profile as an import is; or the problems. */
export function readGoalForm(
  system: GoalSystem,
  values: FormValues,
  profile: PlayerProfile | undefined,
): { goal?: Goal; problems: Problem[] } {
  const problems: Problem[] = [];
  const goal: Record<string, unknown> = { system };
  for (const { field, label, choices } of SUBJECT_FIELDS[system]) {
    const value = textOf(values, `${G}/${field}`);
    if (!choices.some((c) => c.value === value)) {
      problems.push({ pointer: `${G}/${field}`, message: `choose the ${label.toLowerCase()}` });
      continue;
    }
    goal[field] = field === 'slot' && system === 'governor_charm' ? Number(value) : value;
  }
  const target = textOf(values, `${G}/target`);
  if (target === '') problems.push({ pointer: `${G}/target`, message: `enter the target (${TARGET_HINTS[system]})` });
  else if (NUMERIC_TARGET.has(system)) {
    if (!/^\d{1,3}$/.test(target))
      problems.push({ pointer: `${G}/target`, message: `"${target}" is not a whole number (${TARGET_HINTS[system]})` });
    else goal.target = Number(target);
  } else goal.target = /^\d{1,3}$/.test(target) ? Number(target) : target;
  goal.active = values[`${G}/active`] === 'on';
  const note = textOf(values, `${G}/note`);
  if (note !== '') goal.note = note;
  if (problems.length > 0) return { problems };
  const validated = validatePlayerData({ goals: [goal] }, profile);
  if (validated.ok) return { goal: goal as unknown as Goal, problems: [] };
  return {
    problems: validated.problems.map((p) => {
      if (p.pointer.startsWith('/goals/0')) return { ...p, pointer: p.pointer.replace(/^\/goals\/0/, G) || G };
      // The saved profile's current level cannot be read (it names the field of the profile at fault).
      return { pointer: G, message: `your saved profile: ${p.pointer}: ${p.message}` };
    }),
  };
}

export function goalProblems(system: GoalSystem, problems: readonly Problem[]): FieldProblems {
  const fields = [...SUBJECT_FIELDS[system].map((f) => `${G}/${f.field}`), `${G}/target`, `${G}/note`];
  return new FieldProblems(problems, fields);
}

function goalFields(system: GoalSystem, values: FormValues, problems: FieldProblems, idPrefix: string): string {
  const v = (name: string) => values[name] ?? '';
  const subject = SUBJECT_FIELDS[system]
    .map(({ field, label, choices }) =>
      select({ name: `${G}/${field}`, label, value: v(`${G}/${field}`), choices, problems, blank: '—', idPrefix }),
    )
    .join('');
  const general = [...problems.general, ...problems.of(G)];
  return `${general.length > 0 ? `<p class="form-problems">${general.map(escapeHtml).join('<br>')}</p>` : ''}<div class="fields">${subject}
${input({ name: `${G}/target`, label: 'Target', value: v(`${G}/target`), problems, hint: TARGET_HINTS[system], size: 12, idPrefix })}
${input({ name: `${G}/note`, label: 'Note', value: v(`${G}/note`), problems, maxlength: 200, idPrefix })}
${checkbox({ name: `${G}/active`, label: 'Active', checked: v(`${G}/active`) === 'on', idPrefix })}
</div>`;
}

/** One saved goal: what it is, its fields to edit, and its buttons. */
export function goalCard(options: {
  stored: StoredGoal;
  index: number;
  total: number;
  csrf: string;
  version: string;
  /** What the player submitted for this goal when it was refused. */
  values?: FormValues;
  problems?: FieldProblems;
}): string {
  const { stored, index, total } = options;
  const values = options.values ?? goalValues(stored.goal);
  const problems = options.problems ?? new FieldProblems([], []);
  const idPrefix = `g${stored.id}-`;
  const title = `${subjectOf(stored.goal)} → ${String(stored.goal.target)}`;
  const state = stored.goal.active ? '' : ' <span class="muted">(switched off)</span>';
  return `<div class="card" id="goal-${stored.id}"><h3>${index + 1}. ${escapeHtml(title)}${state}</h3>
${stored.goal.note ? `<p class="muted">${escapeHtml(stored.goal.note)}</p>` : ''}
<form class="player" method="post" action="/account/goals" novalidate>${hiddenFields(options.csrf, options.version, { id: String(stored.id), system: stored.goal.system })}
${goalFields(stored.goal.system, values, problems, idPrefix)}
<div class="actions"><button type="submit" name="action" value="save">Save</button>
<button type="submit" name="action" value="toggle">${stored.goal.active ? 'Switch off' : 'Switch on'}</button>
${index > 0 ? '<button type="submit" name="action" value="up">Move up</button>' : ''}
${index < total - 1 ? '<button type="submit" name="action" value="down">Move down</button>' : ''}
<button type="submit" name="action" value="delete">Delete</button></div>
</form></div>`;
}

/** The forms to add a goal, one per cost system (the one refused stays open with what was written). */
export function addGoalForms(options: {
  csrf: string;
  version: string;
  refused?: { system: GoalSystem; values: FormValues; problems: FieldProblems };
}): string {
  return SYSTEMS.map((system) => {
    const refused = options.refused?.system === system ? options.refused : undefined;
    const values = refused?.values ?? { [`${G}/active`]: 'on' };
    const problems = refused?.problems ?? new FieldProblems([], []);
    return `<details class="card"${refused ? ' open' : ''}><summary>${escapeHtml(SYSTEM_TITLES[system])}</summary>
<form class="player" method="post" action="/account/goals" novalidate>${hiddenFields(options.csrf, options.version, { system })}
${goalFields(system, values, problems, `add-${system}-`)}
<div class="actions"><button type="submit" name="action" value="add">Add goal</button></div>
</form></details>`;
  }).join('\n');
}
