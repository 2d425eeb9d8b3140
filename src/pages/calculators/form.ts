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
    const blank =
      required && fallback !== undefined
        ? ''
        : `<option value=""${fallback === undefined ? ' selected' : ''}>${required ? 'Choose…' : 'Default'}</option>`;
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

export function calculatorForm(calculator: Calculator, values: URLSearchParams): string {
  const properties = (calculator.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((calculator.inputSchema.required ?? []) as string[]);
  const fields = Object.entries(properties).map(([name, schema]) =>
    field(
      name,
      schema,
      required.has(name),
      values.get(name) ?? undefined,
      calculator.choices[name],
      calculator.keyed.includes(name),
    ),
  );
  // The fragment survives the GET submission: the next page opens at its result or error, not at the form again
  // (on a phone the form fills the first screen).
  return `<form class="calculator" method="get" action="${escapeHtml(calculator.path)}#${OUTCOME_ID}">\n${fields.join('\n')}\n<div class="field"><button type="submit">Calculate</button></div>\n</form>`;
}
