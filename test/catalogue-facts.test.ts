/**
 * What the service exposes, pinned once: the catalogue's facts (every tool with its availability, endpoints, cost
 * system, view and calculator page; the cost systems with their materials; the views; the website's calculator
 * pages and llms.txt lines), read from generated/ and the service's page lists and compared with one committed file,
 * test/catalogue-facts.json. Every other test derives its lists of tools, views, systems and pages from generated/,
 * so adding a tool changes this file and no hand-written line under test/.
 *
 * After a deliberate catalogue change, `npx vitest run test/catalogue-facts.test.ts --update` rewrites the file and the
 * diff is reviewed with the change. Under `CI=1` the file is only read (a stale or missing one fails, `--update` or not).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COST_TABLES, COST_TOOL_OF_SYSTEM, COST_TOOLS } from '../generated/cost-systems.js';
import { GOAL_SYSTEMS } from '../generated/player-data.js';
import { ENDPOINT_TOOL_NAMES } from '../generated/tool-names.js';
import { TOOLS } from '../generated/tools/index.js';
import { VIEWS } from '../generated/views/index.js';
import { WEBSITE_TOOLS } from '../generated/website/tools.js';
import { CALCULATOR_LINKS, calculatorPath } from '../src/pages/calculators/calculator-list.js';

/** The facts, in catalogue order: plain data, so the file reads as a list and a diff names what changed. */
export function catalogueFacts() {
  return {
    tools: Object.fromEntries(
      TOOLS.map((tool) => [
        tool.name,
        {
          title: tool.title,
          availability: tool.availability,
          endpoints: Object.keys(ENDPOINT_TOOL_NAMES).filter((path) =>
            (ENDPOINT_TOOL_NAMES[path] as readonly string[]).includes(tool.name),
          ),
          ...(tool.costSystem === undefined ? {} : { cost_system: tool.costSystem }),
          ...(tool.view === undefined ? {} : { view: tool.view }),
          ...((COST_TOOLS as readonly string[]).includes(tool.name)
            ? { calculator_page: calculatorPath(tool.name) }
            : {}),
          ...(tool.deprecation === undefined ? {} : { deprecation: tool.deprecation }),
        },
      ]),
    ),
    cost_systems: Object.fromEntries(
      Object.entries(COST_TABLES).map(([system, table]) => [
        system,
        {
          tool: COST_TOOL_OF_SYSTEM[system] ?? null,
          materials: Object.fromEntries(table.materials.map((m) => [m.key, m.name])),
        },
      ]),
    ),
    goal_systems: GOAL_SYSTEMS,
    views: Object.fromEntries(VIEWS.map((view) => [view.uri, view.tools])),
    website: {
      in_page_tools: Object.fromEntries(
        WEBSITE_TOOLS.map((tool) => [tool.name, { title: tool.title, read_only: tool.annotations.readOnlyHint }]),
      ),
      calculator_links: CALCULATOR_LINKS.map(({ path, title }) => `${path} ${title}`),
    },
  };
}

const FACTS_FILE = join(import.meta.dirname, 'catalogue-facts.json');

describe('the catalogue facts', () => {
  it('are the committed ones (test/catalogue-facts.json)', async () => {
    const facts = `${JSON.stringify(catalogueFacts(), null, 2)}\n`;
    // Under CI vitest writes no new snapshot, but `--update` would still rewrite this one: there the file is only read.
    if (process.env.CI) expect(facts).toBe(readFileSync(FACTS_FILE, 'utf8'));
    else await expect(facts).toMatchFileSnapshot(FACTS_FILE);
  });
});
