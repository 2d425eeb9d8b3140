/**
 * Every catalogue example run through the real endpoint (results match and validate against the outputSchema; error examples fail as stated).
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../codegen/catalog.js';
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
  // examples that fit them) are codegen's checks (codegen/catalog.ts, tool-rules.ts, examples.ts), each tested
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

      it('names in `materials` the same keys its totals declare', async () => {
        const success = tool.examples.find((e) => e.result);
        const totals = (tool.result.properties as Record<string, JsonSchema>).totals;
        if (!success || !totals) return;
        const { structured } = await call(tool.availability, tool.name, success.arguments);
        expect(Object.keys(structured.materials)).toEqual(Object.keys(totals.properties as object));
      });
    });
  }
});
