/**
 * The cost of a refused argument set is bounded by what the message shows. Thousands of unknown
 * argument names (a 1 MiB body) once cost seconds: every validator error was worded and a "did you mean" computed
 * for each, though four are shown. Counted here, never timed: how many edit distances ran.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Similarity from '../../src/outcomes/similarity.js';

const counted = vi.hoisted(() => ({ distances: 0 }));
vi.mock('../../src/outcomes/similarity.js', async (original) => {
  const actual = await original<typeof Similarity>();
  return {
    ...actual,
    editDistance: (...args: Parameters<typeof actual.editDistance>) => {
      counted.distances++;
      return actual.editDistance(...args);
    },
    closest: (...args: Parameters<typeof actual.closest>) => {
      counted.distances += Math.min(args[1].length, 64);
      return actual.closest(...args);
    },
  };
});

const { callTool, post, testApp } = await import('../helpers.js');
const app = testApp();

function manyUnknownNames(count: number): Record<string, unknown> {
  const args: Record<string, unknown> = { from: 0, to: 22 };
  for (let i = 0; i < count; i++) args[`unknown_name_${i}`] = i;
  return args;
}

afterEach(() => {
  counted.distances = 0;
});

describe('a refused argument set with thousands of unknown names', () => {
  it('words four unknown names, counts the rest, and compares only the shown ones', async () => {
    const { status, result, text } = await callTool(app, 'governor_charm_cost', manyUnknownNames(9_000));
    expect(status).toBe(200);
    expect(result.isError).toBe(true);
    const { error } = JSON.parse(text!);
    expect(error.code).toBe('INVALID_ARGUMENTS');
    expect(error.argument).toBe('/unknown_name_0');
    expect(error.message).toBe(
      'Invalid arguments: unknown argument "unknown_name_0"; this tool takes: from, to, charms, ranges, have, include_steps; ' +
        'unknown argument "unknown_name_1"; this tool takes: from, to, charms, ranges, have, include_steps; ' +
        'unknown argument "unknown_name_2"; this tool takes: from, to, charms, ranges, have, include_steps; ' +
        'unknown argument "unknown_name_3"; this tool takes: from, to, charms, ranges, have, include_steps; and 8996 more.',
    );
    // Six candidates (from, to, charms, ranges, have, include_steps) for each of the four names shown; not 9,000 x 6.
    expect(counted.distances).toBeLessThanOrEqual(4 * 6);
  });
  it('shows a long unknown name cut short, as values are', async () => {
    const { text } = await callTool(app, 'governor_charm_cost', { from: 0, to: 1, ['n'.repeat(5000)]: 1 });
    const { error } = JSON.parse(text!);
    expect(error.message).toBe(
      `Invalid arguments: unknown argument "${'n'.repeat(57)}..."; this tool takes: from, to, charms, ranges, have, include_steps.`,
    );
    expect(error.argument).toBe(`/${'n'.repeat(5000)}`);
  });
  it('still reports a wrong value beside one unknown name, as before', async () => {
    const { text } = await callTool(app, 'governor_charm_cost', { from: 0, to: 99, charmz: 2 });
    const { error } = JSON.parse(text!);
    expect(error.message).toBe(
      'Invalid arguments: unknown argument "charmz"; this tool takes: from, to, charms, ranges, have, include_steps; to must be at most 22, not 99 (allowed: 0-22).',
    );
    expect(error.suggestions).toEqual(['charms']);
  });
});

describe('unknown names past the shown ones', () => {
  it('are counted, not validated, and a "__proto__" among them is still refused by name', async () => {
    const args = JSON.parse(
      `{"from":0,"to":1,"__proto__":1,${Array.from({ length: 9 }, (_, i) => `"u${i}":${i}`).join(',')}}`,
    );
    const { text } = await callTool(app, 'governor_charm_cost', args);
    const { error } = JSON.parse(text!);
    expect(error.message).toBe(
      'Invalid arguments: unknown argument "__proto__"; this tool takes: from, to, charms, ranges, have, include_steps; ' +
        'unknown argument "u0"; this tool takes: from, to, charms, ranges, have, include_steps; ' +
        'unknown argument "u1"; this tool takes: from, to, charms, ranges, have, include_steps; ' +
        'unknown argument "u2"; this tool takes: from, to, charms, ranges, have, include_steps; and 6 more.',
    );
  });
});

describe('a message with more object members than any request needs', () => {
  it('is refused before it is parsed: 400 Invalid Request naming the limit', async () => {
    const names = Array.from({ length: 10_001 }, (_, i) => `"n${i}":${i}`).join(',');
    const res = await post(
      app,
      `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"governor_charm_cost","arguments":{${names}}}}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: more than 10000 names in the JSON objects of one message.' },
    });
  });
  it('counts names, not colons inside strings', async () => {
    const { text } = await callTool(app, 'governor_charm_cost', { from: 0, to: 1, note: ':'.repeat(20_000) });
    expect(JSON.parse(text!).error.message).toContain('unknown argument "note"');
  });
});
