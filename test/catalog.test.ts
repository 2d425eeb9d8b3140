/**
 * Every catalogue example run through the real endpoint (results match and validate against the outputSchema; error examples fail as stated).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadCatalog } from '../codegen/generate.js';
import type { JsonSchema } from '../codegen/model.js';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { outputValidators } from '../generated/validators/output.js';
import { TOOLS, type ToolName } from '../generated/tools/index.js';
import { TOOL_LIST_ENTRIES } from '../generated/tools-list.js';
import { accountApp, accountServices, callAccountTool, mintAccessToken } from './account-helpers.js';
import { callTool, testApp } from './helpers.js';

const REPO = resolve(import.meta.dirname, '..');
const { catalog, problems } = loadCatalog(REPO);
const app = testApp();

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
/**
 * Ajv in strict mode (every strict option on; union types allowed, as JSON Schema allows them), the way a strict
 * client checks structuredContent against the outputSchema it was served.
 */
const strictAjv = addFormats(new Ajv({ strict: true, strictRequired: true, allowUnionTypes: true, allErrors: true }));
const servedValidators = new Map<string, ValidateFunction>();
function servedOutputValidator(name: string): ValidateFunction {
  let validate = servedValidators.get(name);
  if (!validate) {
    validate = strictAjv.compile(TOOL_LIST_ENTRIES[name as ToolName]['2025-06-18'].outputSchema as object);
    servedValidators.set(name, validate);
  }
  return validate;
}

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
  it('serves an outputSchema for every tool that compiles in strict Ajv and takes the tool error as the other branch', () => {
    for (const tool of TOOLS) {
      const schema = TOOL_LIST_ENTRIES[tool.name as ToolName]['2025-06-18'].outputSchema as {
        type: string;
        oneOf: unknown[];
      };
      expect(schema.type, tool.name).toBe('object');
      expect(schema.oneOf, tool.name).toHaveLength(2);
      const validate = servedOutputValidator(tool.name);
      const failure = { error: { code: 'NOT_FOUND', message: 'No such thing.', suggestions: ['a'] } };
      expect(validate(failure), tool.name).toBe(true);
      // Neither a bare object nor an error with an unknown code passes.
      expect(validate({}), tool.name).toBe(false);
      expect(validate({ error: { code: 'OOPS', message: 'x' } }), tool.name).toBe(false);
    }
  });

  // The rules each entry follows (descriptions with examples, described and typed arguments, portable schemas,
  // examples that fit them) are codegen's checks (codegen/check/catalogue.ts, tool-rules.ts, examples.ts), each tested
  // in test/codegen/validation.test.ts; here the real catalogue passes them all, and its examples run.
  it('loads without problems', () => {
    expect(problems).toEqual([]);
    // One tool per file of catalog/tools/, in file-name order.
    const files = readdirSync(join(REPO, 'catalog/tools'))
      .filter((file) => file.endsWith('.yaml'))
      .sort();
    expect(catalog?.tools.map((t) => `${t.name}.yaml`)).toEqual(files);
  });

  for (const tool of catalog?.tools ?? []) {
    describe(tool.name, () => {
      it.each(tool.examples.map((e) => [e.title, e] as const))('example: %s', async (_, example) => {
        const { status, result, text, structured } = await call(tool.availability, tool.name, example.arguments);
        expect(status).toBe(200);
        // Failures included: structuredContent is there and validates against the served outputSchema.
        const served = servedOutputValidator(tool.name);
        expect(served(structured), JSON.stringify(served.errors)).toBe(true);
        expect(structured).toEqual(JSON.parse(text!));
        if (example.error) {
          expect(result.isError).toBe(true);
          const { error } = structured;
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
 * inventory must name every material key it returns. Each name is the one the cost table's YAML gives, read here
 * from data/costs/ (not from generated/cost-systems.ts, which is what the service itself reads).
 */
describe('material names', () => {
  const tools = catalog?.tools ?? [];
  const properties = (name: string) =>
    (tools.find((t) => t.name === name)?.result.properties ?? {}) as Record<string, JsonSchema>;
  /** The catalogue's cost tools: those codegen joined to a cost system. */
  const COST_TOOLS = TOOLS.filter((t) => t.costSystem !== undefined).map((t) => t.name);
  const costsFolder = join(REPO, 'data/costs');
  const NAMES_IN_DATA: Record<string, string> = Object.fromEntries(
    readdirSync(costsFolder)
      .filter((file) => file.endsWith('.yaml'))
      .flatMap((file) =>
        (
          parse(readFileSync(join(costsFolder, file), 'utf8')) as { materials: { key: string; name: string }[] }
        ).materials.map((m) => [m.key, m.name]),
      ),
  );
  const namesOf = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, NAMES_IN_DATA[key]]));

  it('are returned by the cost tools, plan_upgrades and get_my_inventory only; the other tools return no material keys', () => {
    const withMaterials = tools.filter((t) => 'materials' in (t.result.properties as object)).map((t) => t.name);
    expect(withMaterials.sort()).toEqual(['get_my_inventory', 'plan_upgrades', ...COST_TOOLS].sort());
    for (const name of COST_TOOLS) expect(properties(name), name).toHaveProperty('totals');
  });

  it.each(COST_TOOLS)('%s names in `materials` exactly the keys its totals declare', async (name) => {
    const tool = tools.find((t) => t.name === name)!;
    const success = tool.examples.find((e) => e.result);
    expect(success, `${name} has a success example`).toBeDefined();
    const declared = Object.keys(properties(name).totals!.properties as object);
    expect(declared.length).toBeGreaterThan(0);
    const { structured } = await call(tool.availability, name, success!.arguments);
    expect(structured.materials).toEqual(namesOf(declared));
    for (const key of declared) expect(NAMES_IN_DATA[key], `${key} in data/costs/`).toEqual(expect.any(String));
  });

  it('get_my_inventory names every material key of its material sections (hero sections are keyed by hero)', async () => {
    const { structured } = await call('account', 'get_my_inventory', {});
    const sections = structured.sections as Record<string, Record<string, number>>;
    const keys = ['governor_gear', 'charms', 'truegold', 'forging'].flatMap((section) =>
      Object.keys(sections[section]!),
    );
    expect(keys).toHaveLength(11);
    expect(keys.filter((key) => NAMES_IN_DATA[key] === undefined)).toEqual([]);
    // Every material of every cost table, the hero sections' shards and widgets included.
    expect(structured.materials).toEqual(NAMES_IN_DATA);
  });

  it('plan_upgrades names exactly the materials of its totals, with the names in data/costs', async () => {
    const { structured } = await call('public', 'plan_upgrades', {
      plan: [
        { system: 'governor_charm', from: 1, to: 3 },
        { system: 'truegold', building: 'embassy', from: 'TG5', to: 'TG6' },
      ],
    });
    const keys = Object.keys(structured.totals as object);
    expect(keys).toEqual(['charm_guides', 'charm_designs', 'truegold', 'tempered_truegold']);
    expect(structured.materials).toEqual(namesOf(keys));
  });
});
