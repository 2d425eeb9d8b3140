/**
 * Today's clients against the real service on 127.0.0.1 (docs/protocol.md, "Protocol eras"): each recorded first
 * request (test/fixtures/client-shapes.ts, with its source) gets what its client needs, and the official TypeScript
 * SDK v2 client, in its default mode and in `auto` (which probes server/discover first), lists the tools and calls
 * one. The Python SDK client runs in test/server/python-sdk.test.ts; its first request is one of the recorded shapes too.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../generated/tools/index.js';
import { CLIENT_SHAPES } from '../fixtures/client-shapes.js';
import { startService, type RunningService } from '../service.js';

const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
const PUBLIC_TOOLS = TOOLS.filter((t) => t.availability === 'public').map((t) => t.name);

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

describe('each recorded client shape', () => {
  it.each(CLIENT_SHAPES.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    const res = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: shape.headers,
      body: JSON.stringify(shape.body),
    });
    const json = await res.json();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    if (shape.expect.kind === 'refuse') {
      expect(res.status).toBe(400);
      expect(json.id).toBe(shape.body.id);
      expect(json.result).toBeUndefined();
      expect(json.error.code).toBe(-32022);
      expect(json.error.data).toEqual({
        supported: SUPPORTED,
        ...(shape.expect.requested ? { requested: shape.expect.requested } : {}),
      });
      expect(json.error.message).toContain(`This server speaks ${SUPPORTED.join(', ')}: start with initialize.`);
      return;
    }
    expect(res.status).toBe(200);
    expect(json.error).toBeUndefined();
    for (const key of shape.expect.resultKeys) expect(json.result).toHaveProperty(key);
    if (shape.expect.protocolVersion) expect(json.result.protocolVersion).toBe(shape.expect.protocolVersion);
    const toolShape = shape.expect.toolShape;
    if (toolShape) {
      const tools = json.result.tools as Record<string, unknown>[];
      expect(tools.map((t) => t.name)).toEqual(PUBLIC_TOOLS);
      // 2025-03-26 has no outputSchema; 2025-06-18 on lists one for every catalogue tool.
      expect(tools.every((t) => (t.outputSchema !== undefined) === (toolShape === '2025-06-18'))).toBe(true);
    }
  });
});

interface Exchange {
  method: string;
  versionHeader: string | null;
  status: number;
}

/** A fetch that records each POST's JSON-RPC method, version header and status. */
function recordingFetch(log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method === 'POST' && typeof init.body === 'string') {
      const headers = new Headers(init.headers);
      log.push({
        method: (JSON.parse(init.body) as { method?: string }).method ?? '(response)',
        versionHeader: headers.get('mcp-protocol-version'),
        status: res.status,
      });
    }
    return res;
  };
}

async function listAndCall(client: ClientV2) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(PUBLIC_TOOLS);
  // A failure too: the SDK validates its structuredContent against the outputSchema it listed.
  const failure = await client.callTool({ name: 'hero_widgets_cost', arguments: { from: 0, to: 11 } });
  expect(failure.isError).toBe(true);
  expect((failure.structuredContent as { error: { code: string } }).error.code).toBe('INVALID_ARGUMENTS');
  const result = await client.callTool({
    name: 'governor_gear_cost',
    arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 },
  });
  expect(result.isError).toBeFalsy();
  expect((result.structuredContent as { totals: unknown }).totals).toEqual({
    satin: 786000,
    gilded_threads: 7920,
    artisans_vision: 1530,
  });
}

describe('the TypeScript SDK v2 client (@modelcontextprotocol/client 2.4.0)', () => {
  it('in its default mode: initialize, tools listed, a tool called', async () => {
    const log: Exchange[] = [];
    const client = new ClientV2({ name: 'v2-default', version: '1.0.0' });
    await client.connect(new TransportV2(new URL(`${service.baseUrl}/mcp`), { fetch: recordingFetch(log) }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      await listAndCall(client);
      expect(log.map((e) => [e.method, e.status])).toEqual([
        ['initialize', 200],
        ['notifications/initialized', 202],
        ['tools/list', 200],
        ['tools/call', 200],
        ['tools/call', 200],
      ]);
    } finally {
      await client.close();
    }
  });

  it('in auto mode: the server/discover probe gets 400 -32022, the client falls back to initialize, first time', async () => {
    const log: Exchange[] = [];
    const client = new ClientV2({ name: 'v2-auto', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new TransportV2(new URL(`${service.baseUrl}/mcp`), { fetch: recordingFetch(log) }));
    try {
      expect(client.getProtocolEra()).toBe('legacy');
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      await listAndCall(client);
      expect(log).toEqual([
        { method: 'server/discover', versionHeader: '2026-07-28', status: 400 },
        { method: 'initialize', versionHeader: null, status: 200 },
        { method: 'notifications/initialized', versionHeader: '2025-11-25', status: 202 },
        { method: 'tools/list', versionHeader: '2025-11-25', status: 200 },
        { method: 'tools/call', versionHeader: '2025-11-25', status: 200 },
        { method: 'tools/call', versionHeader: '2025-11-25', status: 200 },
      ]);
    } finally {
      await client.close();
    }
  });
});
