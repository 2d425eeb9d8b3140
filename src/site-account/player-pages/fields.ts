/**
 * The pieces of the player's forms: inputs with their problem beside them, the problems of a submitted form keyed by
 * field, and the hidden fields every form carries (the CSRF token and the version of what the page showed). A field
 * is named by the JSON pointer of the value it holds in the player's data (`/profile/governor_gear/crown/level`), so
 * a problem the validation reports at a pointer lands beside its field. Everything shown is escaped.
 */
import { escapeHtml } from '../../pages/layout.js';

export interface Problem {
  /** JSON pointer of the value at fault (the field's name, or a value inside it). */
  pointer: string;
  message: string;
}

/** Problems by the field they are shown beside; those matching no field are shown above the form. */
export class FieldProblems {
  readonly #byField = new Map<string, string[]>();
  readonly general: string[] = [];

  constructor(problems: readonly Problem[], fields: Iterable<string>) {
    const names = [...fields].sort((a, b) => b.length - a.length);
    for (const problem of problems) {
      // The field holding the pointer: itself, or the nearest enclosing one (`…/charms` for `…/charms/1`).
      const field = names.find((name) => problem.pointer === name || problem.pointer.startsWith(`${name}/`));
      if (field === undefined) this.general.push(`${problem.pointer}: ${problem.message}`);
      else this.#byField.set(field, [...(this.#byField.get(field) ?? []), problem.message]);
    }
  }

  of(field: string): readonly string[] {
    return this.#byField.get(field) ?? [];
  }

  get count(): number {
    return this.general.length + [...this.#byField.values()].reduce((sum, list) => sum + list.length, 0);
  }
}

export const NO_PROBLEMS = new FieldProblems([], []);

/** An id usable in HTML for a field name (a pointer holds `/`). */
export function fieldId(name: string, prefix = 'f'): string {
  return `${prefix}${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export interface InputOptions {
  name: string;
  label: string;
  value: string;
  problems?: FieldProblems;
  /** `text` unless given; numbers use `text` with inputmode numeric, so a wrong entry comes back as written. */
  inputmode?: 'numeric' | 'decimal';
  hint?: string;
  /** Width in characters (the field still shrinks on a phone). */
  size?: number;
  required?: boolean;
  maxlength?: number;
  idPrefix?: string;
}

function problemLines(id: string, messages: readonly string[]): string {
  return messages.length === 0
    ? ''
    : `<small class="problem" id="${id}-problem">${messages.map(escapeHtml).join('<br>')}</small>`;
}

function describedBy(id: string, hint: boolean, problems: boolean): string {
  const ids = [...(hint ? [`${id}-hint`] : []), ...(problems ? [`${id}-problem`] : [])];
  return ids.length === 0 ? '' : ` aria-describedby="${ids.join(' ')}"`;
}

export function input(options: InputOptions): string {
  const id = fieldId(options.name, options.idPrefix);
  const messages = options.problems?.of(options.name) ?? [];
  const attributes = [
    `id="${id}"`,
    `name="${escapeHtml(options.name)}"`,
    `value="${escapeHtml(options.value)}"`,
    options.inputmode ? `inputmode="${options.inputmode}"` : '',
    options.size ? `size="${options.size}"` : '',
    options.maxlength ? `maxlength="${options.maxlength}"` : '',
    options.required ? 'required' : '',
    messages.length > 0 ? 'aria-invalid="true"' : '',
  ].filter((a) => a !== '');
  const hint = options.hint ? `<small id="${id}-hint">${escapeHtml(options.hint)}</small>` : '';
  return `<div class="field${messages.length > 0 ? ' invalid' : ''}"><label for="${id}">${escapeHtml(options.label)}</label><input ${attributes.join(' ')}${describedBy(id, hint !== '', messages.length > 0)}>${hint}${problemLines(id, messages)}</div>`;
}

export function select(options: {
  name: string;
  label: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  problems?: FieldProblems;
  /** A first, empty choice (for a row that may be left blank). */
  blank?: string;
  idPrefix?: string;
}): string {
  const id = fieldId(options.name, options.idPrefix);
  const messages = options.problems?.of(options.name) ?? [];
  const choices = [...(options.blank !== undefined ? [{ value: '', label: options.blank }] : []), ...options.choices];
  const rendered = choices
    .map(
      (c) =>
        `<option value="${escapeHtml(c.value)}"${c.value === options.value ? ' selected' : ''}>${escapeHtml(c.label)}</option>`,
    )
    .join('');
  return `<div class="field${messages.length > 0 ? ' invalid' : ''}"><label for="${id}">${escapeHtml(options.label)}</label><select id="${id}" name="${escapeHtml(options.name)}"${messages.length > 0 ? ' aria-invalid="true"' : ''}${describedBy(id, false, messages.length > 0)}>${rendered}</select>${problemLines(id, messages)}</div>`;
}

export function checkbox(options: { name: string; label: string; checked: boolean; idPrefix?: string }): string {
  const id = fieldId(options.name, options.idPrefix);
  return `<div class="field check"><label for="${id}"><input type="checkbox" id="${id}" name="${escapeHtml(options.name)}" value="on"${options.checked ? ' checked' : ''}> ${escapeHtml(options.label)}</label></div>`;
}

/** The hidden fields of every form: its CSRF token and the version of what the page showed. */
export function hiddenFields(csrf: string, version: string, extra: Record<string, string> = {}): string {
  const fields = { csrf, version, ...extra };
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

/** The summary above a form that was refused: how many problems, and those that belong to no one field. */
export function problemSummary(problems: FieldProblems): string {
  if (problems.count === 0) return '';
  const general = problems.general.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  return `<div class="form-problems" role="alert"><p><strong>Nothing was saved.</strong> ${problems.count === 1 ? 'One entry needs' : `${problems.count} entries need`} correcting; each problem is shown beside its field.</p>${general ? `<ul>${general}</ul>` : ''}</div>`;
}

/** The notice for an edit from an out-of-date page. */
export const STALE_MESSAGE =
  'Not saved: this was changed elsewhere (another tab or device saved first) after this page was loaded. The page now shows what is saved; make your change again.';

export function notice(kind: 'saved' | 'stale' | 'info', text: string): string {
  return `<p class="notice ${kind}" role="status">${escapeHtml(text)}</p>`;
}

/** The form of a section's values: what the player wrote, read back field by field. */
export type FormValues = Readonly<Record<string, string>>;

/** The text a field holds, trimmed ('' when absent). */
export function textOf(form: FormValues, name: string): string {
  return (form[name] ?? '').trim();
}

/** A whole number written in a field (separators allowed: `12,500`), or a problem saying what is allowed. */
export function wholeNumber(
  form: FormValues,
  name: string,
  range: { min: number; max: number },
  problems: Problem[],
  options: { blankIs?: number } = {},
): number | undefined {
  const text = textOf(form, name).replace(/[\s,_']/g, '');
  if (text === '') {
    if (options.blankIs !== undefined) return options.blankIs;
    problems.push({ pointer: name, message: `enter a whole number from ${range.min} to ${range.max}` });
    return undefined;
  }
  if (!/^-?\d+$/.test(text)) {
    problems.push({
      pointer: name,
      message: `"${textOf(form, name)}" is not a whole number (${range.min} to ${range.max})`,
    });
    return undefined;
  }
  const value = Number(text);
  if (value < range.min || value > range.max) {
    problems.push({ pointer: name, message: `${value} is out of range: from ${range.min} to ${range.max}` });
    return undefined;
  }
  return value;
}

/** A number with decimals (bonus percentages), or a problem. */
export function decimalNumber(
  form: FormValues,
  name: string,
  range: { min: number; max: number },
  problems: Problem[],
): number | undefined {
  const text = textOf(form, name).replace(/[\s%]/g, '').replace(',', '.');
  if (text === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value) || !/^-?\d+(?:\.\d+)?$/.test(text)) {
    problems.push({ pointer: name, message: `"${textOf(form, name)}" is not a number (e.g. 125.5)` });
    return undefined;
  }
  if (value < range.min || value > range.max) {
    problems.push({ pointer: name, message: `${value} is out of range: from ${range.min} to ${range.max}` });
    return undefined;
  }
  return value;
}

/** Styles of the player's pages (beside the site's own): fields in rows that wrap to one column on a phone. */
export const PLAYER_PAGE_STYLE = `
form.player { margin: 1rem 0; }
form.player fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 1rem; padding: .5rem .75rem .75rem; min-width: 0; }
form.player legend { font-weight: 600; padding: 0 .25rem; }
.fields { display: flex; flex-wrap: wrap; gap: .5rem .75rem; align-items: flex-start; }
.field { display: flex; flex-direction: column; gap: .15rem; flex: 1 1 9rem; min-width: 0; }
.field.narrow { flex: 0 1 6rem; }
.field.check { flex: 0 0 auto; justify-content: flex-end; }
.field label { font-weight: 600; font-size: .9rem; }
.field small { color: var(--muted); font-size: .8rem; }
.field small.problem, .form-problems { color: #b3261e; }
@media (prefers-color-scheme: dark) { .field small.problem, .form-problems { color: #ff8a80; } }
.field.invalid input, .field.invalid select { border-color: #b3261e; }
form.player input, form.player select, form.player button, form.inline button { font: inherit; padding: .35rem .5rem; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--fg); max-width: 100%; min-width: 0; }
form.player button { cursor: pointer; color: var(--accent); border-color: var(--accent); }
form.player button[value=save], form.player button[value=add], form.player button.primary, form.inline button.primary { background: var(--accent); color: var(--bg); border-color: var(--accent); font-weight: 600; }
form.player button[value=delete] { color: #b3261e; border-color: #b3261e; }
table.plan { display: table; width: 100%; max-width: 40rem; }
@media (max-width: 36rem) { table.plan th, table.plan td { padding: .25rem .3rem; font-size: .8rem; } table.plan td:first-child { overflow-wrap: anywhere; } }
form.inline { display: inline; margin: 0; }
.form-problems { border-left: 4px solid #b3261e; padding: .25rem .75rem; margin: 1rem 0; background: var(--code); }
.notice { border-left: 4px solid var(--accent); padding: .4rem .75rem; background: var(--code); }
.notice.stale { border-color: #b3261e; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; margin: 0 0 .75rem; }
.card h3 { margin: .25rem 0 .5rem; }
.actions { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .5rem; }
.muted { color: var(--muted); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
`;
