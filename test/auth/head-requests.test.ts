/**
 * HEAD on the authorization server's routes. Hono answers HEAD with its GET handler and drops the
 * body, which broke the hand-off to oidc-provider (the provider had already written the response): a 200 with an
 * internal `x-hono-already-sent` header and an ERR_HTTP_HEADERS_SENT stack trace on stderr per request. HEAD on a
 * provider route is now 405 with `Allow`, and nothing reaches stderr.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type ListeningService } from '../account-helpers.js';

let svc: ListeningService;
beforeAll(async () => {
  svc = await listen({ authRateLimitPerMinute: 0 });
});
afterAll(async () => {
  await svc.stop();
});

describe('HEAD on the authorization server', () => {
  it.each([
    '/api/auth/mcp/authorize?client_id=x&response_type=code',
    '/api/auth/mcp/authorize/some-uid',
    '/api/auth/mcp/jwks',
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
  ])('HEAD %s is 405 with Allow, no internal header, nothing on stderr', async (path) => {
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      written.push(args.map(String).join(' '));
    });
    try {
      const res = await fetch(`${svc.baseUrl}${path}`, { method: 'HEAD', redirect: 'manual' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
      expect(res.headers.get('x-hono-already-sent')).toBeNull();
      expect(await res.text()).toBe('');
      // Give a late write (the old failure logged after the response) its chance to show.
      await new Promise((tick) => setTimeout(tick, 50));
      expect(written).toEqual([]);
    } finally {
      stderr.mockRestore();
      consoleError.mockRestore();
    }
  });
});
