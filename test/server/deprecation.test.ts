/**
 * Deprecation and sunset with the clock frozen one second before, at, and one second after each instant. The
 * fixture tool `old_tool` is deprecated at 2027-01-01T00:00:00Z and gone from 2027-04-01 (replacement:
 * governor_gear_cost).
 */
import { describe, expect, it } from 'vitest';
import { fixtureRegistry } from '../fixtures/registry.js';
import { post, rpc, testApp } from '../helpers.js';

const DEPRECATED = Date.parse('2027-01-01T00:00:00Z');
const SUNSET = Date.parse('2027-04-01T00:00:00Z');

function appAt(epochMs: number, options: Parameters<typeof fixtureRegistry>[0] = {}) {
  return testApp({ registry: fixtureRegistry(options), clock: () => new Date(epochMs) });
}

async function listed(app: ReturnType<typeof testApp>): Promise<string[]> {
  return (await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2025-11-25' })).json.result.tools.map(
    (t: { name: string }) => t.name,
  );
}

describe('a deprecated tool', () => {
  it('one second before the deprecation: listed, callable, no headers', async () => {
    const app = appAt(DEPRECATED - 1000);
    expect(await listed(app)).toContain('old_tool');
    const r = await rpc(app, 'tools/call', { name: 'old_tool', arguments: { level: 2 } });
    expect(r.json.result.isError).toBeUndefined();
    expect(r.headers.get('deprecation')).toBeNull();
    expect(r.headers.get('sunset')).toBeNull();
  });
  it.each([
    ['at the deprecation instant', DEPRECATED],
    ['one second after it', DEPRECATED + 1000],
    ['one second before the sunset', SUNSET - 1000],
  ])('%s: listed, callable, with Deprecation, Sunset and Link', async (_, now) => {
    const app = appAt(now);
    expect(await listed(app)).toContain('old_tool');
    const r = await rpc(app, 'tools/call', { name: 'old_tool', arguments: { level: 2 } });
    expect(JSON.parse(r.json.result.content[0].text)).toEqual({ echo: 2 });
    expect(r.headers.get('deprecation')).toBe('@1798761600');
    expect(r.headers.get('sunset')).toBe('Thu, 01 Apr 2027 00:00:00 GMT');
    expect(r.headers.get('link')).toBe('<http://127.0.0.1:3000/developers#changelog>; rel="deprecation"');
  });
  it('only responses that involve it carry the headers', async () => {
    const app = appAt(DEPRECATED + 1000);
    const other = await rpc(app, 'tools/call', {
      name: 'governor_gear_cost',
      arguments: { from: 'Gold ★0', to: 'Gold ★1' },
    });
    expect(other.headers.get('deprecation')).toBeNull();
    expect((await rpc(app, 'tools/list')).headers.get('deprecation')).toBeNull();
  });
  // The description follows the clock like the headers: a client that lists tools months before the deprecation
  // must not read "DEPRECATED" yet.
  const PLAIN = 'Fixture tool old_tool used by the server tests only.';
  const NOTICE =
    'DEPRECATED (from 2027-01-01T00:00:00Z, removed on 2027-04-01): Renamed; the arguments are unchanged. Use governor_gear_cost instead.\n\n';
  async function descriptionOf(now: number, version: string): Promise<string> {
    const tools = (await rpc(appAt(now), 'tools/list', undefined, { 'mcp-protocol-version': version })).json.result
      .tools;
    return tools.find((t: { name: string }) => t.name === 'old_tool').description;
  }
  it.each(['2024-11-05', '2025-03-26', '2025-11-25'])(
    'before the deprecation, its description (protocol %s) says nothing of it',
    async (version) => {
      expect(await descriptionOf(DEPRECATED - 1000, version)).toBe(PLAIN);
    },
  );
  it.each(['2024-11-05', '2025-03-26', '2025-11-25'])(
    'from the deprecation on, its description (protocol %s) tells the model, with the replacement',
    async (version) => {
      expect(await descriptionOf(DEPRECATED, version)).toBe(NOTICE + PLAIN);
      expect(await descriptionOf(SUNSET - 1000, version)).toBe(NOTICE + PLAIN);
    },
  );
  it('one app answers by the clock at each request: plain before, prefixed after (the per-interval cache does not leak)', async () => {
    let now = DEPRECATED - 1000;
    const app = testApp({ registry: fixtureRegistry(), clock: () => new Date(now) });
    const current = async () =>
      (await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2025-11-25' })).json.result.tools.find(
        (t: { name: string }) => t.name === 'old_tool',
      ).description;
    expect(await current()).toBe(PLAIN);
    now = DEPRECATED;
    expect(await current()).toBe(NOTICE + PLAIN);
  });
  it.each([
    ['at the sunset instant', SUNSET],
    ['one second after it', SUNSET + 1000],
  ])('%s: gone from tools/list, and a call names the replacement', async (_, now) => {
    const app = appAt(now);
    expect(await listed(app)).not.toContain('old_tool');
    const r = await rpc(app, 'tools/call', { name: 'old_tool', arguments: {} });
    expect(r.json.error.code).toBe(-32602);
    expect(r.json.error.message).toContain('removed on 2027-04-01. Use governor_gear_cost instead.');
    expect(r.json.error.message).not.toContain('old_tool,');
  });
});

describe('a deprecated endpoint', () => {
  const endpointDeprecation = {
    deprecated: '2027-02-01T00:00:00Z',
    sunset: '2027-06-01',
    replacement: '/mcp/account',
    notice: 'Moving.',
  };
  const deprecated = Date.parse(endpointDeprecation.deprecated);
  const sunset = Date.parse('2027-06-01T00:00:00Z');

  it('one second before: no headers', async () => {
    const r = await rpc(appAt(deprecated - 1000, { endpointDeprecation }), 'ping');
    expect(r.headers.get('deprecation')).toBeNull();
  });
  it('from the deprecation on, every response carries the headers, 202s included', async () => {
    const app = appAt(deprecated, { endpointDeprecation });
    const r = await rpc(app, 'ping');
    expect(r.headers.get('deprecation')).toBe(`@${deprecated / 1000}`);
    expect(r.headers.get('sunset')).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
    const accepted = await post(app, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('sunset')).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
  });
  it('a call to a deprecated tool on a deprecated endpoint carries the sooner sunset', async () => {
    const r = await rpc(appAt(deprecated + 1000, { endpointDeprecation }), 'tools/call', {
      name: 'old_tool',
      arguments: {},
    });
    expect(r.headers.get('sunset')).toBe('Thu, 01 Apr 2027 00:00:00 GMT');
  });
  it('one second before the sunset it still answers; at and after it, 410 naming the replacement', async () => {
    expect((await rpc(appAt(sunset - 1000, { endpointDeprecation }), 'ping')).status).toBe(200);
    for (const now of [sunset, sunset + 1000]) {
      const r = await rpc(appAt(now, { endpointDeprecation }), 'ping');
      expect(r.status).toBe(410);
      expect(r.json.error.message).toContain('/mcp/account');
    }
  });
});
