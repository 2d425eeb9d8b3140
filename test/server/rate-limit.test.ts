/** 60 requests per rolling minute per client, the 429 body of decisions.md and the RateLimit headers. */
import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../src/http/rate-limit.js';
import { fromAddress, post, testApp } from '../helpers.js';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` requests in any rolling window and tells when the next one fits', () => {
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000 });
    expect(limiter.take('a', 0)).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.take('a', 10_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take('a', 20_000)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 40 });
    expect(limiter.take('a', 30_000)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 30 });
    expect(limiter.take('b', 30_000).allowed).toBe(true);
    // The first request leaves the window at 60 s: exactly then one more fits, not before.
    expect(limiter.take('a', 59_999).allowed).toBe(false);
    expect(limiter.take('a', 60_000)).toMatchObject({ allowed: true, remaining: 0 });
  });
  it('does not count refused requests', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1_000 });
    limiter.take('a', 0);
    for (let t = 1; t < 1_000; t += 100) expect(limiter.take('a', t).allowed).toBe(false);
    expect(limiter.take('a', 1_000).allowed).toBe(true);
  });
  it('forgets idle clients and caps how many it tracks', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1_000, maxClients: 10 });
    for (let i = 0; i < 50; i++) limiter.take(`client-${i}`, 0);
    // Over the cap the oldest are dropped, so a long-gone client is allowed again.
    expect(limiter.take('client-0', 10).allowed).toBe(true);
  });
});

describe('rate limit on /mcp', () => {
  const body = { jsonrpc: '2.0', id: 'r-1', method: 'ping' };

  it('allows 60 requests a minute per client address, then answers 429 with the JSON-RPC and plain bodies', async () => {
    let now = Date.parse('2026-11-21T12:00:00Z');
    const app = testApp({ config: { rateLimitPerMinute: 60 }, clock: () => new Date(now) });
    for (let i = 0; i < 60; i++) {
      const res = await post(app, body, {}, '/mcp', fromAddress('203.0.113.7'));
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBe(`limit=60, remaining=${59 - i}, reset=${i === 59 ? 31 : 0}`);
      expect(res.headers.get('ratelimit-policy')).toBe('60;w=60');
      now += 500;
    }
    const limited = await post(app, body, {}, '/mcp', fromAddress('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('ratelimit')).toBe('limit=60, remaining=0, reset=30');
    expect(await limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('at most 60 requests per 60 seconds'),
      retry_after_seconds: 30,
      jsonrpc: '2.0',
      id: 'r-1',
      error: { code: -32029, message: expect.any(String), data: { retry_after_seconds: 30 } },
    });
    expect((await post(app, body, {}, '/mcp', fromAddress('198.51.100.1'))).status).toBe(200);
    now += 30_000;
    expect((await post(app, body, {}, '/mcp', fromAddress('203.0.113.7'))).status).toBe(200);
  });

  it('counts notifications and malformed requests too, and gives a null id when the body is unreadable', async () => {
    const app = testApp({ config: { rateLimitPerMinute: 2 } });
    await post(app, { jsonrpc: '2.0', method: 'notifications/initialized' }, {}, '/mcp', fromAddress('192.0.2.1'));
    await post(app, 'not json', {}, '/mcp', fromAddress('192.0.2.1'));
    const limited = await post(app, 'still not json', {}, '/mcp', fromAddress('192.0.2.1'));
    expect(limited.status).toBe(429);
    expect((await limited.json()).id).toBeNull();
  });

  it('uses X-Forwarded-For only from a trusted proxy', async () => {
    const app = testApp({ config: { rateLimitPerMinute: 1, trustedProxies: new Set(['10.0.0.1']) } });
    const via = (client: string, from: string) => post(app, body, { 'x-forwarded-for': client }, '/mcp', fromAddress(from));
    expect((await via('203.0.113.1', '10.0.0.1')).status).toBe(200);
    expect((await via('203.0.113.2', '10.0.0.1')).status).toBe(200);
    expect((await via('203.0.113.1', '10.0.0.1')).status).toBe(429);
    // An untrusted peer cannot pick its identity with the header.
    expect((await via('203.0.113.3', '192.0.2.9')).status).toBe(200);
    expect((await via('203.0.113.4', '192.0.2.9')).status).toBe(429);
  });

  it('RATE_LIMIT_PER_MINUTE=0 turns the limit off (no headers)', async () => {
    const app = testApp({ config: { rateLimitPerMinute: 0 } });
    for (let i = 0; i < 100; i++) expect((await post(app, body, {}, '/mcp', fromAddress('192.0.2.2'))).status).toBe(200);
    expect((await post(app, body, {}, '/mcp', fromAddress('192.0.2.2'))).headers.get('ratelimit')).toBeNull();
  });
});
