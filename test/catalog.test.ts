/**
 * Every catalogue example run through the real endpoint (results match and validate against the outputSchema; error examples fail as stated).
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../codegen/load-catalogue.js';
import type { JsonSchema } from '../codegen/model.js';
import { outputValidators } from '../generated/validators/output.js';
import type { ToolName } from '../generated/tools/index.js';
import { accountApp, accountServices, callAccountTool, mintAccessToken } from './account-helpers.js';
import { callTool, testApp } from './helpers.js';

const { catalog, problems } = loadCatalog(resolve(import.meta.dirname, '..'));
const app = testApp();

/** Account tools run their examples on /mcp/account as the seeded demo player. */
let callAs: (name: string, args: unknown) => ReturnType<typeof callTool>;
beforeAll(async () => {
  const services = await accountServices();
  const account = accountApp(services);
  const token = await mintAccessToken(services, services.demoUserId);
  callAs = (name, args) => callAccountTool(account, token, name, args);
});
function call(availability: string, name: string, args: unknown) {
  return availability === 'account' ? callAs(name, args) : callTool(app, name, args);
}

describe('the catalogue', () => {
  // The rules each entry follows (descriptions with examples, described and typed arguments, portable schemas,
  // examples that fit them) are codegen's checks (codegen/load-catalogue.ts, tool-rules.ts, examples.ts), each tested
  // in test/codegen/validation.test.ts; here the real catalogue passes them all, and its examples run.
  it('loads without problems', () => {
    expect(problems).toEqual([]);
    expect(catalog?.tools.length).toBeGreaterThan(0);
  });

  for (const tool of catalog?.tools ?? []) {
    describe(tool.name, () => {

      it.each(tool.examples.map((e) => [e.title, e] as const))('example: %s', async (_, example) => {
        const { status, result, text, structured } = await call(tool.availability, tool.name, example.arguments);
        expect(status).toBe(200);
        if (example.error) {
          expect(result.isError).toBe(true);
          const { error } = JSON.parse(text!);
          expect(error.code).toBe(example.error.code);
          for (const part of example.error.message_includes ?? []) expect(error.message).toContain(part);
        } else {
          expect(result.isError, text).toBeUndefined();
          expect(structured).toMatchObject(example.result!);
          const validate = outputValidators[tool.name as ToolName];
          expect(validate(structured), JSON.stringify(validate.errors)).toBe(true);
        }
      });

    });
  }
});

/**
 * `materials` maps material keys to display names. A cost tool must name exactly the keys its totals declare; the
 * inventory must name every material key it returns. Tools whose result has no `materials` are left out by name.
 */
describe('material names', () => {
  const tools = catalog?.tools ?? [];
  const properties = (name: string) => (tools.find((t) => t.name === name)?.result.properties ?? {}) as Record<string, JsonSchema>;
  const COST_TOOLS = ['governor_charm_cost', 'governor_gear_cost', 'hero_shards_cost', 'hero_widgets_cost', 'mastery_forging_cost', 'truegold_upgrade_cost'];

  it('are returned by the six cost tools and get_my_inventory only; the other eight tools return no material keys', () => {
    const withMaterials = tools.filter((t) => 'materials' in (t.result.properties as object)).map((t) => t.name);
    expect(withMaterials).toEqual(['get_my_inventory', ...COST_TOOLS]);
    expect(tools.length - withMaterials.length).toBe(8);
    for (const name of COST_TOOLS) expect(properties(name), name).toHaveProperty('totals');
  });

  it.each(COST_TOOLS)('%s names in `materials` exactly the keys its totals declare', async (name) => {
    const tool = tools.find((t) => t.name === name)!;
    const success = tool.examples.find((e) => e.result);
    expect(success, `${name} has a success example`).toBeDefined();
    const declared = Object.keys(properties(name).totals!.properties as object);
    expect(declared.length).toBeGreaterThan(0);
    const { structured } = await call(tool.availability, name, success!.arguments);
    expect(Object.keys(structured.materials)).toEqual(declared);
    for (const key of declared) expect(structured.materials[key], key).toMatch(/^[A-Z]/);
  });

  it('get_my_inventory names every material key of its material sections (hero sections are keyed by hero)', async () => {
    const { structured } = await call('account', 'get_my_inventory', {});
    const sections = structured.sections as Record<string, Record<string, number>>;
    const keys = ['governor_gear', 'charms', 'truegold', 'forging'].flatMap((section) => Object.keys(sections[section]!));
    expect(keys).toHaveLength(11);
    for (const key of keys) expect(structured.materials[key], key).toMatch(/^[A-Z]/);
  });
});
