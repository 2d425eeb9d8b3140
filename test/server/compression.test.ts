/**
 * Compression on the wire: Accept-Encoding negotiation, the exact bytes once decompressed, the stored replies kept
 * compressed (and the keeping bounded), the website's pages, and the official SDK client (whose fetch asks for gzip)
 * working against the real service with compressed answers.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { EncodedBodies, negotiateEncoding } from '../../src/http/compression.js';
import { BASE, MCP_HEADERS, testApp } from '../helpers.js';
import { startService } from '../service.js';

const app = testApp();

function decode(bytes: ArrayBuffer, encoding: string | null): string {
  const buffer = Buffer.from(bytes);
  if (encoding === 'gzip') return gunzipSync(buffer).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(buffer).toString('utf8');
  return buffer.toString('utf8');
}

async function mcp(body: unknown, acceptEncoding?: string) {
  const res = await app.request(`${BASE}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    body: JSON.stringify(body),
  });
  const bytes = await res.arrayBuffer();
  return { res, bytes, text: decode(bytes, res.headers.get('content-encoding')) };
}

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const GEAR = {
  jsonrpc: '2.0',
  id: 'g',
  method: 'tools/call',
  params: { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 } },
};

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'gzip'],
    ['br', 'br'],
    ['BR;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.5, br', 'br'],
    ['br;q=1, gzip;q=1', 'gzip'],
    ['deflate, br', 'br'],
    ['*', 'gzip'],
    ['*;q=0', undefined],
    ['gzip;q=0, br;q=0, *', undefined],
    ['deflate', undefined],
    ['identity', undefined],
    ['gzip;q=0.001', 'gzip'],
    ['gzip;q=abc', undefined],
    ['', undefined],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('MCP replies', () => {
  it('tools/list without Accept-Encoding is sent as it is, saying it varies with Accept-Encoding', async () => {
    const { res, bytes, text } = await mcp(LIST);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(bytes.byteLength).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text).result.tools.length).toBeGreaterThan(5);
  });

  it.each(['gzip', 'br'])('tools/list and a cost result in %s decompress to the same bytes', async (encoding) => {
    for (const body of [LIST, GEAR]) {
      const plain = await mcp(body);
      const packed = await mcp(body, encoding);
      expect(packed.res.status).toBe(200);
      expect(packed.res.headers.get('content-encoding')).toBe(encoding);
      expect(packed.res.headers.get('vary')).toBe('Accept-Encoding');
      expect(packed.text).toBe(plain.text);
      expect(packed.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 2);
    }
  });

  it('a stored reply kept compressed still carries each request its own id', async () => {
    const first = await mcp({ ...LIST, id: 7 }, 'gzip');
    const again = await mcp({ ...LIST, id: 7 }, 'gzip');
    const other = await mcp({ ...LIST, id: 'x' }, 'gzip');
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(JSON.parse(first.text).id).toBe(7);
    expect(JSON.parse(other.text).id).toBe('x');
    const long = 'i'.repeat(500);
    expect(JSON.parse((await mcp({ ...LIST, id: long }, 'br')).text).id).toBe(long);
  });

  it('a small reply is never compressed and does not vary', async () => {
    const { res, text } = await mcp({ jsonrpc: '2.0', id: 1, method: 'ping' }, 'gzip, br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});

describe('stored replies sent as they are', () => {
  it('initialize and tools/list without Accept-Encoding: each request id in its own body, the same bytes again', async () => {
    const INITIALIZE = {
      jsonrpc: '2.0',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    for (const message of [INITIALIZE, LIST]) {
      const texts: string[] = [];
      for (const id of [7, 8, 7, 'seven', 8]) {
        const { res, text } = await mcp({ ...message, id });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        const parsed = JSON.parse(text) as { id: unknown; result: Record<string, unknown> };
        expect(parsed.id).toBe(id);
        expect(Object.keys(parsed.result).length).toBeGreaterThan(0);
        texts.push(text);
      }
      expect(texts[2]).toBe(texts[0]);
      expect(texts[4]).toBe(texts[1]);
      expect(texts[1]).toBe(texts[0]!.replace('"id":7', '"id":8'));
      expect(texts[3]).toBe(texts[0]!.replace('"id":7', '"id":"seven"'));
    }
  });
});

describe('EncodedBodies', () => {
  it('keeps the UTF-8 bytes of a body sent as it is, and hands the same bytes out again', () => {
    const kept = new EncodedBodies(3);
    const first = kept.get('k', 'source', 'identity', () => '{"text":"Gold T2 ★1 — to ★3"}');
    expect(first.toString('utf8')).toBe('{"text":"Gold T2 ★1 — to ★3"}');
    expect(kept.get('k', 'source', 'identity', () => 'unused')).toBe(first);
    expect(kept.get('k', 'source', 'gzip', () => 'zipped').equals(first)).toBe(false);
    expect(kept.size).toBe(2);
  });

  it('keeps at most its capacity, and a changed source is compressed again', () => {
    const kept = new EncodedBodies(3);
    let made = 0;
    const body = (text: string) => () => {
      made++;
      return text;
    };
    for (let i = 0; i < 10; i++) kept.get(`k${i}`, 'source', 'gzip', body(`body ${i}`));
    expect(kept.size).toBe(3);
    expect(made).toBe(10);
    expect(gunzipSync(kept.get('k9', 'source', 'gzip', body('unused'))).toString()).toBe('body 9');
    expect(made).toBe(10);
    expect(gunzipSync(kept.get('k9', 'new source', 'gzip', body('body 9 again'))).toString()).toBe('body 9 again');
    expect(made).toBe(11);
  });
});

describe('website responses', () => {
  it.each([
    ['/developers', 'text/html'],
    ['/developers.md', 'text/markdown'],
    ['/heroes/amane', 'text/html'],
    ['/calculators/governor-gear-cost?from=Gold+T2+%E2%98%851&to=Gold+T3+%E2%98%853&pieces=2', 'text/html'],
  ])('%s in br and gzip decompresses to the page as sent without', async (path, type) => {
    const plain = await app.request(`${BASE}${path}`);
    const plainText = await plain.text();
    expect(plain.headers.get('content-type')).toContain(type);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      for (let round = 0; round < 2; round++) {
        const res = await app.request(`${BASE}${path}`, { headers: { 'accept-encoding': encoding } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
        expect(res.headers.get('content-type')).toBe(plain.headers.get('content-type'));
        expect(decode(await res.arrayBuffer(), encoding)).toBe(plainText);
      }
    }
  });
});

describe('the official SDK client against the real service', () => {
  it('asks for gzip (Node fetch does), gets compressed answers and lists and calls tools as before', async () => {
    const service = await startService();
    const encodings: (string | null)[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      encodings.push(res.headers.get('content-encoding'));
      return res;
    };
    const client = new Client({ name: 'compression-check', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { fetch: recordingFetch }),
      );
      const { tools } = await client.listTools();
      expect(tools.some((t) => t.name === 'governor_gear_cost')).toBe(true);
      const result = await client.callTool({ name: GEAR.params.name, arguments: GEAR.params.arguments });
      expect((result.structuredContent as { totals: unknown }).totals).toEqual({
        satin: 786000,
        gilded_threads: 7920,
        artisans_vision: 1530,
      });
      // initialize (compressed when over 1 KiB), the initialized notification (202, empty), tools/list, tools/call.
      expect(encodings.filter((e) => e === 'gzip').length).toBeGreaterThanOrEqual(2);
    } finally {
      await client.close();
      await service.stop();
    }
  });
});
