/**
 * Rate limits shared through Redis, on a throw-away redis-server of the test's own: the Lua script decides exactly
 * as the in-process limiter on the same sequences, two instances share one count (on /mcp, per player on
 * /mcp/account, per address on registration, token and authorize), a client's
 * footprint in Redis does not grow with the limit, and when Redis stops (or hangs) and comes back, requests are
 * served with in-process limits meanwhile, the outage is logged once, and shared limiting resumes by itself.
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBackoff, type BackoffPolicy } from '../../src/http/backoff.js';
import { SlidingWindowLimiter } from '../../src/http/rate-limit.js';
import { RedisRateLimits, type RedisLimitEvents } from '../../src/http/redis-rate-limits.js';
import * as client from 'openid-client';
import { createApp } from '../../src/app.js';
import { accountRpc, accountServices, listen, mintAccessToken, type ListeningService } from '../account-helpers.js';
import { fromAddress, post, testApp, testConfig } from '../helpers.js';
import { testStoreLocation } from '../support/stores.js';
import { randomPrefix, redisAvailable, startRedis, until, type TestRedis } from '../redis-server.js';
import { freePort } from '../service.js';

const t0 = Date.parse('2026-11-21T12:00:00Z');
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** RedisRateLimits with its log lines and events recorded. */
function recorded(url: string, prefix = randomPrefix(), commandTimeoutMs = 2_000) {
  const lines: string[] = [];
  const seen = { down: 0, up: 0, fallbacks: 0 };
  const events: RedisLimitEvents = {
    onRedisDown: () => seen.down++,
    onRedisUp: () => seen.up++,
    onFallback: () => seen.fallbacks++,
  };
  const limits = new RedisRateLimits({
    url,
    prefix,
    events,
    log: (line) => lines.push(line),
    commandTimeoutMs,
    probeIntervalMs: 200,
  });
  return { limits, lines, seen, prefix };
}

describe.runIf(redisAvailable())('rate limits on Redis', () => {
  let redis: TestRedis;
  const open: RedisRateLimits[] = [];
  const track = <T extends { limits: RedisRateLimits }>(x: T): T => {
    open.push(x.limits);
    return x;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(open.map((l) => l.close()));
    await redis?.stop();
  });

  it('decides exactly as the in-process limiter on the same sequences (take, refusal, per-call limits, a clock that steps back)', async () => {
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const step = fc.record({
      client: fc.constantFrom('a', 'b', 'c'),
      gapMs: fc.oneof(fc.integer({ min: 0, max: 1_500 }), fc.integer({ min: -3_000, max: 70_000 })),
      look: fc.boolean(),
      limit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(step, { minLength: 1, maxLength: 80 }),
        async (limit, steps) => {
          const local = new SlidingWindowLimiter({ limit });
          const shared = limits.limiter(`equivalence-${run++}`, { limit });
          let now = t0;
          for (const s of steps) {
            now += s.gapMs;
            const expected = s.look ? local.refusal(s.client, now, s.limit) : local.take(s.client, now, s.limit);
            const actual = s.look
              ? await shared.refusal(s.client, now, s.limit)
              : await shared.take(s.client, now, s.limit);
            expect(actual).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('decides alike when the clock steps back just after another client swept a quiet one away', async () => {
    // fast-check's counterexample (seed -768427142): the in-process sweep at a's first request + 61 s forgot a, so a
    // request of a stamped 1 ms earlier was new to it (allowed), while Redis, which keeps a's hash until it expires,
    // still counted a's first request (refused).
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const local = new SlidingWindowLimiter({ limit: 1 });
    const shared = limits.limiter('clock-step-back', { limit: 1 });
    const decisions = [];
    for (const [client, at] of [
      ['a', t0],
      ['c', t0 + 61_000],
      ['a', t0 + 60_999],
      ['a', t0 + 60_999],
    ] as const) {
      const expected = local.take(client, at);
      expect(await shared.take(client, at)).toEqual(expected);
      decisions.push(expected.allowed);
    }
    expect(decisions).toEqual([true, true, false, false]);
  });

  it('decides alike when a look moved past the second the clock then steps back into', async () => {
    // fast-check's counterexample (seed -1350373610): a look at the next second moved the in-process ring on, so a
    // request stamped 1 ms before it was counted in the later second (its wait one second longer), while the Redis
    // script, which records nothing on a look, counted it in its own second.
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const local = new SlidingWindowLimiter({ limit: 2 });
    const shared = limits.limiter('look-then-step-back', { limit: 2 });
    expect(await shared.take('a', t0 + 281)).toEqual(local.take('a', t0 + 281));
    expect(await shared.refusal('a', t0 + 1_000)).toEqual(local.refusal('a', t0 + 1_000));
    expect(await shared.take('a', t0 + 999)).toEqual(local.take('a', t0 + 999));
    const expected = { allowed: false, limit: 1, remaining: 0, resetSeconds: 61 };
    expect(local.take('a', t0 + 999, 1)).toEqual(expected);
    expect(await shared.take('a', t0 + 999, 1)).toEqual(expected);
  });

  it('decides alike when a refused request is stamped later than the next one', async () => {
    // fast-check's counterexample (seed 1404166517): a refused request at 56 s moved the in-process ring on to its
    // second, so the next request, stamped 1 ms earlier and accepted, was counted in the later second (its wait one
    // second longer), while the Redis script, which records nothing for a refused request, counted it in its own.
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const local = new SlidingWindowLimiter({ limit: 1 });
    const shared = limits.limiter('refused-then-step-back', { limit: 1 });
    const steps: [number, number | undefined][] = [
      [t0 + 18_221, undefined],
      [t0 + 56_000, undefined],
      [t0 + 55_999, 2],
    ];
    const allowed = [];
    for (const [at, limit] of steps) {
      const expected = local.take('a', at, limit);
      expect(await shared.take('a', at, limit)).toEqual(expected);
      allowed.push(expected.allowed);
    }
    expect(allowed).toEqual([true, false, true]);
    const expected = { allowed: false, limit: 1, remaining: 0, resetSeconds: 61 };
    expect(local.take('a', t0 + 55_999)).toEqual(expected);
    expect(await shared.take('a', t0 + 55_999)).toEqual(expected);
  });

  it('decides alike when a look or a refusal came a window after a request the clock then steps back to', async () => {
    // A look a window after a's first request, then a request stamped 2 s before the look: within a minute of the
    // first, so refused; the Redis script had deleted the first request's count on the look.
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const local = new SlidingWindowLimiter({ limit: 1 });
    const shared = limits.limiter('look-a-window-on', { limit: 1 });
    expect(await shared.take('a', t0)).toEqual(local.take('a', t0));
    expect(local.refusal('a', t0 + 61_000)).toBeUndefined();
    expect(await shared.refusal('a', t0 + 61_000)).toBeUndefined();
    const refused = { allowed: false, limit: 1, remaining: 0, resetSeconds: 2 };
    expect(local.take('a', t0 + 59_000)).toEqual(refused);
    expect(await shared.take('a', t0 + 59_000)).toEqual(refused);

    // The same after a refused request (a lower per-call limit) a window after the first: the first still counts.
    const localB = new SlidingWindowLimiter({ limit: 3 });
    const sharedB = limits.limiter('refusal-a-window-on', { limit: 3 });
    for (const at of [t0, t0 + 50_000]) expect(await sharedB.take('a', at)).toEqual(localB.take('a', at));
    const refusedAtOne = { allowed: false, limit: 1, remaining: 0, resetSeconds: 50 };
    expect(localB.take('a', t0 + 61_000, 1)).toEqual(refusedAtOne);
    expect(await sharedB.take('a', t0 + 61_000, 1)).toEqual(refusedAtOne);
    const third = { allowed: true, limit: 3, remaining: 0, resetSeconds: 2 };
    expect(localB.take('a', t0 + 59_000)).toEqual(third);
    expect(await sharedB.take('a', t0 + 59_000)).toEqual(third);
  });

  it('refuses the 61st request of a minute at the exact boundaries, as in-process', async () => {
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const shared = limits.limiter('mcp', { limit: 60 });
    const local = new SlidingWindowLimiter({ limit: 60 });
    const times = [
      ...Array.from({ length: 60 }, (_, i) => t0 + i * 1000),
      t0 + 59_999,
      t0 + 60_000,
      t0 + 61_000,
      t0 + 61_500,
    ];
    const decisions = [];
    for (const t of times) {
      const d = await shared.take('c', t);
      expect(d).toEqual(local.take('c', t));
      decisions.push(d.allowed);
    }
    expect(decisions).toEqual([...Array(60).fill(true), false, false, true, false]);
  });

  it('is one count for every instance: the 61st request is refused whichever instance each request reached', async () => {
    const prefix = randomPrefix();
    const a = track(recorded(redis.url, prefix)).limits;
    const b = track(recorded(redis.url, prefix)).limits;
    const elsewhere = track(recorded(redis.url)).limits; // another deployment: another prefix
    await until(() => a.shared && b.shared && elsewhere.shared, 'the connections');
    const apps = [a, b].map((rateLimits) =>
      testApp({ config: { rateLimitPerMinute: 60 }, rateLimits, clock: () => new Date(t0) }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await post(apps[i % 2]!, ping, {}, '/mcp', fromAddress('203.0.113.9'))).status);
    expect(statuses).toEqual([...Array(60).fill(200), 429]);
    const refused = await post(apps[0]!, ping, {}, '/mcp', fromAddress('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toBe('limit=60, remaining=0, reset=61');
    expect(refused.headers.get('retry-after')).toBe('61');
    const otherDeployment = testApp({
      config: { rateLimitPerMinute: 60 },
      rateLimits: elsewhere,
      clock: () => new Date(t0),
    });
    expect((await post(otherDeployment, ping, {}, '/mcp', fromAddress('203.0.113.9'))).status).toBe(200);
  });

  it('/mcp/account: one count per player for every instance, refused at either with the same 429 and headers', async () => {
    const prefix = randomPrefix();
    const a = track(recorded(redis.url, prefix)).limits;
    const b = track(recorded(redis.url, prefix)).limits;
    await until(() => a.shared && b.shared, 'the connections');
    // Two instances on one store: the same players, keys and tokens.
    const services = await accountServices();
    const apps = [a, b].map((rateLimits) =>
      createApp({
        logError: () => undefined,
        config: testConfig({ rateLimitPerMinute: 3, authRateLimitPerMinute: 0 }),
        account: services,
        rateLimits,
        clock: () => new Date(t0),
      }),
    );
    const player = await mintAccessToken(services, services.demoUserId, { now: new Date(t0) });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await accountRpc(apps[i % 2]!, player, 'ping'));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers.map((r) => r.headers.get('ratelimit'))).toEqual([
      'limit=3, remaining=2, reset=0',
      'limit=3, remaining=1, reset=0',
      'limit=3, remaining=0, reset=61',
      'limit=3, remaining=0, reset=61',
      'limit=3, remaining=0, reset=61',
    ]);
    for (const [n, refused] of answers.slice(3).entries()) {
      expect(refused.headers.get('ratelimit-policy')).toBe('3;w=60');
      expect(refused.headers.get('retry-after')).toBe('61');
      expect(refused.json).toEqual({
        code: 'RATE_LIMITED',
        message: 'Rate limit exceeded: at most 3 requests per 60 seconds. Retry after 61 seconds.',
        retry_after_seconds: 61,
        jsonrpc: '2.0',
        id: answers[0]!.json.id + 3 + n,
        error: {
          code: -32029,
          message: 'Rate limit exceeded: at most 3 requests per 60 seconds. Retry after 61 seconds.',
          data: { retry_after_seconds: 61 },
        },
      });
    }
    // Counted by player, not by address: another player on the same address is not held back.
    const other = await mintAccessToken(services, 'another-player', { now: new Date(t0) });
    const others = await accountRpc(apps[1]!, other, 'ping');
    expect(others.status).toBe(200);
    expect(others.headers.get('ratelimit')).toBe('limit=3, remaining=2, reset=0');
  });

  describe('the authorization endpoints, per address, on two listening instances', () => {
    let instances: ListeningService[];
    beforeAll(async () => {
      const prefix = randomPrefix();
      const limits = [track(recorded(redis.url, prefix)).limits, track(recorded(redis.url, prefix)).limits];
      await until(() => limits.every((l) => l.shared), 'the connections');
      const location = await testStoreLocation('sqlite', { persistent: true });
      instances = [];
      for (const rateLimits of limits)
        instances.push(await listen({ location, rateLimits, authRateLimitPerMinute: 3, clock: () => new Date(t0) }));
    });
    afterAll(async () => {
      for (const instance of instances ?? []) await instance.stop();
    });

    /** Four requests alternating between the instances: the fourth is one too many wherever it lands. */
    async function alternating(send: (baseUrl: string) => Promise<Response>): Promise<Response[]> {
      const answers: Response[] = [];
      for (let i = 0; i < 4; i++) answers.push(await send(instances[i % 2]!.baseUrl));
      return answers;
    }
    const limitHeaders = (res: Response) => ({
      ratelimit: res.headers.get('ratelimit'),
      policy: res.headers.get('ratelimit-policy'),
      retryAfter: res.headers.get('retry-after'),
    });
    const refusedHeaders = { ratelimit: 'limit=3, remaining=0, reset=61', policy: '3;w=60', retryAfter: '61' };

    it('registration: the 4th is refused at the other instance, the OAuth error shape and headers as in-process', async () => {
      const answers = await alternating((base) =>
        fetch(`${base}/api/auth/mcp/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:8976/callback'] }),
        }),
      );
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 429]);
      expect(limitHeaders(answers[3]!)).toEqual(refusedHeaders);
      expect(await answers[3]!.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'Too many registration requests: at most 3 per minute. Retry after 61 seconds.',
      });
    });

    it('token: the 4th is refused, whatever the first three were answered', async () => {
      const answers = await alternating((base) =>
        fetch(`${base}/api/auth/mcp/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=refresh_token&refresh_token=x&client_id=y',
        }),
      );
      expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 429]);
      expect(limitHeaders(answers[3]!)).toEqual(refusedHeaders);
      expect(await answers[3]!.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'Too many token requests: at most 3 per minute. Retry after 61 seconds.',
      });
    });

    it('authorize: the 4th gets the 429 page at the other instance', async () => {
      // An unknown client gets the provider's error page (400): counted all the same, before the provider runs.
      const clientId = 'unregistered-client';
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: 'http://127.0.0.1:8976/callback',
        response_type: 'code',
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const answers = await alternating((base) =>
        fetch(`${base}/api/auth/mcp/authorize?${query}`, { redirect: 'manual' }),
      );
      expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 429]);
      expect(limitHeaders(answers[3]!)).toEqual(refusedHeaders);
      expect(answers[3]!.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await answers[3]!.text()).toContain(
        'Too many sign-in requests from this address: at most 3 a minute. Wait 61 seconds, then connect again from the app.',
      );
    });
  });

  it('keeps at most 61 counters per client, whatever the limit, and lets them expire', async () => {
    const { limits, prefix } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const client = new Redis(redis.url);
    try {
      for (const limit of [60, 1_000_000]) {
        const shared = limits.limiter(`footprint-${limit}`, { limit });
        // 3,000 requests spread over two minutes.
        for (let i = 0; i < 3_000; i++) await shared.take('x', t0 + i * 40);
        const key = `${prefix}footprint-${limit}:x`;
        expect(await client.hlen(key)).toBeLessThanOrEqual(61);
        expect(await client.pttl(key)).toBeGreaterThan(0);
        expect(await client.pttl(key)).toBeLessThanOrEqual(62_000);
        expect(Number(await client.call('MEMORY', 'USAGE', key))).toBeLessThan(2_048);
      }
      // Every request of the last minute accepted, 25 a second: one counter per second, not one per request.
      expect(await client.hlen(`${prefix}footprint-1000000:x`)).toBe(61);
    } finally {
      client.disconnect();
    }
  });

  it('backs off exactly as the in-process backoff on the same sequences (successes and withdrawn attempts too)', async () => {
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const policy: BackoffPolicy = { free: 3, baseMs: 1_000, capMs: 8_000, forgetMs: 60_000 };
    const step = fc.record({
      key: fc.constantFrom('k1', 'k2'),
      gapMs: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 70_000 })),
      then: fc.constantFrom('nothing', 'succeed', 'withdraw'),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const local = new InProcessBackoff(policy);
        const shared = limits.backoff(`backoff-${run++}`, policy);
        let now = t0;
        for (const s of steps) {
          now += s.gapMs;
          const expected = local.attempt(s.key, now);
          expect(await shared.attempt(s.key, now)).toEqual(expected);
          if (expected.allowed && s.then === 'succeed') {
            local.succeeded(s.key);
            await shared.succeeded(s.key);
          }
          if (expected.allowed && s.then === 'withdraw') {
            local.withdraw(s.key);
            await shared.withdraw(s.key);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("backs off alike once a key has gone quiet for forgetMs of the callers' clock, before Redis expires it", async () => {
    // The in-process backoff starts a key afresh after forgetMs without attempts by the time it is given; Redis
    // forgot it only when its hash expired, in Redis's own time, so with a clock that moved on faster (a test's, or
    // a hash refreshed late) Redis still held the old failures.
    const { limits } = track(recorded(redis.url));
    await until(() => limits.shared, 'the connection');
    const policy: BackoffPolicy = { free: 3, baseMs: 1_000, capMs: 8_000, forgetMs: 60_000 };
    const local = new InProcessBackoff(policy);
    const shared = limits.backoff('backoff-quiet', policy);
    const decisions = [];
    for (const at of [t0, t0, t0, t0 + 70_000, t0 + 70_000, t0 + 70_000, t0 + 70_000]) {
      const expected = local.attempt('k', at);
      expect(await shared.attempt('k', at)).toEqual(expected);
      decisions.push(expected.allowed);
    }
    expect(decisions).toEqual([true, true, true, true, true, true, false]);
  });

  it('the sign-in backoff holds across instances', async () => {
    const prefix = randomPrefix();
    const a = track(recorded(redis.url, prefix)).limits;
    const b = track(recorded(redis.url, prefix)).limits;
    await until(() => a.shared && b.shared, 'the connections');
    const policy: BackoffPolicy = { free: 2, baseMs: 1_000, capMs: 8_000, forgetMs: 60_000 };
    const [onA, onB] = [a.backoff('sign-in-failures', policy), b.backoff('sign-in-failures', policy)];
    expect(await onA.attempt('email:x', t0)).toEqual({ allowed: true });
    expect(await onB.attempt('email:x', t0)).toEqual({ allowed: true });
    expect(await onA.attempt('email:x', t0 + 400)).toEqual({ allowed: false, retryAfterMs: 600 });
    expect(await onB.attempt('email:x', t0 + 1_000)).toEqual({ allowed: true });
    await onA.succeeded('email:x');
    expect(await onB.attempt('email:x', t0 + 1_000)).toEqual({ allowed: true });
  });

  it('Redis stopped and started again: served with in-process limits meanwhile (logged once), shared again after', async () => {
    const prefix = randomPrefix();
    const a = track(recorded(redis.url, prefix));
    const b = track(recorded(redis.url, prefix));
    await until(() => a.limits.shared && b.limits.shared, 'the connections');
    let now = t0;
    const clock = () => new Date(now);
    const apps = [a, b].map(({ limits }) => testApp({ config: { rateLimitPerMinute: 3 }, rateLimits: limits, clock }));
    const call = async (app: number, address: string) =>
      (await post(apps[app]!, ping, {}, '/mcp', fromAddress(address))).status;

    // Before: one count across both instances.
    expect([
      await call(0, '192.0.2.1'),
      await call(1, '192.0.2.1'),
      await call(0, '192.0.2.1'),
      await call(1, '192.0.2.1'),
    ]).toEqual([200, 200, 200, 429]);

    await redis.stop();
    await until(() => !a.limits.shared && !b.limits.shared, 'the outage to be noticed');
    // During: every request is answered at once, each instance counting on its own (3 each).
    const during: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 4; i++) during.push(await call(0, '192.0.2.2'));
    for (let i = 0; i < 4; i++) during.push(await call(1, '192.0.2.2'));
    for (let i = 0; i < 50; i++) during.push(await call(0, '192.0.2.3'));
    const elapsed = performance.now() - started;
    expect(during.slice(0, 8)).toEqual([200, 200, 200, 429, 200, 200, 200, 429]);
    expect(during.slice(8).filter((s) => s === 200)).toHaveLength(3);
    expect(elapsed).toBeLessThan(5_000); // 58 requests, none waiting for Redis (a queued command would wait for ever)
    expect(a.lines).toHaveLength(1);
    expect(a.lines[0]).toMatch(
      /rate limits: Redis at redis:\/\/127\.0\.0\.1:\d+ unreachable \(.+\); each instance limits in-process until it answers again$/,
    );
    expect(a.seen).toMatchObject({ down: 1, up: 0 });
    expect(a.seen.fallbacks).toBeGreaterThanOrEqual(54);

    await redis.start();
    await until(() => a.limits.shared && b.limits.shared, 'shared limits to resume');
    now += 120_000; // past the window, so only the shared count matters
    expect([
      await call(1, '192.0.2.4'),
      await call(0, '192.0.2.4'),
      await call(1, '192.0.2.4'),
      await call(0, '192.0.2.4'),
    ]).toEqual([200, 200, 200, 429]);
    expect(a.lines).toHaveLength(2);
    expect(a.lines[1]).toMatch(
      /rate limits: Redis at redis:\/\/127\.0\.0\.1:\d+ answers again; limits are shared again$/,
    );
    expect(a.seen).toMatchObject({ down: 1, up: 1 });
  });

  it('Redis hanging (SIGSTOP): a decision waits at most the command timeout, then in-process until it answers again', async () => {
    const { limits, lines, seen } = track(recorded(redis.url, randomPrefix(), 200));
    await until(() => limits.shared, 'the connection');
    const app = testApp({ config: { rateLimitPerMinute: 2 }, rateLimits: limits, clock: () => new Date(t0) });
    redis.pause();
    try {
      const statuses: number[] = [];
      const started = performance.now();
      for (let i = 0; i < 20; i++) statuses.push((await post(app, ping, {}, '/mcp', fromAddress('192.0.2.20'))).status);
      const elapsed = performance.now() - started;
      expect(statuses).toEqual([200, 200, ...Array(18).fill(429)]);
      // One command timed out (200 ms); the others were decided at once or by a probe every 200 ms at most.
      expect(elapsed).toBeLessThan(2_000);
      expect(seen.down).toBe(1);
      expect(lines).toHaveLength(1);
    } finally {
      redis.resume();
    }
    // A probe after the pause ends brings the shared limits back.
    await until(() => {
      void post(app, ping, {}, '/mcp', fromAddress('192.0.2.21'));
      return limits.shared;
    }, 'a probe to succeed');
    expect(seen.up).toBe(1);
  });

  it('Redis unreachable at start: in-process limits from the first request, shared once it comes up', async () => {
    const port = await freePort();
    const { limits, lines, seen } = track(recorded(`redis://127.0.0.1:${port}`));
    // As main.ts does when Redis is not there within its wait: a late first connection would be reported, but this
    // one follows a reported outage, so its recovery line and onRedisUp are the only report.
    let reportedLate = 0;
    const lateReport = limits.reportLateConnection(() => reportedLate++);
    const app = testApp({ config: { rateLimitPerMinute: 1 }, rateLimits: limits, clock: () => new Date(t0) });
    expect((await post(app, ping, {}, '/mcp', fromAddress('192.0.2.30'))).status).toBe(200);
    expect((await post(app, ping, {}, '/mcp', fromAddress('192.0.2.30'))).status).toBe(429);
    await until(() => seen.down === 1, 'the failed connection to be reported');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('unreachable');
    const late = await startRedis(port);
    try {
      await until(() => limits.shared, 'the connection');
      await lateReport;
      expect(seen.up).toBe(1);
      expect(reportedLate).toBe(0);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('answers again; limits are shared again');
      // Shared now: a fresh count in Redis for this client.
      expect((await post(app, ping, {}, '/mcp', fromAddress('192.0.2.30'))).status).toBe(200);
      expect((await post(app, ping, {}, '/mcp', fromAddress('192.0.2.30'))).status).toBe(429);
    } finally {
      await limits.close();
      await late.stop();
    }
  });
});
