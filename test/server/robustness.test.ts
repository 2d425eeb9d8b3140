/**
 * Property-based: random bodies and headers never produce a 5xx or a crash, and every response is a well-formed
 * JSON-RPC error or result (or an empty 202). Random tool arguments always give a result that is either a tool
 * failure or valid against the tool's outputSchema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOLS, type ToolName } from '../../generated/tools/index.js';
import { outputValidators } from '../../generated/validators/output.js';
import { BASE, testApp } from '../helpers.js';

const app = testApp();
const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'notifications/initialized',
  'prompts/list',
];

const jsonRpcish = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.string(), fc.integer()),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double(), fc.object()),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string(), fc.integer()),
    params: fc.oneof(
      fc.object(),
      fc.jsonValue(),
      fc.record({
        name: fc.oneof(fc.constantFrom(...TOOLS.map((t) => t.name)), fc.string()),
        arguments: fc.oneof(fc.object(), fc.jsonValue()),
      }),
    ),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  jsonRpcish.map((v) => JSON.stringify(v)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc.uint8Array({ maxLength: 512 }),
  fc.array(jsonRpcish, { maxLength: 3 }).map((v) => JSON.stringify(v)),
);

const headerValue = fc.oneof(fc.string({ maxLength: 300 }), fc.constant(undefined));
const headers = fc.record({
  'content-type': fc.oneof(fc.constant('application/json'), headerValue),
  accept: fc.oneof(fc.constant('application/json, text/event-stream'), headerValue),
  'mcp-protocol-version': fc.oneof(fc.constantFrom('2025-11-25', '2025-06-18', '2024-10-07'), headerValue),
  'idempotency-key': headerValue,
});

function clean(h: Record<string, string | undefined>): Record<string, string> {
  // Header values must be ByteStrings without CR/LF; fast-check's strings may not be, and fetch would throw first.
  return Object.fromEntries(
    Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined && /^[\x20-\x7e]*$/.test(e[1])),
  );
}

function assertWellFormed(status: number, text: string): void {
  expect(status).toBeLessThan(500);
  if (status === 202) {
    expect(text).toBe('');
    return;
  }
  const json = JSON.parse(text) as Record<string, unknown>;
  expect(json.jsonrpc).toBe('2.0');
  if ('result' in json) {
    expect(typeof json.result).toBe('object');
  } else {
    const error = json.error as { code: unknown; message: unknown };
    expect(Number.isInteger(error.code)).toBe(true);
    expect(typeof error.message).toBe('string');
  }
}

describe('the endpoint under random input', () => {
  it('answers every random body and header combination with a well-formed JSON-RPC response, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(body, headers, async (b, h) => {
        const res = await app.request(`${BASE}/mcp`, { method: 'POST', headers: clean(h), body: b });
        assertWellFormed(res.status, await res.text());
      }),
      { numRuns: 600 },
    );
  });

  const levelish = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer({ min: -5, max: 250 }),
    fc.constantFrom('Gold T2 ★1', 'Red T6 ★3', 'TG4-2', '30', '3★ 2/6', '+12', 'Red 150', 'not crafted', 'locked'),
    fc.record(
      { stars: fc.integer({ min: -1, max: 7 }), tier: fc.integer({ min: -1, max: 8 }) },
      { requiredKeys: ['stars'] },
    ),
  );
  const args = fc.record(
    {
      from: levelish,
      to: levelish,
      pieces: fc.integer({ min: -1, max: 14 }),
      charms: fc.integer({ min: -1, max: 20 }),
      building: fc.constantFrom('town_center', 'war_academy', 'range', 'nope'),
      track: fc.constantFrom('mastery', 'red_gear', 'other'),
    },
    { requiredKeys: [] },
  );

  it('gives every tool call with random arguments either a tool failure or a result valid against its outputSchema', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TOOLS.filter((t) => t.availability === 'public').map((t) => t.name as ToolName)),
        args,
        async (name, a) => {
          const res = await app.request(`${BASE}/mcp`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'mcp-protocol-version': '2025-06-18',
            },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: a } }),
          });
          expect(res.status).toBe(200);
          const { result } = (await res.json()) as {
            result: { isError?: boolean; structuredContent?: unknown; content: { text: string }[] };
          };
          if (result.isError) {
            const { error } = JSON.parse(result.content[0]!.text) as { error: { code: string; message: string } };
            expect(error.message.length).toBeGreaterThan(10);
            expect(result.structuredContent).toEqual({ error });
          } else {
            const valid = outputValidators[name](result.structuredContent);
            expect(valid, JSON.stringify(outputValidators[name].errors)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
