/** DNS-rebinding protection (Host and Origin) and CORS for browser clients. */
import { describe, expect, it } from 'vitest';
import { CORS_EXPOSE_HEADERS } from '../../src/http/mcp-endpoint.js';
import { BASE, MCP_HEADERS, testApp } from '../helpers.js';

const app = testApp();
const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

describe('Host and Origin validation', () => {
  it('a foreign Host (DNS rebinding) is 403 with a JSON-RPC error and no id', async () => {
    const res = await app.request('http://evil.example.com/mcp', { method: 'POST', headers: MCP_HEADERS, body: ping });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });
  it('the Host check guards every path, pages included', async () => {
    expect((await app.request('http://evil.example.com/developers')).status).toBe(403);
  });
  it('a foreign Origin is 403', async () => {
    const res = await app.request(`${BASE}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: 'http://evil.example.com' },
      body: ping,
    });
    expect(res.status).toBe(403);
  });
  it('"null" origins (sandboxed frames, file://) are refused too', async () => {
    const res = await app.request(`${BASE}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: 'null' },
      body: ping,
    });
    expect(res.status).toBe(403);
  });
  it("the service's own origin and configured origins are allowed, and get CORS headers", async () => {
    for (const origin of [BASE, 'http://localhost:6274']) {
      const res = await app.request(`${BASE}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, origin }, body: ping });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')?.split(',')).toEqual(CORS_EXPOSE_HEADERS);
    }
  });
  it('requests without Origin (non-browser clients) are allowed', async () => {
    expect((await app.request(`${BASE}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: ping })).status).toBe(200);
  });
});

describe('CORS preflight', () => {
  it('answers OPTIONS from an allowed origin before anything else, allowing the MCP headers', async () => {
    const res = await app.request(`${BASE}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version, authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['content-type', 'mcp-protocol-version', 'authorization', 'idempotency-key'])
      expect(allowed).toContain(header);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });
  it('refuses a preflight from a foreign origin', async () => {
    const res = await app.request(`${BASE}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
