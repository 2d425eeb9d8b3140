/**
 * The calculator form, from the tool's input schema: a select for an enumeration or a small integer range, else a
 * text input with the accepted spellings as suggestions. It submits with GET, so the result has a shareable URL
 * and the page works without JavaScript.
 */
import { escapeHtml } from '../layout.js';
import type { Calculator, JsonSchema } from './calculator-list.js';

/** The element that holds a calculator page's result or error: the form's submissions land there. */
export const OUTCOME_ID = 'outcome';

/** Integer ranges up to this many values are a select; wider ones an input. */
const MAX_SELECT_OPTIONS = 30;

const labelOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');

function optionsOf(schema: JsonSchema): string[] | undefined {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String);
  if (
    schema.type === 'integer' &&
    typeof schema.minimum === 'number' &&
    typeof schema.maximum === 'number' &&
    schema.maximum - schema.minimum < MAX_SELECT_OPTIONS
  ) {
    return Array.from({ length: schema.maximum - schema.minimum + 1 }, (_, i) =>
      String((schema.minimum as number) + i),
    );
  }
  return undefined;
}

/** Enumerations of words read better as words: `town_center` is shown "Town center". */
const optionLabel = (value: string) => (/^[a-z_]+$/.test(value) ? labelOf(value) : value);

function field(
  name: string,
  schema: JsonSchema,
  required: boolean,
  value: string | undefined,
  choices: readonly string[] | undefined,
  keyed: boolean,
): string {
  const id = `field-${name}`;
  const description = typeof schema.description === 'string' && !keyed ? schema.description.replace(/`/g, '') : '';
  const hint = description ? `<small id="${id}-hint">${escapeHtml(description)}</small>` : '';
  const described = description ? ` aria-describedby="${id}-hint"` : '';
  const options = optionsOf(schema);
  let control: string;
  if (options) {
    const fallback = value ?? (schema.default !== undefined ? String(schema.default) : undefined);
    // A field with a default offers "Default"; one without (a building) asks for a choice, without `required`, as a
    // list of ranges may stand in for it.
    const blank =
      required && fallback !== undefined
        ? ''
        : `<option value=""${fallback === undefined ? ' selected' : ''}>${required || schema.default === undefined ? 'Choose…' : 'Default'}</option>`;
    // A value from the URL that is not an option is kept (and selected), so the tool's error about it shows what was sent.
    const all = fallback !== undefined && !options.includes(fallback) ? [...options, fallback] : options;
    control = `<select id="${id}" name="${escapeHtml(name)}"${required ? ' required' : ''}${described}>${blank}${all.map((o) => `<option value="${escapeHtml(o)}"${o === fallback ? ' selected' : ''}>${escapeHtml(optionLabel(o))}</option>`).join('')}</select>`;
  } else {
    const list = choices && choices.length > 0 ? `${id}-choices` : undefined;
    control = `<input id="${id}" name="${escapeHtml(name)}" type="text" autocomplete="off" spellcheck="false"${required ? ' required' : ''}${value !== undefined ? ` value="${escapeHtml(value)}"` : ''}${list ? ` list="${list}"` : ''}${described}>`;
    if (list)
      control += `<datalist id="${list}">${choices!.map((c) => `<option value="${escapeHtml(c)}"></option>`).join('')}</datalist>`;
  }
  return `<div class="field"><label for="${id}">${escapeHtml(labelOf(name))}</label>${control}${hint}</div>`;
}

/** The arguments of a list or a budget: shown as their own fields below the one-range ones. */
const LIST = 'ranges';
const BUDGET = 'have';
const OWN_FIELDS = new Set([LIST, BUDGET, 'include_steps']);

/**
 * The arguments one range needs (`from`, and `building` for a building): those each entry of `ranges` requires.
 * The form requires none of them (a list may replace them); the Markdown argument list names them.
 */
export function oneRangeArguments(inputSchema: JsonSchema): Set<string> {
  const list = (inputSchema.properties as Record<string, JsonSchema> | undefined)?.[LIST];
  const items = list?.items as JsonSchema | undefined;
  return new Set([...((inputSchema.required ?? []) as string[]), ...((items?.required ?? []) as string[])]);
}

/** The budget: one number per material the tool counts, sent as `have.<key>`. */
function budgetFields(schema: JsonSchema, values: URLSearchParams): string {
  const materials = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const inputs = Object.entries(materials).map(([key, material]) => {
    const id = `field-have-${key}`;
    const value = values.get(`${BUDGET}.${key}`);
    return `<div class="field"><label for="${id}">${escapeHtml(String(material.description ?? key))}</label><input id="${id}" name="${escapeHtml(`${BUDGET}.${key}`)}" type="text" inputmode="numeric" autocomplete="off"${value ? ` value="${escapeHtml(value)}"` : ''}></div>`;
  });
  return `<fieldset class="budget"><legend>Materials you have (optional: how far they go)</legend>\n${inputs.join('\n')}\n</fieldset>`;
}

/** The list: one upgrade per line, in the line syntax arguments.ts reads (listLineSyntax). */
function listField(syntax: string, values: URLSearchParams): string {
  const id = `field-${LIST}`;
  const value = values.get(LIST) ?? '';
  return `<div class="field"><label for="${id}">Several upgrades (optional, instead of From and To)</label><textarea id="${id}" name="${LIST}" rows="4" spellcheck="false" aria-describedby="${id}-hint">${escapeHtml(value)}</textarea><small id="${id}-hint">One per line: ${escapeHtml(syntax)}</small></div>`;
}

export function calculatorForm(calculator: Calculator, values: URLSearchParams, listSyntax?: string): string {
  const properties = (calculator.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((calculator.inputSchema.required ?? []) as string[]);
  const fields = Object.entries(properties)
    .filter(([name]) => !OWN_FIELDS.has(name))
    .map(([name, schema]) =>
      field(
        name,
        schema,
        required.has(name),
        values.get(name) ?? undefined,
        calculator.choices[name],
        calculator.keyed.includes(name),
      ),
    );
  if (properties[LIST] && listSyntax) fields.push(listField(listSyntax, values));
  if (properties[BUDGET]) fields.push(budgetFields(properties[BUDGET], values));
  // The fragment survives the GET submission: the next page opens at its result or error, not at the form again
  // (on a phone the form fills the first screen).
  return `<form class="calculator" method="get" action="${escapeHtml(calculator.path)}#${OUTCOME_ID}">\n${fields.join('\n')}\n<div class="field"><button type="submit">Calculate</button></div>\n</form>`;
}
