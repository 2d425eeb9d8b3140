/**
 * The account stack as the app sees it while it is not up: waiting for an unreachable store, its paths answer 503
 * at once in each surface's shape, and /mcp is not held back; once it is up, requests that waited are served.
 */
import { describe, expect, it } from 'vitest';
import type { AccountServices } from '../../src/auth/account-services.js';
import { createApp } from '../../src/app.js';
import { accountServices } from '../account-helpers.js';
import { BASE, MCP_HEADERS, testConfig } from '../helpers.js';

function app(account: Promise<AccountServices>, waiting: () => boolean) {
  return createApp({ logError: () => undefined, config: testConfig(), account, accountWaiting: waiting });
}

describe('the account stack before it is up', () => {
  it('while the store is unreachable: 503 + Retry-After as JSON-RPC, OAuth JSON and a page; /mcp answers', async () => {
    const never = new Promise<AccountServices>(() => undefined);
    const a = app(never, () => true);
    const rpc = await a.request(`${BASE}/mcp/account`, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(rpc.status).toBe(503);
    expect(rpc.headers.get('retry-after')).toBe('5');
    expect(await rpc.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32603,
        message: 'The account data is temporarily unavailable (the store cannot be reached). Retry after 5 seconds.',
        data: { retry_after_seconds: 5 },
      },
    });
    for (const path of [
      '/api/auth/mcp/token',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource/mcp/account',
    ]) {
      const res = await a.request(`${BASE}${path}`, { method: path.endsWith('token') ? 'POST' : 'GET' });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('5');
      expect(await res.json(), path).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'the authorization server cannot reach its store for a moment; retry after 5 seconds',
      });
    }
    const page = await a.request(`${BASE}/interaction/abc`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Sign-in is unavailable for a moment');
    const pub = await a.request(`${BASE}/mcp`, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(pub.status).toBe(200);
  });

  it('while it is still starting, a request waits and is served once it is up', async () => {
    const services = await accountServices();
    let resolve!: (services: AccountServices) => void;
    const later = new Promise<AccountServices>((r) => (resolve = r));
    const a = app(later, () => false);
    const pending = a.request(`${BASE}/mcp/account`, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    await new Promise((settle) => setTimeout(settle, 300));
    resolve(services);
    expect((await pending).status).toBe(401); // reached the bearer guard: the stack is up
  });
});
