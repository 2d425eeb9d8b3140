/** 60 requests per rolling minute per client, the 429 body and the RateLimit headers (docs/protocol.md, "Rate limits"). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { networkBudgetOf } from '../../src/network-budgets.js';
import { SlidingWindowLimiter } from '../../src/http/rate-limit.js';
import { fromAddress, post, testApp } from '../helpers.js';
import { usedBytes } from '../support/used-bytes.js';

/** Accepted request times of one client, checked against the guarantee by brute force. */
function mostInAnyWindow(accepted: number[], windowMs: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < accepted.length; i++) {
    while (accepted[i]! - accepted[j]! >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('SlidingWindowLimiter', () => {
  const t0 = Date.parse('2026-11-21T12:00:00Z');

  it('allows `limit` requests in any rolling window and tells when the next one fits', () => {
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000 });
    expect(limiter.take('a', t0)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 0 });
    expect(limiter.take('a', t0 + 10_000)).toEqual({ allowed: true, limit: 3, remaining: 1, resetSeconds: 0 });
    // The first request's bucket (t0 to t0 + 1 s) leaves the counted range at t0 + 61 s.
    expect(limiter.take('a', t0 + 20_000)).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 41 });
    expect(limiter.take('a', t0 + 30_000)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 31 });
    expect(limiter.take('b', t0 + 30_000).allowed).toBe(true);
    expect(limiter.take('a', t0 + 59_999)).toMatchObject({ allowed: false, resetSeconds: 2 });
    // At t0 + 60 s an exact log would accept; the whole oldest bucket still counts until t0 + 61 s.
    expect(limiter.take('a', t0 + 60_000)).toMatchObject({ allowed: false, resetSeconds: 1 });
    expect(limiter.take('a', t0 + 60_999)).toMatchObject({ allowed: false, resetSeconds: 1 });
    expect(limiter.take('a', t0 + 61_000)).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 10 });
  });

  it('refuses the 61st request of a minute at the exact boundaries (frozen clock)', () => {
    const limiter = new SlidingWindowLimiter({ limit: 60 });
    // One request a second from t0: all 60 pass, the last one saying the limit is reached.
    for (let i = 0; i < 60; i++)
      expect(limiter.take('c', t0 + i * 1000)).toEqual({
        allowed: true,
        limit: 60,
        remaining: 59 - i,
        resetSeconds: i === 59 ? 2 : 0,
      });
    expect(limiter.take('c', t0 + 59_999)).toEqual({ allowed: false, limit: 60, remaining: 0, resetSeconds: 2 });
    expect(limiter.take('c', t0 + 60_000)).toEqual({ allowed: false, limit: 60, remaining: 0, resetSeconds: 1 });
    expect(limiter.take('c', t0 + 61_000)).toEqual({ allowed: true, limit: 60, remaining: 0, resetSeconds: 1 });
    expect(limiter.take('c', t0 + 61_500).allowed).toBe(false);
    // All 60 at one instant: the 61st is refused for the whole minute and one bucket.
    for (let i = 0; i < 60; i++) expect(limiter.take('d', t0).allowed).toBe(true);
    expect(limiter.take('d', t0)).toMatchObject({ allowed: false, resetSeconds: 61 });
    expect(limiter.take('d', t0 + 60_999).allowed).toBe(false);
    expect(limiter.take('d', t0 + 61_000).allowed).toBe(true);
  });

  it('never accepts more than `limit` in any rolling window, and refuses only when a window one bucket longer is full', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 1, maxLength: 200 }),
        (limit, gaps) => {
          const windowMs = 10_000;
          const limiter = new SlidingWindowLimiter({ limit, windowMs, buckets: 10 });
          const accepted: number[] = [];
          let now = t0;
          for (const gap of gaps) {
            now += gap;
            if (limiter.take('p', now).allowed) accepted.push(now);
            else expect(accepted.filter((t) => t > now - windowMs - 1_000).length).toBeGreaterThanOrEqual(limit);
          }
          expect(mostInAnyWindow(accepted, windowMs)).toBeLessThanOrEqual(limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not count refused requests', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1_000, buckets: 10 });
    limiter.take('a', 0);
    for (let t = 1; t < 1_100; t += 100) expect(limiter.take('a', t).allowed).toBe(false);
    expect(limiter.take('a', 1_100).allowed).toBe(true);
  });

  it('answers refusal() without recording, and the same refusal take() gives', () => {
    const limiter = new SlidingWindowLimiter({ limit: 2 });
    expect(limiter.refusal('r', t0)).toBeUndefined();
    limiter.take('r', t0);
    expect(limiter.refusal('r', t0)).toBeUndefined();
    limiter.take('r', t0 + 5_000);
    expect(limiter.refusal('r', t0 + 6_000)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 55 });
    expect(limiter.take('r', t0 + 6_000)).toEqual(limiter.refusal('r', t0 + 6_000));
    // A higher limit for this call (a listed network's budget) lets it through.
    expect(limiter.refusal('r', t0 + 6_000, 3)).toBeUndefined();
    expect(limiter.take('r', t0 + 6_000, 3)).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 55 });
  });

  it('keeps counting when the clock steps back', () => {
    const limiter = new SlidingWindowLimiter({ limit: 2 });
    limiter.take('s', t0 + 30_000);
    limiter.take('s', t0);
    expect(limiter.take('s', t0).allowed).toBe(false);
    expect(limiter.take('s', t0 + 90_999).allowed).toBe(false);
    expect(limiter.take('s', t0 + 91_000).allowed).toBe(true);
  });

  it('forgets idle clients and caps how many it tracks', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1_000, buckets: 10, maxClients: 10 });
    for (let i = 0; i < 50; i++) limiter.take(`client-${i}`, 0);
    expect(limiter.size).toBeLessThanOrEqual(10);
    // Over the cap the oldest are dropped, so a long-gone client is allowed again.
    expect(limiter.take('client-0', 10).allowed).toBe(true);
    // After a whole window and a bucket of silence everyone is forgotten.
    limiter.take('late', 2_200);
    expect(limiter.size).toBe(1);
  });

  it('past its cap, N takes by new clients visit O(N) entries in all, not the whole Map each time', () => {
    const maxClients = 1_000;
    const limiter = new SlidingWindowLimiter({ limit: 60, maxClients });
    for (let i = 0; i < maxClients; i++) limiter.take(`filler-${i}`, t0);
    const before = limiter.visited;
    const takes = 10_000;
    for (let i = 0; i < takes; i++) limiter.take(`flood-${i}`, t0 + 1);
    // Each eviction visits the Map once (about 1,000 entries) and makes room for 100 new clients: about 10 visits
    // per new client. Walking the whole Map on every take past the cap would visit about 10,000,000.
    expect(limiter.visited - before).toBeLessThanOrEqual(11 * takes);
    expect(limiter.size).toBeLessThanOrEqual(maxClients);
    expect(limiter.size).toBeGreaterThanOrEqual(900);
  });

  it('at its cap, evicts the idle first, then the longest-tracked, and keeps counting the others exactly', () => {
    const limiter = new SlidingWindowLimiter({ limit: 60, maxClients: 10 });
    // Two clients that go idle between the minutely sweeps: nothing in their window 61 s on.
    limiter.take('idle-1', t0);
    limiter.take('idle-2', t0);
    for (let i = 0; i < 7; i++) limiter.take(`busy-${i}`, t0 + 60_000);
    for (let i = 0; i < 60; i++) limiter.take('player', t0 + 60_000 + i);
    expect(limiter.size).toBe(10);
    // The cap is reached: the two idle ones go, nobody else.
    limiter.take('newcomer-1', t0 + 62_000);
    expect(limiter.size).toBe(9);
    expect(limiter.refusal('idle-1', t0 + 62_000)).toBeUndefined();
    expect(limiter.take('player', t0 + 62_000)).toEqual({ allowed: false, limit: 60, remaining: 0, resetSeconds: 59 });
    // Nothing idle left: the longest-tracked goes (busy-0), down to 9 of 10 before the newcomer is added.
    limiter.take('newcomer-2', t0 + 62_000);
    limiter.take('newcomer-3', t0 + 62_000);
    expect(limiter.size).toBe(10);
    expect(limiter.refusal('busy-1', t0 + 62_000, 1)).toEqual({
      allowed: false,
      limit: 1,
      remaining: 0,
      resetSeconds: 59,
    });
    expect(limiter.refusal('busy-0', t0 + 62_000, 1)).toBeUndefined();
    expect(limiter.take('player', t0 + 62_000)).toEqual({ allowed: false, limit: 60, remaining: 0, resetSeconds: 59 });
  });

  it("gives a new client a forgotten client's counters emptied, and leaves the others' as they were", () => {
    const limiter = new SlidingWindowLimiter({ limit: 2, maxClients: 3 });
    for (const client of ['a', 'b', 'c']) for (let i = 0; i < 2; i++) limiter.take(client, t0);
    // At the cap, nobody idle: the longest-tracked (a) makes room for d, whose counters are a's, emptied.
    expect([limiter.take('d', t0), limiter.take('d', t0), limiter.take('d', t0)].map((d) => d.allowed)).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.refusal('b', t0)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 61 });
    expect(limiter.refusal('c', t0)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 61 });
    // Two windows on, the sweep forgets all three; the newcomers start from nothing.
    const later = t0 + 121_000;
    expect(limiter.take('e', later)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 0 });
    expect(limiter.size).toBe(1);
    expect(limiter.take('f', later)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 0 });
    expect(limiter.take('b', later)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 0 });
  });

  it('keeps a client address, not the header it was cut from', () => {
    const clients = 2_000;
    const padding = 'x'.repeat(8_000);
    const before = usedBytes();
    const limiter = new SlidingWindowLimiter({ limit: 60 });
    for (let i = 0; i < clients; i++) {
      // A long X-Forwarded-For through a trusted proxy: the address is its last entry, cut from it.
      const header = `${padding}, 2001:db8::${i.toString(16)}:1`;
      limiter.take(header.slice(header.lastIndexOf(',') + 2), t0);
    }
    const bytes = (usedBytes() - before) / clients;
    expect(limiter.size).toBe(clients);
    // About 400 bytes a client; keeping the header alive made it over 8,000.
    expect(bytes).toBeLessThan(2_000);
  });

  it('uses the same memory per client at a limit of 1,000,000 as at 60', () => {
    const perClient = (limit: number) => {
      const clients = 2_000;
      const keys = Array.from({ length: clients }, (_, i) => `198.51.100.${i}`);
      const before = usedBytes();
      const limiter = new SlidingWindowLimiter({ limit });
      for (const key of keys) limiter.take(key, t0);
      const bytes = (usedBytes() - before) / clients;
      expect(limiter.size).toBe(clients);
      return bytes;
    };
    perClient(60); // warm-up: the first run also pays for compiled code
    const small = perClient(60);
    const large = perClient(1_000_000);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(2_000);
    expect(large).toBeLessThan(small * 1.5);
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
      // The 60th says when one more fits: once the first second's two requests leave the counted range (t0 + 61 s).
      expect(res.headers.get('ratelimit')).toBe(`limit=60, remaining=${59 - i}, reset=${i === 59 ? 32 : 0}`);
      expect(res.headers.get('ratelimit-policy')).toBe('60;w=60');
      now += 500;
    }
    const limited = await post(app, body, {}, '/mcp', fromAddress('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('31');
    expect(limited.headers.get('ratelimit')).toBe('limit=60, remaining=0, reset=31');
    expect(await limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('at most 60 requests per 60 seconds'),
      retry_after_seconds: 31,
      jsonrpc: '2.0',
      id: 'r-1',
      error: { code: -32029, message: expect.any(String), data: { retry_after_seconds: 31 } },
    });
    expect((await post(app, body, {}, '/mcp', fromAddress('198.51.100.1'))).status).toBe(200);
    now += 30_999;
    expect((await post(app, body, {}, '/mcp', fromAddress('203.0.113.7'))).status).toBe(429);
    now += 1;
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
    const via = (client: string, from: string) =>
      post(app, body, { 'x-forwarded-for': client }, '/mcp', fromAddress(from));
    expect((await via('203.0.113.1', '10.0.0.1')).status).toBe(200);
    expect((await via('203.0.113.2', '10.0.0.1')).status).toBe(200);
    expect((await via('203.0.113.1', '10.0.0.1')).status).toBe(429);
    // An untrusted peer cannot pick its identity with the header.
    expect((await via('203.0.113.3', '192.0.2.9')).status).toBe(200);
    expect((await via('203.0.113.4', '192.0.2.9')).status).toBe(429);
  });

  it('RATE_LIMIT_PER_MINUTE=0 turns the limit off (no headers)', async () => {
    const app = testApp({ config: { rateLimitPerMinute: 0 } });
    for (let i = 0; i < 100; i++)
      expect((await post(app, body, {}, '/mcp', fromAddress('192.0.2.2'))).status).toBe(200);
    expect((await post(app, body, {}, '/mcp', fromAddress('192.0.2.2'))).headers.get('ratelimit')).toBeNull();
  });
});

describe('RATE_LIMIT_NETWORKS', () => {
  it('finds the budget of an address: IPv4, IPv6, IPv4-mapped IPv6, the most specific network first', () => {
    const budgetOf = networkBudgetOf([
      { network: '198.51.100.0/24', perMinute: 6000 },
      { network: '198.51.100.128/25', perMinute: 100 },
      { network: '2001:db8::/32', perMinute: 3000 },
    ]);
    expect(budgetOf('198.51.100.7')).toBe(6000);
    expect(budgetOf('198.51.100.200')).toBe(100);
    expect(budgetOf('::ffff:198.51.100.7')).toBe(6000);
    expect(budgetOf('2001:db8:ffff::1')).toBe(3000);
    expect(budgetOf('2001:db9::1')).toBeUndefined();
    expect(budgetOf('198.51.101.1')).toBeUndefined();
    expect(budgetOf('unknown')).toBeUndefined();
  });

  it('gives each address of a listed network its own budget on /mcp, after X-Forwarded-For from a trusted proxy', async () => {
    const app = testApp({
      config: {
        rateLimitPerMinute: 2,
        trustedProxies: new Set(['10.0.0.1']),
        rateLimitNetworks: [{ network: '198.51.100.0/24', perMinute: 5 }],
      },
    });
    const via = (client: string) =>
      post(
        app,
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'x-forwarded-for': client },
        '/mcp',
        fromAddress('10.0.0.1'),
      );
    const statuses = async (client: string, n: number) => {
      const seen: number[] = [];
      for (let i = 0; i < n; i++) seen.push((await via(client)).status);
      return seen;
    };
    const first = await via('198.51.100.7');
    expect(first.headers.get('ratelimit')).toBe('limit=5, remaining=4, reset=0');
    expect(first.headers.get('ratelimit-policy')).toBe('5;w=60');
    expect(await statuses('198.51.100.7', 5)).toEqual([200, 200, 200, 200, 429]);
    // Per address, not shared: the neighbour has its own 5.
    expect(await statuses('198.51.100.8', 6)).toEqual([200, 200, 200, 200, 200, 429]);
    // Outside the network: the default.
    const outside = await statuses('203.0.113.1', 3);
    expect(outside).toEqual([200, 200, 429]);
    // The proxy's own address is not in the network, and a client cannot claim one without a trusted proxy.
    const direct = (client: string) =>
      post(
        app,
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'x-forwarded-for': client },
        '/mcp',
        fromAddress('192.0.2.77'),
      );
    expect([
      (await direct('198.51.100.9')).status,
      (await direct('198.51.100.9')).status,
      (await direct('198.51.100.9')).status,
    ]).toEqual([200, 200, 429]);
  });
});
