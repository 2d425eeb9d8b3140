/**
 * Sign-in throttling per account: repeated wrong passwords for one email slow its next attempts
 * down whatever address they come from, unknown emails exactly alike, a browser that signed in before keeps its own
 * budget, and at most a few password checks run at once (the rest wait briefly or are told to try again).
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HashGate, HashGateBusy } from '../../src/auth/hash-gate.js';
import {
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  knownDevice,
  knownDeviceCookie,
} from '../../src/auth/known-device.js';
import { SIGN_IN_BACKOFF, signInKey } from '../../src/auth/sign-in-throttle.js';
import { backoffDelayMs, InProcessBackoff, type Backoff } from '../../src/http/backoff.js';
import { inProcessRateLimits, type RateLimits } from '../../src/http/rate-limits.js';
import { normaliseEmail } from '../../src/store/users.js';
import { DEMO_EMAIL, DEMO_PASSWORD, listen, type ListeningService } from '../account-helpers.js';
import { Browser } from './browser.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const insecure = { execute: [client.allowInsecureRequests] };

/** A browser on the sign-in page of a new authorization of `config`'s client; `attempt` posts the form (as often as wanted). */
async function openSignInPage(config: client.Configuration, browser = new Browser(REDIRECT)) {
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
  });
  const login = await browser.follow(url);
  const pageUrl = new URL(login.page!.url);
  const attempt = async (email: string, password: string) => {
    const result = await browser.submit(pageUrl, login.html!, '/login', { email, password });
    const error = /<p class="alert"[^>]*>([^<]*)<\/p>/.exec(result.html ?? '')?.[1];
    return {
      status: result.page?.status ?? 303,
      error,
      retryAfter: result.page?.headers.get('retry-after') ?? null,
      signedIn: result.callback !== undefined || (result.html ?? '').includes('/consent"'),
    };
  };
  return { browser, attempt };
}

const register = (baseUrl: string) =>
  client.dynamicClientRegistration(
    new URL(baseUrl),
    {
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
    client.None(),
    insecure,
  );

describe('the sign-in backoff', () => {
  it('lets 5 failures through, then waits 1, 2, 4, 8, 16, 30, 30 s from the last attempt', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 11, 20].map((f) => backoffDelayMs(f, SIGN_IN_BACKOFF))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    const backoff = new InProcessBackoff(SIGN_IN_BACKOFF);
    let now = 0;
    for (let i = 0; i < 5; i++) expect(backoff.attempt('k', now)).toEqual({ allowed: true });
    expect(backoff.attempt('k', now + 999)).toEqual({ allowed: false, retryAfterMs: 1 });
    now += 1_000;
    expect(backoff.attempt('k', now)).toEqual({ allowed: true });
    expect(backoff.attempt('k', now + 1_500)).toEqual({ allowed: false, retryAfterMs: 500 });
    // Refused attempts are not counted: knocking does not make the wait longer.
    for (let t = 0; t < 2_000; t += 100) backoff.attempt('k', now + t);
    now += 2_000;
    expect(backoff.attempt('k', now)).toEqual({ allowed: true });
    // Another key is not affected; a success forgets the failures; 15 quiet minutes too.
    expect(backoff.attempt('other', now)).toEqual({ allowed: true });
    backoff.succeeded('k');
    for (let i = 0; i < 5; i++) expect(backoff.attempt('k', now).allowed).toBe(true);
    expect(backoff.attempt('k', now).allowed).toBe(false);
    expect(backoff.attempt('k', now + 15 * 60_000).allowed).toBe(true);
  });
});

describe('withdrawing an attempt that was never checked', () => {
  it('takes back one failure; the last one taken back leaves the key as if never tried', () => {
    const backoff = new InProcessBackoff(SIGN_IN_BACKOFF);
    for (let i = 0; i < 5; i++) expect(backoff.attempt('k', 0)).toEqual({ allowed: true });
    backoff.withdraw('k');
    expect(backoff.attempt('k', 0)).toEqual({ allowed: true });
    expect(backoff.attempt('k', 0)).toEqual({ allowed: false, retryAfterMs: 1_000 });
    backoff.withdraw('never-tried');
    expect(backoff.size).toBe(1);
    expect(backoff.attempt('once', 0)).toEqual({ allowed: true });
    backoff.withdraw('once');
    expect(backoff.size).toBe(1);
  });
});

describe('the in-process backoff at its cap', () => {
  it('makes room in batches: N attempts by new keys visit O(N) keys in all, and a recent key keeps its failures', () => {
    const maxKeys = 1_000;
    const backoff = new InProcessBackoff(SIGN_IN_BACKOFF, { maxKeys });
    for (let i = 0; i < maxKeys; i++) backoff.attempt(`filler-${i}`, 0);
    const before = backoff.visited;
    const attempts = 10_000;
    for (let i = 0; i < attempts; i++) backoff.attempt(`flood-${i}`, 1);
    // About ten keys visited per new key; walking the whole Map for each would visit about 10,000,000.
    expect(backoff.visited - before).toBeLessThanOrEqual(11 * attempts);
    expect(backoff.size).toBeLessThanOrEqual(maxKeys);
    // The longest idle go first: an account attacked now keeps its failures while the flood goes on.
    for (let i = 0; i < 5; i++) backoff.attempt('account', 2);
    for (let i = 0; i < 500; i++) backoff.attempt(`more-flood-${i}`, 2);
    expect(backoff.attempt('account', 2)).toEqual({ allowed: false, retryAfterMs: 1_000 });
  });
});

describe('the known-device cookie', () => {
  const key = 'cookie-key-1';
  const now = 1_800_000_000;
  it('names its device for the email it was issued for, under any current key, until it expires', () => {
    const value = knownDeviceCookie(key, 'player@example.com', now);
    const device = knownDevice([key], value, 'player@example.com', now + 10);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(value.startsWith(`${device}.`)).toBe(true);
    expect(knownDevice(['new-key', key], value, 'player@example.com', now)).toBe(device);
    expect(knownDevice([key], value, 'player@example.com', now + KNOWN_DEVICE_MAX_AGE_SECONDS)).toBe(device);
    expect(knownDevice([key], value, 'player@example.com', now + KNOWN_DEVICE_MAX_AGE_SECONDS + 1)).toBeUndefined();
  });
  it('is refused for another email, another key, or any change', () => {
    const value = knownDeviceCookie(key, 'player@example.com', now);
    expect(knownDevice([key], value, 'other@example.com', now)).toBeUndefined();
    expect(knownDevice(['other-key'], value, 'player@example.com', now)).toBeUndefined();
    const [id, issued, mac] = value.split('.') as [string, string, string];
    expect(knownDevice([key], `${id}.${Number(issued) + 1}.${mac}`, 'player@example.com', now)).toBeUndefined();
    expect(knownDevice([key], `${id.slice(1)}A.${issued}.${mac}`, 'player@example.com', now)).toBeUndefined();
    expect(knownDevice([key], `${id}.${issued}.${mac.slice(0, -1)}`, 'player@example.com', now)).toBeUndefined();
    for (const junk of [undefined, '', 'a.b', 'a.b.c.d', `${id}.x.${mac}`])
      expect(knownDevice([key], junk, 'player@example.com', now)).toBeUndefined();
  });
});

describe('the hash gate', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };
  it('runs `concurrency` checks at once, queues `queue` per lane, refuses the rest at once, and serves known devices first', async () => {
    const gate = new HashGate({ concurrency: 2, queue: 1 });
    const order: string[] = [];
    const holds = [deferred(), deferred()];
    const running = holds.map((h, i) =>
      gate.run('other', async () => {
        order.push(`run-${i}`);
        await h.promise;
      }),
    );
    expect(gate.load).toEqual({ running: 2, knownDevice: 0, other: 0 });
    const queuedOther = gate.run('other', async () => void order.push('other'));
    const queuedKnown = gate.run('known-device', async () => void order.push('known'));
    expect(gate.load).toEqual({ running: 2, knownDevice: 1, other: 1 });
    expect(gate.hasRoom('other')).toBe(false);
    expect(gate.hasRoom('known-device')).toBe(false);
    await expect(gate.run('other', async () => 'never')).rejects.toBeInstanceOf(HashGateBusy);
    await expect(gate.run('known-device', async () => 'never')).rejects.toBeInstanceOf(HashGateBusy);
    holds[0]!.resolve();
    holds[1]!.resolve();
    await Promise.all([...running, queuedOther, queuedKnown]);
    expect(order).toEqual(['run-0', 'run-1', 'known', 'other']);
    expect(gate.load).toEqual({ running: 0, knownDevice: 0, other: 0 });
    // A failing check frees its slot too.
    await expect(gate.run('other', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load.running).toBe(0);
  });
});

describe('sign-in per account on the server', () => {
  let svc: ListeningService;
  let now = Date.parse('2026-11-21T12:00:00Z');
  let config: client.Configuration;
  beforeAll(async () => {
    svc = await listen({ clock: () => new Date(now) });
    config = await register(svc.baseUrl);
  });
  afterAll(async () => {
    await svc.stop();
  });

  const signInPage = (browser = new Browser(REDIRECT)) => openSignInPage(config, browser);

  it('slows down wrong passwords for one account from any address, refuses the right one meanwhile without checking it, the same for an unknown email', async () => {
    const authenticate = vi.spyOn(svc.services.store.users, 'authenticate');
    try {
      const { attempt } = await signInPage();
      const run = async (email: string) => {
        const seen: unknown[] = [];
        for (let i = 0; i < 5; i++) seen.push(await attempt(email, `wrong-password-${i}`));
        seen.push(await attempt(email, DEMO_PASSWORD));
        now += 999;
        seen.push(await attempt(email, DEMO_PASSWORD));
        return seen;
      };
      const known = await run(DEMO_EMAIL);
      const unknown = await run('nobody@kingshot.example');
      const wrong = { status: 401, error: 'The email or password is wrong.', retryAfter: null, signedIn: false };
      const throttled = (s: number) => ({
        status: 429,
        error: `Too many failed sign-ins with this email. Wait ${s} second${s === 1 ? '' : 's'} and try again.`,
        retryAfter: String(s),
        signedIn: false,
      });
      expect(known).toEqual([wrong, wrong, wrong, wrong, wrong, throttled(1), throttled(1)]);
      expect(unknown).toEqual(known);
      // Ten password checks in all: the throttled attempts were refused before any hashing.
      expect(authenticate).toHaveBeenCalledTimes(10);
      now += 1;
      expect(await attempt(DEMO_EMAIL, 'wrong-password-5')).toEqual(wrong);
      expect(await attempt(DEMO_EMAIL, DEMO_PASSWORD)).toEqual(throttled(2));
      now += 2_000;
      expect((await attempt(DEMO_EMAIL, DEMO_PASSWORD)).signedIn).toBe(true);
    } finally {
      authenticate.mockRestore();
    }
  }, 120_000);

  it('a browser that signed in before keeps its own budget while a flood holds the account back', async () => {
    now += 60 * 60_000;
    const player = new Browser(REDIRECT);
    expect((await (await signInPage(player)).attempt(DEMO_EMAIL, DEMO_PASSWORD)).signedIn).toBe(true);
    expect(player.jar.get(KNOWN_DEVICE_COOKIE)).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    // The attacker (another browser, any address) holds the account back.
    const attacker = await signInPage();
    for (let i = 0; i < 5; i++) await attacker.attempt(DEMO_EMAIL, `guess-${i}`);
    now += 1_000;
    expect(await attacker.attempt(DEMO_EMAIL, 'guess-5')).toMatchObject({ status: 401 });
    expect(await attacker.attempt(DEMO_EMAIL, DEMO_PASSWORD)).toMatchObject({ status: 429, retryAfter: '2' });
    // The player's browser (its device cookie; signed out of the provider's session) is not held back, even after a typo.
    const device = () => {
      const browser = new Browser(REDIRECT);
      browser.jar.set(KNOWN_DEVICE_COOKIE, player.jar.get(KNOWN_DEVICE_COOKIE)!);
      return signInPage(browser);
    };
    const own = await device();
    expect(await own.attempt(DEMO_EMAIL, 'typo-password')).toMatchObject({ status: 401 });
    expect((await own.attempt(DEMO_EMAIL, DEMO_PASSWORD)).signedIn).toBe(true);
    // The device's own failures are throttled too (its own key).
    const other = await device();
    for (let i = 0; i < 5; i++) await other.attempt(DEMO_EMAIL, `typo-${i}`);
    expect(await other.attempt(DEMO_EMAIL, DEMO_PASSWORD)).toMatchObject({ status: 429, retryAfter: '1' });
    // And the account is still held back for strangers.
    expect(await attacker.attempt(DEMO_EMAIL, DEMO_PASSWORD)).toMatchObject({ status: 429, retryAfter: '2' });
  }, 120_000);

  it('at most a few password checks run at once: past the queue an attempt is told at once to try again', async () => {
    now += 60 * 60_000;
    const gate = new HashGate();
    const attempts = gate.concurrency + gate.queue + 3;
    let running = 0;
    let most = 0;
    const authenticate = vi.spyOn(svc.services.store.users, 'authenticate').mockImplementation(async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 300));
      running--;
      return undefined;
    });
    try {
      const pages = await Promise.all(Array.from({ length: attempts }, () => signInPage()));
      const results = await Promise.all(
        pages.map((p, i) => p.attempt(`flood-${i}@kingshot.example`, 'wrong-password')),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(most).toBe(gate.concurrency);
      expect(statuses.filter((s) => s === 401)).toHaveLength(gate.concurrency + gate.queue);
      expect(statuses.filter((s) => s === 503)).toHaveLength(3);
      expect(results.find((r) => r.status === 503)).toEqual({
        status: 503,
        error: 'Sign-in is busy right now. Wait a few seconds and try again.',
        retryAfter: '2',
        signedIn: false,
      });
    } finally {
      authenticate.mockRestore();
    }
  });
});

describe('an attempt answered "busy"', () => {
  it('is not counted against the account when the hash slots filled up after it passed the throttle', async () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const failures = new InProcessBackoff(SIGN_IN_BACKOFF);
    const playerKey = signInKey(normaliseEmail(DEMO_EMAIL), undefined);
    const gate = new HashGate(); // the app's gate has the same size on this machine
    const floodSize = gate.concurrency + gate.queue;
    // The player's attempt is held at the throttle until a flood has taken every hash slot and queue place: the
    // race a shared (Redis) throttle's round trip opens between "there is room" and running the check.
    let playerAtThrottle!: () => void;
    const playerArrived = new Promise<void>((resolve) => (playerAtThrottle = resolve));
    let letPlayerOn!: () => void;
    const playerMayGoOn = new Promise<void>((resolve) => (letPlayerOn = resolve));
    let floodPassed = 0;
    const held: Backoff = {
      attempt: async (key, nowMs) => {
        if (key === playerKey) {
          playerAtThrottle();
          await playerMayGoOn;
        } else floodPassed++;
        return failures.attempt(key, nowMs);
      },
      succeeded: (key) => failures.succeeded(key),
      withdraw: (key) => failures.withdraw(key),
    };
    const rateLimits: RateLimits = { ...inProcessRateLimits(), backoff: () => held };
    const own = await listen({ clock: () => new Date(now), rateLimits });
    const authenticate = vi.spyOn(own.services.store.users, 'authenticate');
    try {
      const config = await register(own.baseUrl);
      const pages = await Promise.all(Array.from({ length: floodSize + 1 }, () => openSignInPage(config)));
      const player = pages[0]!.attempt(DEMO_EMAIL, DEMO_PASSWORD);
      await playerArrived;
      let endFlood!: () => void;
      const floodEnds = new Promise<void>((resolve) => (endFlood = resolve));
      authenticate.mockImplementation(async () => {
        await floodEnds;
        return undefined;
      });
      const flood = pages.slice(1).map((page, i) => page.attempt(`flood-${i}@kingshot.example`, 'wrong-password'));
      while (floodPassed < floodSize || authenticate.mock.calls.length < gate.concurrency)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100)); // the queued ones take their places
      letPlayerOn();
      expect(await player).toEqual({
        status: 503,
        error: 'Sign-in is busy right now. Wait a few seconds and try again.',
        retryAfter: '2',
        signedIn: false,
      });
      endFlood();
      expect((await Promise.all(flood)).map((r) => r.status)).toEqual(Array(floodSize).fill(401));
      // The player's attempt was never checked, so the account has all five free attempts left.
      const next = Array.from({ length: 6 }, () => failures.attempt(playerKey, now));
      expect(next).toEqual([...Array(5).fill({ allowed: true }), { allowed: false, retryAfterMs: 1_000 }]);
      expect(authenticate).toHaveBeenCalledTimes(floodSize);
    } finally {
      authenticate.mockRestore();
      await own.stop();
    }
  }, 120_000);
});
