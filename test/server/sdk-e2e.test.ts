/**
 * The official MCP TypeScript SDK client against the real service listening on 127.0.0.1: the cost tools and the
 * reference tools (the SDK validates structuredContent against each tool's outputSchema), and the page a search
 * result links to.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../generated/tools/index.js';
import { startService, type RunningService } from '../service.js';

let service: RunningService;
let client: Client;

beforeAll(async () => {
  service = await startService();
  client = new Client({ name: 'kingshot-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`)));
});

afterAll(async () => {
  await client?.close();
  await service?.stop();
});

const COST_CALLS: [string, Record<string, unknown>, (s: any) => void][] = [
  [
    'governor_gear_cost',
    { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 },
    (s) => expect(s.totals).toEqual({ satin: 786000, gilded_threads: 7920, artisans_vision: 1530 }),
  ],
  [
    'governor_charm_cost',
    { from: 0, to: 22, charms: 18 },
    (s) => expect(s.totals).toEqual({ charm_guides: 195840, charm_designs: 345600 }),
  ],
  [
    'truegold_upgrade_cost',
    { building: 'town_center', from: '30', to: 'TG8' },
    (s) => expect(s.totals).toEqual({ truegold: 8775, tempered_truegold: 270 }),
  ],
  ['hero_shards_cost', { from: '0★', to: { stars: 5 } }, (s) => expect(s.totals).toEqual({ shards: 1065 })],
  ['hero_widgets_cost', { from: 0, to: 10 }, (s) => expect(s.totals).toEqual({ widgets: 275 })],
  [
    'mastery_forging_cost',
    { track: 'red_gear', from: 'Gold 100', to: 'Red 200' },
    (s) => expect(s.totals).toMatchObject({ mithril: 150, mythic_gear_pieces: 35 }),
  ],
];

describe('official SDK client over Streamable HTTP', () => {
  it('connects and negotiates the latest protocol version', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'kingshot-mcp', version: '1.0.0' });
    expect(client.getInstructions()).toContain('Gold T2 ★1');
  });

  it('lists the tools with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      TOOLS.filter((t) => t.availability === 'public')
        .map((t) => t.name)
        .sort(),
    );
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(COST_CALLS.map(([name]) => name)));
    for (const tool of tools) expect(tool.outputSchema?.type).toBe('object');
  });

  it.each(COST_CALLS)(
    'calls %s (the SDK validates structuredContent against outputSchema)',
    async (name, args, check) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBeUndefined();
      check(result.structuredContent);
      expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
    },
  );

  it('gets a tool failure, not an exception, for a bad level', async () => {
    const result = await client.callTool({
      name: 'governor_gear_cost',
      arguments: { from: 'Gold T9 ★0', to: 'Red ★0' },
    });
    expect(result.isError).toBe(true);
    // The SDK validated this structuredContent against the listed outputSchema (it throws when it does not fit).
    expect((result.structuredContent as { error: { code: string } }).error.code).toBe('UNKNOWN_LEVEL');
  });

  it('pings and lists resources', async () => {
    await expect(client.ping()).resolves.toBeDefined();
    await expect(client.listResources()).resolves.toHaveProperty('resources');
  });
});

const REFERENCE_CALLS: [string, Record<string, unknown>, (s: any) => void][] = [
  [
    'search_database',
    { query: 'amnae' },
    (s) => expect(s.matches[0]).toMatchObject({ key: 'amane', kind: 'hero', url: `${service.baseUrl}/heroes/amane` }),
  ],
  [
    'get_hero',
    { key: 'Long Fei' },
    (s) => expect(s).toMatchObject({ key: 'long-fei', generation: 5, troop_type: 'infantry' }),
  ],
  [
    'get_master',
    { key: 'Hunting Master' },
    (s) => expect(s).toMatchObject({ key: 'valora', manuscripts_total_all_skills: 21150 }),
  ],
  [
    'get_item',
    { key: 'Silk' },
    (s) => expect(s).toMatchObject({ key: 'satin', cost_tool: { tool: 'governor_gear_cost', material: 'satin' } }),
  ],
  [
    'get_event',
    { key: 'KvK' },
    (s) => expect(s).toMatchObject({ key: 'kingdom-of-power', type: 'kingdom_vs_kingdom' }),
  ],
  [
    'get_tier_list',
    { role: 'bear_hunt_joiner', generation: 4 },
    (s) =>
      expect(s.tiers.find((t: { tier: string }) => t.tier === 'S').heroes.map((h: { key: string }) => h.key)).toEqual([
        'chenko',
        'yeonwoo',
        'amane',
        'amadeus',
        'margot',
      ]),
  ],
];

describe('reference tools over the official SDK client', () => {
  it('lists them, get_hero with its view', async () => {
    const { tools } = await client.listTools();
    for (const [name] of REFERENCE_CALLS)
      expect(tools.find((t) => t.name === name)?.outputSchema?.type, name).toBe('object');
    expect(tools.find((t) => t.name === 'get_hero')?._meta).toMatchObject({
      ui: { resourceUri: 'ui://kingshot/hero' },
    });
    expect(client.getInstructions()).toContain('search first');
  });

  it.each(REFERENCE_CALLS)('calls %s', async (name, args, check) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeUndefined();
    const structured = result.structuredContent as { data_version: string };
    check(structured);
    expect(structured.data_version).toMatch(/^\d{4}\.\d{2}\.\d{2}\+[0-9a-f]{8}$/);
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(structured);
  });

  it('gets AMBIGUOUS and NOT_FOUND as tool failures', async () => {
    const ambiguous = await client.callTool({ name: 'get_item', arguments: { key: 'shard' } });
    expect(ambiguous.isError).toBe(true);
    expect(JSON.parse((ambiguous.content as { text: string }[])[0]!.text).error.code).toBe('AMBIGUOUS');
    expect(ambiguous.structuredContent).toEqual(JSON.parse((ambiguous.content as { text: string }[])[0]!.text));
    const missing = await client.callTool({ name: 'get_hero', arguments: { key: 'Valora' } });
    expect(missing.isError).toBe(true);
    expect(JSON.parse((missing.content as { text: string }[])[0]!.text).error.message).toContain(
      'call get_master with key "valora"',
    );
  });

  it('the page a search result links to exists, as HTML and as Markdown', async () => {
    const result = await client.callTool({ name: 'search_database', arguments: { query: 'amnae' } });
    const url = (result.structuredContent as { matches: { url: string }[] }).matches[0]!.url;
    const html = await fetch(url);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('<h1>Amane</h1>');
    const markdown = await fetch(url, { headers: { accept: 'text/markdown' } });
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await markdown.text()).toMatch(/^# Amane\n/);
  });
});
