/**
 * A 429 that leaves its body unread waits before it answers, so a limited client looping over large uploads sends at
 * most one per connection per pause (src/http/refusal-pause.ts); small refusals and everything else answer at once.
 */
import { describe, expect, it } from 'vitest';
import { accountApp, accountServices } from '../account-helpers.js';
import { RefusalPause, UNREAD_REFUSAL_PAUSE_MS } from '../../src/http/refusal-pause.js';
import { PEEK_LIMIT_BYTES } from '../../src/http/mcp-route.js';
import { fromAddress, post, testApp } from '../helpers.js';

/** A pause whose waits are recorded and end when the test says so. */
function recordingPause(maxHeld?: number) {
  const waits: { ms: number; end: () => void }[] = [];
  const pause = new RefusalPause(
    UNREAD_REFUSAL_PAUSE_MS,
    maxHeld,
    (ms) => new Promise<void>((end) => waits.push({ ms, end })),
  );
  return { pause, waits };
}

describe('RefusalPause', () => {
  it('holds each answer for its pause and counts what it holds', async () => {
    const { pause, waits } = recordingPause();
    let answered = 0;
    const first = pause.beforeAnswer().then(() => answered++);
    const second = pause.beforeAnswer().then(() => answered++);
    expect(waits.map((w) => w.ms)).toEqual([1_000, 1_000]);
    expect(pause.held).toBe(2);
    await Promise.resolve();
    expect(answered).toBe(0);
    waits[0]!.end();
    await first;
    expect(answered).toBe(1);
    expect(pause.held).toBe(1);
    waits[1]!.end();
    await second;
    expect(pause.held).toBe(0);
  });

  it('past maxHeld waiting at once, answers without waiting', async () => {
    const { pause, waits } = recordingPause(2);
    void pause.beforeAnswer();
    void pause.beforeAnswer();
    await pause.beforeAnswer();
    expect(waits).toHaveLength(2);
    expect(pause.held).toBe(2);
    for (const w of waits) w.end();
  });
});

describe('/mcp: which refusals wait', () => {
  const client = fromAddress('203.0.113.70');
  const big = JSON.stringify({
    jsonrpc: '2.0',
    id: 'big',
    method: 'ping',
    params: { pad: 'x'.repeat(PEEK_LIMIT_BYTES + 1) },
  });
  const small = JSON.stringify({ jsonrpc: '2.0', id: 'small', method: 'ping' });

  it('a 429 whose body is left unread waits for the pause; one whose id is echoed, and an allowed request, do not', async () => {
    const { pause, waits } = recordingPause();
    const app = testApp({ config: { rateLimitPerMinute: 1 }, refusalPause: pause });
    const allowed = await post(app, big, { 'content-length': String(Buffer.byteLength(big)) }, '/mcp', client);
    expect(allowed.status).toBe(200);
    expect(waits).toHaveLength(0);

    const echoed = await post(app, small, { 'content-length': String(Buffer.byteLength(small)) }, '/mcp', client);
    expect(echoed.status).toBe(429);
    expect((await echoed.json()).id).toBe('small');
    expect(waits).toHaveLength(0);

    let settled = false;
    const unread = post(app, big, { 'content-length': String(Buffer.byteLength(big)) }, '/mcp', client).finally(
      () => (settled = true),
    );
    for (let i = 0; i < 20 && waits.length === 0; i++) await new Promise((r) => setImmediate(r));
    expect(waits.map((w) => w.ms)).toEqual([1_000]);
    expect(settled).toBe(false);
    waits[0]!.end();
    const refused = await unread;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('connection')).toBe('close');
    expect((await refused.json()).id).toBeNull();
  });
});

describe('/mcp/account: a refused bearer over its limit takes the same refusal path', () => {
  const client = fromAddress('203.0.113.71');
  const big = JSON.stringify({
    jsonrpc: '2.0',
    id: 'big',
    method: 'ping',
    params: { pad: 'x'.repeat(PEEK_LIMIT_BYTES + 1) },
  });
  const small = JSON.stringify({ jsonrpc: '2.0', id: 'small', method: 'ping' });

  it('a 429 whose body is left unread waits for the pause and closes; a small one echoes its id at once', async () => {
    const services = await accountServices();
    try {
      const { pause, waits } = recordingPause();
      const app = accountApp(services, { authRateLimitPerMinute: 1, refusalPause: pause });
      const length = (body: string) => ({ 'content-length': String(Buffer.byteLength(body)) });
      const first = await post(app, small, length(small), '/mcp/account', client);
      expect(first.status).toBe(401);

      const echoed = await post(app, small, length(small), '/mcp/account', client);
      expect(echoed.status).toBe(429);
      expect((await echoed.json()).id).toBe('small');
      expect(waits).toHaveLength(0);

      let settled = false;
      const unread = post(app, big, length(big), '/mcp/account', client).finally(() => (settled = true));
      for (let i = 0; i < 20 && waits.length === 0; i++) await new Promise((r) => setImmediate(r));
      expect(waits.map((w) => w.ms)).toEqual([1_000]);
      expect(settled).toBe(false);
      waits[0]!.end();
      const refused = await unread;
      expect(refused.status).toBe(429);
      expect(refused.headers.get('connection')).toBe('close');
      expect((await refused.json()).id).toBeNull();
    } finally {
      await services.store.close();
    }
  });
});
