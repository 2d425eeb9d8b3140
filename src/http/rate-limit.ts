/**
 * Rate limits: at most `limit` requests per client in any rolling window (60 s by default), in memory and time per
 * client that do not depend on the limit.
 *
 * Each client has a fixed number of sub-window counters: 60 buckets of one second for a one-minute window. A request
 * is accepted when fewer than `limit` requests are counted in the current bucket and the 60 before it; those cover
 * the whole rolling window that ends now plus the part of the oldest bucket that lies before the window.
 *
 * Guarantee: never more than `limit` accepted requests in any rolling window, whatever the instants. Counting the
 * oldest bucket whole is the price: a refused client may wait up to one bucket (1 s) longer than an exact log of
 * timestamps would make it. An exact log costs memory and time in proportion to the limit (8 MB per client at
 * 1,000,000 a minute); fixed-window counters (rate-limiter-flexible's limiters) let up to twice the limit through
 * across a window edge. Refused requests are not counted, so a client that keeps knocking is not held back longer.
 *
 * The in-process limiter here and the Redis one (redis-rate-limit.ts, the same arithmetic in a Lua script) decide
 * identically on the same sequence; both read the time from the caller, so a frozen clock freezes them.
 */

import { keptKey } from '../kept-key.js';
import { forgetIdle, makeRoom } from './capped-map.js';
import { CounterRows } from './counter-rows.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until one more request would be accepted (0 when one would be now). */
  resetSeconds: number;
}

/**
 * A limiter by client key. In-process it answers synchronously; on Redis it answers with a promise (callers await
 * only a promise, so the in-process path costs no extra microtask).
 */
export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Records a request when the client is under its limit (`limit` overrides the default); the decision either way. */
  take(client: string, nowMs: number, limit?: number): RateDecision | Promise<RateDecision>;
  /** The refusal a request from this client would get now, without recording one; undefined when it is under its limit. */
  refusal(client: string, nowMs: number, limit?: number): RateDecision | undefined | Promise<RateDecision | undefined>;
}

export interface WindowShape {
  windowMs: number;
  /** Sub-window counters per client; the current bucket is counted beside them. */
  buckets: number;
  bucketMs: number;
}

export const DEFAULT_WINDOW_MS = 60_000;
export const DEFAULT_BUCKETS = 60;

export function windowShape(windowMs = DEFAULT_WINDOW_MS, buckets = DEFAULT_BUCKETS): WindowShape {
  const bucketMs = windowMs / buckets;
  if (!Number.isInteger(bucketMs) || bucketMs < 1)
    throw new Error(`a ${windowMs} ms window cannot be cut into ${buckets} buckets of whole milliseconds`);
  return { windowMs, buckets, bucketMs };
}

/**
 * How long until one more request fits: until enough of the oldest counted buckets (`current - buckets` onwards) have
 * left the counted range for `total` to drop under `limit`. `countAt(b)` is bucket b's count.
 */
export function waitMs(
  shape: WindowShape,
  total: number,
  limit: number,
  current: number,
  nowMs: number,
  countAt: (bucket: number) => number,
): number {
  let dropped = 0;
  for (let bucket = current - shape.buckets; bucket <= current; bucket++) {
    dropped += countAt(bucket);
    if (total - dropped < limit) return (bucket + shape.buckets + 1) * shape.bucketMs - nowMs;
  }
  return 0;
}

/** The decision once the current request is recorded (allowed) or not (refused); `waitMs` matters only when the limit is reached. */
export function rateDecision(allowed: boolean, total: number, limit: number, waitMs: number): RateDecision {
  const remaining = Math.max(0, limit - total);
  if (allowed && remaining > 0) return { allowed, limit, remaining, resetSeconds: 0 };
  return { allowed, limit, remaining, resetSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * The in-process limiter: a Map from each client to its row of counters (counter-rows.ts). Clients with nothing
 * left in their window are forgotten by a sweep once a window; at most `maxClients` are kept, room being made in
 * batches (capped-map.ts) so a flood of new addresses costs each request the same small work as a quiet minute.
 */
export class SlidingWindowLimiter implements RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly shape: WindowShape;
  readonly #clients = new Map<string, number>();
  readonly #rows: CounterRows;
  readonly #release = (row: number) => this.#rows.release(row);
  readonly #maxClients: number;
  #sweepAt = 0;
  #visited = 0;

  constructor(options: { limit: number; windowMs?: number; buckets?: number; maxClients?: number }) {
    this.limit = options.limit;
    this.shape = windowShape(options.windowMs, options.buckets);
    this.windowMs = this.shape.windowMs;
    this.#maxClients = options.maxClients ?? 100_000;
    this.#rows = new CounterRows(this.shape.buckets + 1);
  }

  /** Clients currently tracked. */
  get size(): number {
    return this.#clients.size;
  }

  /** Clients the sweeps and evictions have looked at so far: the upkeep's whole work, for tests. */
  get visited(): number {
    return this.#visited;
  }

  take(client: string, nowMs: number, limit = this.limit): RateDecision {
    if (nowMs >= this.#sweepAt) this.#sweep(nowMs);
    const rows = this.#rows;
    let row = this.#clients.get(client);
    if (row !== undefined) {
      const current = this.#current(row, nowMs);
      const refused = this.#refusalAt(row, current, nowMs, limit);
      if (refused) return refused;
      rows.advance(row, current);
    } else {
      if (this.#clients.size >= this.#maxClients)
        this.#visited += makeRoom(this.#clients, this.#maxClients, this.#idleAt(nowMs), this.#release);
      row = rows.add(Math.floor(nowMs / this.shape.bucketMs));
      this.#clients.set(keptKey(client), row);
    }
    const total = rows.count(row);
    if (total < limit) return { allowed: true, limit, remaining: limit - total, resetSeconds: 0 };
    return rateDecision(true, total, limit, this.#wait(row, total, rows.newest(row), limit, nowMs));
  }

  refusal(client: string, nowMs: number, limit = this.limit): RateDecision | undefined {
    const row = this.#clients.get(client);
    return row === undefined ? undefined : this.#refusalAt(row, this.#current(row, nowMs), nowMs, limit);
  }

  /** The client's current bucket: now's, or its newest when the clock stepped back (never un-counting a request). */
  #current(row: number, nowMs: number): number {
    return Math.max(this.#rows.newest(row), Math.floor(nowMs / this.shape.bucketMs));
  }

  /**
   * The refusal of a client at bucket `current`, when it is at its limit. It moves nothing: only an accepted request
   * moves the client's counters on, as only an accepted request writes to the client's hash in the Redis script. So
   * after a look or a refusal, a request stamped earlier (a clock that steps back) is counted in its own bucket, and
   * the counts a later look saw past are still there for it, by both.
   */
  #refusalAt(row: number, current: number, nowMs: number, limit: number): RateDecision | undefined {
    const total = this.#rows.totalAt(row, current);
    return total >= limit
      ? rateDecision(false, total, limit, this.#wait(row, total, current, limit, nowMs))
      : undefined;
  }

  #wait(row: number, total: number, current: number, limit: number, nowMs: number): number {
    return waitMs(this.shape, total, limit, current, nowMs, (bucket) => this.#rows.at(row, bucket));
  }

  /** Whether a client's counters hold nothing that counts at `nowMs`, `graceBuckets` buckets on. */
  #idleAt(nowMs: number, graceBuckets = 0): (row: number) => boolean {
    const oldestKept = Math.floor(nowMs / this.shape.bucketMs) - this.shape.buckets - graceBuckets;
    return (row) => this.#rows.newest(row) < oldestKept;
  }

  /**
   * Once a window: forgets the clients whose counters have held nothing that counts for a whole window. The extra
   * window is for a clock that steps back (NTP, or on Redis another instance's clock): a request stamped earlier than
   * the sweep's time still finds the counts the Redis script finds in the client's hash, which Redis keeps until it
   * expires, so both decide alike; forgetting a client the moment nothing counted made such a request a new one.
   * At the cap (makeRoom) the clients with nothing counting go at once.
   */
  #sweep(nowMs: number): void {
    this.#sweepAt = nowMs + this.windowMs;
    this.#visited += forgetIdle(this.#clients, this.#idleAt(nowMs, this.shape.buckets), this.#release);
  }
}

/** IETF draft RateLimit headers (and Retry-After when refused). */
export function rateLimitHeaders(decision: RateDecision, windowSeconds: number): Record<string, string> {
  const headers: Record<string, string> = {};
  setRateLimitHeaders(headers, decision, windowSeconds);
  return headers;
}

let policyLimit = -1;
let policyWindow = -1;
let policy = '';

/**
 * The same headers set on `headers` (the /mcp route's one header object per request). The policy depends only on
 * the limit and the window, which stay the same request after request: its text is made when they change.
 */
export function setRateLimitHeaders(
  headers: Record<string, string>,
  decision: RateDecision,
  windowSeconds: number,
): void {
  if (decision.limit !== policyLimit || windowSeconds !== policyWindow) {
    policyLimit = decision.limit;
    policyWindow = windowSeconds;
    policy = `${decision.limit};w=${windowSeconds}`;
  }
  headers['RateLimit-Policy'] = policy;
  headers.RateLimit = `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`;
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
}
