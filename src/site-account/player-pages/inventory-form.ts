/**
 * The inventory form: the materials by section (the sections and their materials from the player-data schema),
 * shards and widgets per hero: a row for every hero already in the inventory, and blank rows to add one.
 */
import type { Inventory } from '../../account/model.js';
import { validatePlayerData } from '../../account/validate.js';
import { escapeHtml } from '../../pages/layout.js';
import {
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
import { HERO_CHOICES, INVENTORY_SECTIONS, MYTHIC_HERO_CHOICES } from './lists.js';

const I = '/inventory';
const BLANK_HERO_ROWS = 2;
const MAX_COUNT = 1_000_000_000_000;

export function inventoryValues(inventory: Inventory | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  if (!inventory) return values;
  for (const section of INVENTORY_SECTIONS) {
    if (section.perHero) {
      Object.entries(inventory[section.key]).forEach(([hero, amount], i) => {
        values[`${I}/${section.key}/${i}/hero`] = hero;
        values[`${I}/${section.key}/${i}/amount`] = String(amount);
      });
    } else {
      const amounts = inventory[section.key] as Record<string, number>;
      for (const material of section.materials)
        values[`${I}/${section.key}/${material.value}`] = String(amounts[material.value] ?? 0);
    }
  }
  return values;
}

/** Heroes a per-hero section may hold (the schema's maxProperties): a row index past it is ignored. */
const MAX_HERO_ROWS = 100;

function heroRowCount(values: FormValues, section: string): number {
  let highest = -1;
  const pattern = new RegExp(`^${I}/${section}/(\\d{1,3})/`);
  for (const name of Object.keys(values)) {
    const match = pattern.exec(name);
    if (match && Number(match[1]) < MAX_HERO_ROWS) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1 + BLANK_HERO_ROWS;
}

export function readInventoryForm(values: FormValues): { inventory?: Inventory; problems: Problem[] } {
  const problems: Problem[] = [];
  const inventory: Record<string, Record<string, number>> = {};
  /** Where each per-hero key came from in the form, to put the validation's problem beside its row. */
  const rowOfHero = new Map<string, string>();
  for (const section of INVENTORY_SECTIONS) {
    const amounts: Record<string, number> = {};
    if (section.perHero) {
      for (let i = 0; i < heroRowCount(values, section.key); i++) {
        const row = `${I}/${section.key}/${i}`;
        const hero = textOf(values, `${row}/hero`);
        const amountText = textOf(values, `${row}/amount`);
        if (hero === '' && amountText === '') continue;
        if (hero === '') {
          problems.push({ pointer: `${row}/hero`, message: 'choose the hero these are for' });
          continue;
        }
        if (rowOfHero.has(`${section.key}/${hero}`)) {
          problems.push({ pointer: `${row}/hero`, message: 'this hero has a row above already' });
          continue;
        }
        rowOfHero.set(`${section.key}/${hero}`, row);
        const amount = wholeNumber(values, `${row}/amount`, { min: 0, max: MAX_COUNT }, problems, { blankIs: 0 });
        if (amount !== undefined) amounts[hero] = amount;
      }
    } else {
      for (const material of section.materials) {
        const amount = wholeNumber(
          values,
          `${I}/${section.key}/${material.value}`,
          { min: 0, max: MAX_COUNT },
          problems,
          { blankIs: 0 },
        );
        amounts[material.value] = amount ?? 0;
      }
    }
    inventory[section.key] = amounts;
  }
  const validated = validatePlayerData({ inventory });
  if (!validated.ok)
    for (const problem of validated.problems) {
      const perHero = /^\/inventory\/(hero_shards|widgets)\/([^/]+)$/.exec(problem.pointer);
      const row = perHero ? rowOfHero.get(`${perHero[1]}/${perHero[2]}`) : undefined;
      problems.push({ ...problem, pointer: row ? `${row}/hero` : problem.pointer });
    }
  return problems.length > 0 ? { problems } : { inventory: inventory as unknown as Inventory, problems: [] };
}

export function inventoryProblems(values: FormValues, problems: readonly Problem[]): FieldProblems {
  const names: string[] = [];
  for (const section of INVENTORY_SECTIONS) {
    if (section.perHero)
      for (let i = 0; i < heroRowCount(values, section.key); i++)
        names.push(`${I}/${section.key}/${i}/hero`, `${I}/${section.key}/${i}/amount`);
    else for (const material of section.materials) names.push(`${I}/${section.key}/${material.value}`);
  }
  return new FieldProblems(problems, names);
}

export function inventoryForm(options: {
  values: FormValues;
  problems: FieldProblems;
  csrf: string;
  version: string;
}): string {
  const { values, problems } = options;
  const v = (name: string) => values[name] ?? '';
  const sections = INVENTORY_SECTIONS.map((section) => {
    if (!section.perHero) {
      const fields = section.materials
        .map((m) =>
          input({
            name: `${I}/${section.key}/${m.value}`,
            label: m.label,
            value: v(`${I}/${section.key}/${m.value}`),
            problems,
            inputmode: 'numeric',
          }),
        )
        .join('');
      return `<fieldset><legend>${escapeHtml(section.title)}</legend><div class="fields">${fields}</div></fieldset>`;
    }
    const choices = section.key === 'widgets' ? MYTHIC_HERO_CHOICES : HERO_CHOICES;
    const rows: string[] = [];
    for (let i = 0; i < heroRowCount(values, section.key); i++) {
      const row = `${I}/${section.key}/${i}`;
      rows.push(
        `<div class="fields">${select({ name: `${row}/hero`, label: 'Hero', value: v(`${row}/hero`), choices, problems, blank: '— add a hero —' })}${input({ name: `${row}/amount`, label: section.key === 'widgets' ? 'Widgets' : 'Shards', value: v(`${row}/amount`), problems, inputmode: 'numeric' })}</div>`,
      );
    }
    return `<fieldset><legend>${escapeHtml(section.title)}</legend><p class="muted">To drop a hero, choose “— add a hero —” and clear the amount.</p>${rows.join('\n')}</fieldset>`;
  }).join('\n');
  return `${problemSummary(problems)}<form class="player" method="post" action="/account/inventory" novalidate>${hiddenFields(options.csrf, options.version)}
${sections}
<p><button class="primary" type="submit">Save inventory</button></p>
</form>`;
}
