/** JSON-RPC methods of the public endpoint: initialize, ping, tools/list, tools/call, resources, and the rest. */
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../generated/tools/index.js';
import { outputValidators } from '../../generated/validators/output.js';
import { fixtureRegistry } from '../fixtures/registry.js';
import { callTool, rpc, testApp } from '../helpers.js';

const app = testApp();
const init = (protocolVersion: unknown) => ({
  protocolVersion,
  capabilities: {},
  clientInfo: { name: 'test', version: '1.0.0' },
});

describe('initialize', () => {
  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'])(
    'echoes the supported version %s',
    async (version) => {
      expect((await rpc(app, 'initialize', init(version))).json.result.protocolVersion).toBe(version);
    },
  );
  it.each([['2099-01-01'], [undefined], [42]])('answers %j with 2025-11-25', async (version) => {
    expect((await rpc(app, 'initialize', init(version))).json.result.protocolVersion).toBe('2025-11-25');
  });
  it('declares tools and resources without list changes, the MCP Apps extension, server info 1.0.0 and instructions', async () => {
    const { result } = (await rpc(app, 'initialize', init('2025-11-25'))).json;
    expect(result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false },
      extensions: { 'io.modelcontextprotocol/ui': {} },
    });
    expect(result.serverInfo).toMatchObject({ name: 'kingshot-mcp', title: 'Kingshot Companion', version: '1.0.0' });
    expect(result.instructions).toContain('Gold T2 ★1');
  });
});

describe('ping and methods not offered', () => {
  it('ping answers {}', async () => {
    expect((await rpc(app, 'ping')).json.result).toEqual({});
  });
  it.each([
    'prompts/list',
    'prompts/get',
    'completion/complete',
    'logging/setLevel',
    'resources/subscribe',
    'sampling/createMessage',
    'nonsense',
  ])('%s is 200 with -32601', async (method) => {
    const r = await rpc(app, method, {});
    expect(r.status).toBe(200);
    expect(r.json.error.code).toBe(-32601);
  });
});

describe('tools/list', () => {
  it('lists every public tool once, sorted by name, in one page', async () => {
    const { result } = (await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2025-11-25' })).json;
    const names = result.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(
      TOOLS.filter((t) => t.availability === 'public')
        .map((t) => t.name)
        .sort(),
    );
    expect(result.nextCursor).toBeUndefined();
  });
  it('gives every tool a portable name, title, description, object inputSchema, outputSchema and read-only annotations', async () => {
    const { result } = (await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2025-06-18' })).json;
    for (const tool of result.tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.title.length).toBeGreaterThan(3);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema.type).toBe('object');
      expect(tool.annotations).toEqual({
        title: tool.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
  });
  it('sends only name, description and inputSchema to 2024-era clients', async () => {
    const { result } = (await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2024-11-05' })).json;
    for (const tool of result.tools) expect(Object.keys(tool).sort()).toEqual(['description', 'inputSchema', 'name']);
  });
  it('is byte-identical across requests', async () => {
    const a = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2025-11-25' });
    const b = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2025-11-25' });
    expect(JSON.stringify(a.json.result)).toBe(JSON.stringify(b.json.result));
  });
});

describe('tools/call', () => {
  it('returns the result as JSON text and, for 2025-06-18+, the same object as structuredContent', async () => {
    const { result, text, structured } = await callTool(app, 'governor_gear_cost', {
      from: 'Gold T2 ★1',
      to: 'Gold T3 ★3',
    });
    expect(result.isError).toBeUndefined();
    expect(result.content).toHaveLength(1);
    expect(result.content[0].type).toBe('text');
    expect(JSON.parse(text!)).toEqual(structured);
    expect(outputValidators.governor_gear_cost(structured)).toBe(true);
    expect(structured.totals).toEqual({ satin: 393000, gilded_threads: 3960, artisans_vision: 765 });
  });
  it('leaves structuredContent out of a 2025-03-26 failure too (that era has no outputSchema)', async () => {
    const { result, text } = await callTool(app, 'hero_widgets_cost', { from: 0, to: 11 }, '2025-03-26');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse(text!).error.code).toBe('INVALID_ARGUMENTS');
  });
  it('leaves structuredContent out for 2025-03-26 clients (the text stays complete)', async () => {
    const { result, text } = await callTool(app, 'hero_widgets_cost', { from: 0, to: 10 }, '2025-03-26');
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse(text!).totals.widgets).toBe(275);
  });
  it('hero_widgets_cost is listed and callable, like every public tool (docs/protocol.md, "Tool availability")', async () => {
    expect((await callTool(app, 'hero_widgets_cost', { from: 1, to: 10 })).structured.totals.widgets).toBe(270);
  });
  it.each([
    ['an unknown argument', { from: 'Gold ★0', to: 'Gold ★1', form: 'x' }, 'unknown argument "form"', ['from']],
    ['a missing argument', { from: 'Gold ★0' }, 'missing required argument "to"', []],
    ['a wrong type', { from: 'Gold ★0', to: 'Gold ★1', pieces: '2' }, 'pieces must be integer, not a string', []],
    [
      'an out-of-range number',
      { from: 'Gold ★0', to: 'Gold ★1', pieces: 9 },
      'pieces must be at most 6, not 9 (allowed: 1-6)',
      ['6'],
    ],
  ])('%s is an isError result (200) saying what is wrong', async (_, args, message, suggestions) => {
    const { status, result, text } = await callTool(app, 'governor_gear_cost', args);
    expect(status).toBe(200);
    expect(result.isError).toBe(true);
    // The failure document as structuredContent too (docs/protocol.md, "Results and failures").
    expect(result.structuredContent).toEqual(JSON.parse(text!));
    const { error } = JSON.parse(text!);
    expect(error.code).toBe('INVALID_ARGUMENTS');
    expect(error.message).toContain(message);
    expect(error.suggestions).toEqual(suggestions);
  });
  it('an enum argument lists the allowed values and the closest one', async () => {
    const { text } = await callTool(app, 'truegold_upgrade_cost', { building: 'barrak', from: '30', to: 'TG1' });
    const { error } = JSON.parse(text!);
    expect(error.message).toContain('must be one of town_center, embassy');
    expect(error.suggestions[0]).toBe('barracks');
  });
  it('an argument of the wrong alternative type names the accepted forms', async () => {
    const { text } = await callTool(app, 'hero_shards_cost', { from: true, to: '5★' });
    expect(JSON.parse(text!).error.message).toContain('from must be string or object, not a boolean');
  });
  it("the argument's description completes the message as a clause, ending in one period", async () => {
    const message = async (name: string, args: Record<string, unknown>) =>
      JSON.parse((await callTool(app, name, args)).text!).error.message as string;
    const hero = 'Hero key (from search_database), name or alias, e.g. `amadeus`, `Long Fei`, `Mikoto`';
    expect(await message('get_hero', { key: '?!' })).toBe(`Invalid arguments: key "?!" is not valid: ${hero}.`);
    expect(await message('get_hero', {})).toBe(`Invalid arguments: missing required argument "key" (${hero}).`);
    expect(await message('truegold_upgrade_cost', { building: 'town_center', from: true, to: 'TG1' })).toBe(
      'Invalid arguments: from must be string or integer, not a boolean: Current level, e.g. `30`, `30-4`, `TG2`, `TG5-1`, or the numeric level 30-80.',
    );
  });
  it('a calculator failure (unknown level) is an isError result with suggestions', async () => {
    const { result, text } = await callTool(app, 'governor_gear_cost', { from: 'Gold T4 ★0', to: 'Red ★0' });
    expect(result.isError).toBe(true);
    expect(JSON.parse(text!).error).toMatchObject({
      code: 'UNKNOWN_LEVEL',
      argument: '/from',
      suggestions: ['Gold T3 ★0', 'Gold T3 ★1', 'Gold T3 ★2'],
    });
  });
  it('arguments may be omitted (treated as {}) and then fail as tool errors, not protocol errors', async () => {
    const r = await rpc(app, 'tools/call', { name: 'hero_widgets_cost' });
    expect(r.json.result.isError).toBe(true);
  });
  it.each([
    ['no name', {}],
    ['a numeric name', { name: 3 }],
    ['array arguments', { name: 'hero_widgets_cost', arguments: [1, 2] }],
    ['string arguments', { name: 'hero_widgets_cost', arguments: '{"from":0}' }],
  ])('%s is a -32602 protocol error', async (_, params) => {
    const r = await rpc(app, 'tools/call', params);
    expect(r.status).toBe(200);
    expect(r.json.error.code).toBe(-32602);
  });
  it('an unknown tool is -32602 naming the tools that exist', async () => {
    const r = await rpc(app, 'tools/call', { name: 'no_such_tool', arguments: {} });
    expect(r.json.error.code).toBe(-32602);
    expect(r.json.error.message).toContain('governor_gear_cost');
    expect(r.json.error.message).toContain('truegold_upgrade_cost');
  });
  it('an account-only tool on /mcp is -32602 saying it lives on /mcp/account', async () => {
    const fixture = testApp({ registry: fixtureRegistry() });
    const r = await rpc(fixture, 'tools/call', { name: 'account_tool', arguments: {} });
    expect(r.json.error.code).toBe(-32602);
    expect(r.json.error.message).toContain('/mcp/account');
    expect((await rpc(fixture, 'tools/list')).json.result.tools.map((t: { name: string }) => t.name)).not.toContain(
      'account_tool',
    );
  });
  it('an unexpected fault in a handler is 500 with -32603 and no stack trace', async () => {
    const fixture = testApp({ registry: fixtureRegistry() });
    const r = await rpc(fixture, 'tools/call', { name: 'boom', arguments: {} });
    expect(r.status).toBe(500);
    expect(r.json.error.code).toBe(-32603);
    expect(JSON.stringify(r.json)).not.toMatch(/secret|stack|at \w+ \(/);
  });
});

describe('resources', () => {
  it('resources/list answers a list, resources/templates/list an empty one', async () => {
    expect(Array.isArray((await rpc(app, 'resources/list')).json.result.resources)).toBe(true);
    expect((await rpc(app, 'resources/templates/list')).json.result).toEqual({ resourceTemplates: [] });
  });
  it('an unknown resource is 200 with -32002', async () => {
    const r = await rpc(app, 'resources/read', { uri: 'ui://nothing/here' });
    expect(r.status).toBe(200);
    expect(r.json.error.code).toBe(-32002);
  });
  it('resources/read without a uri is -32602', async () => {
    expect((await rpc(app, 'resources/read', {})).json.error.code).toBe(-32602);
  });
});
