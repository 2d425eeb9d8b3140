/** The official MCP TypeScript SDK client against the real service listening on 127.0.0.1. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ['governor_gear_cost', { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 }, (s) => expect(s.totals).toEqual({ satin: 786000, gilded_threads: 7920, artisans_vision: 1530 })],
  ['governor_charm_cost', { from: 0, to: 22, charms: 18 }, (s) => expect(s.totals).toEqual({ charm_guides: 195840, charm_designs: 345600 })],
  ['truegold_upgrade_cost', { building: 'town_center', from: '30', to: 'TG8' }, (s) => expect(s.totals).toEqual({ truegold: 8775, tempered_truegold: 270 })],
  ['hero_shards_cost', { from: '0★', to: { stars: 5 } }, (s) => expect(s.totals).toEqual({ shards: 1065 })],
  ['hero_widgets_cost', { from: 0, to: 10 }, (s) => expect(s.totals).toEqual({ widgets: 275 })],
  ['mastery_forging_cost', { track: 'red_gear', from: 'Gold 100', to: 'Red 200' }, (s) => expect(s.totals).toMatchObject({ mithril: 150, mythic_gear_pieces: 35 })],
];

describe('official SDK client over Streamable HTTP', () => {
  it('connects and negotiates the latest protocol version', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'kingshot-mcp', version: '1.0.0' });
    expect(client.getInstructions()).toContain('Gold T2 ★1');
  });

  it('lists the tools with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(COST_CALLS.map(([name]) => name)));
    for (const tool of tools) expect(tool.outputSchema?.type).toBe('object');
  });

  it.each(COST_CALLS)('calls %s (the SDK validates structuredContent against outputSchema)', async (name, args, check) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    check(result.structuredContent);
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
  });

  it('gets a tool failure, not an exception, for a bad level', async () => {
    const result = await client.callTool({ name: 'governor_gear_cost', arguments: { from: 'Gold T9 ★0', to: 'Red ★0' } });
    expect(result.isError).toBe(true);
  });

  it('pings and lists resources', async () => {
    await expect(client.ping()).resolves.toBeDefined();
    await expect(client.listResources()).resolves.toHaveProperty('resources');
  });
});
