/**
 * What the descriptions promise is what the service does: search_database's `elsewhere` (every match a `kind`
 * filter hid, whether or not the kind itself matched), and /mcp/account's initialize instructions, which lead
 * with the three tools that endpoint exists for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../generated/endpoints.js';
import { TOOLS } from '../../generated/tools/index.js';
import type { AccountServices } from '../../src/auth/account-services.js';
import { accountApp, accountRpc, accountServices, mintAccessToken } from '../account-helpers.js';
import { callTool, testApp } from '../helpers.js';

const app = testApp();

describe('search_database elsewhere', () => {
  it('a kind that matches still lists what the filter hid: "bear" among events names the Master Valora, "Bear Hunter"', async () => {
    const { structured } = await callTool(app, 'search_database', { query: 'bear', kind: 'events' });
    expect(structured.matches.map((m: { key: string; score: number }) => [m.key, m.score])).toEqual([
      ['bear-hunt', 0.875],
    ]);
    expect(structured.elsewhere).toEqual([
      {
        key: 'valora',
        kind: 'master',
        name: 'Valora',
        score: 0.774,
        url: 'http://127.0.0.1:3000/masters/valora',
        matched: 'Bear Hunter',
        match_type: 'prefix',
        summary: 'Master: Hunting Master (Bear Hunt specialist)',
      },
    ]);
    expect(structured.message).toBeUndefined();
  });
  it('a kind that does not match says so and points elsewhere', async () => {
    const { structured } = await callTool(app, 'search_database', { query: 'Amadeus', kind: 'events' });
    expect(structured.matches).toEqual([]);
    expect(structured.elsewhere.map((m: { key: string }) => m.key)).toEqual(['amadeus', 'vip-exclusive-hero-shard']);
    expect(structured.message).toBe(
      'No events match "Amadeus", but Amadeus (hero), VIP-exclusive shard (Amadeus / Helga) (item) do: see elsewhere, or search without kind.',
    );
  });
  it('no elsewhere without a kind, nor when no other kind matches', async () => {
    expect((await callTool(app, 'search_database', { query: 'bear' })).structured.elsewhere).toBeUndefined();
    expect(
      (await callTool(app, 'search_database', { query: 'kingdom of power', kind: 'events' })).structured.elsewhere,
    ).toBeUndefined();
  });
  it('the description says exactly this', () => {
    const description = TOOLS.find((t) => t.name === 'search_database')!.description;
    expect(description).toContain(
      'With a `kind`, `elsewhere` lists the best matches (up to 3) of the other kinds that the filter hid, whether or not the kind itself matched',
    );
  });
});

describe('/mcp/account initialize', () => {
  let services: AccountServices & { demoUserId: string };
  beforeAll(async () => {
    services = await accountServices();
  });
  afterAll(async () => {
    await services.store.close();
  });
  it('instructions lead with get_my_profile, get_my_goals and get_my_inventory, before any other tool', async () => {
    const token = await mintAccessToken(services, services.demoUserId);
    const { json } = await accountRpc(accountApp(services), token, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    const instructions: string = json.result.instructions;
    expect(instructions).toBe(ENDPOINTS.find((e) => e.path === '/mcp/account')!.instructions);
    const firstSentence = instructions.slice(0, instructions.indexOf('. ') + 1);
    // Named here as the instructions name them, and checked to be exactly the catalogue's account tools, so a new
    // account tool fails this test until the instructions lead with it too.
    const accountTools = ['get_my_profile', 'get_my_goals', 'get_my_inventory'];
    expect(
      TOOLS.filter((t) => t.availability === 'account')
        .map((t) => t.name)
        .sort(),
    ).toEqual([...accountTools].sort());
    for (const tool of accountTools) expect(firstSentence, tool).toContain(tool);
    const others = TOOLS.filter((t) => t.availability === 'public')
      .map((t) => instructions.indexOf(t.name))
      .filter((i) => i >= 0);
    expect(Math.min(...others)).toBeGreaterThan(instructions.indexOf('get_my_inventory'));
  });
  it('/mcp keeps its own instructions, without the account tools', () => {
    expect(ENDPOINTS.find((e) => e.path === '/mcp')!.instructions).not.toContain('get_my_');
  });
});
