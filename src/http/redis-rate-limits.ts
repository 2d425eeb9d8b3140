/**
 * Rate limits shared by every instance through Redis (REDIS_URL). Each decision is one round trip: a short Lua
 * script (loaded once, run by EVALSHA; ioredis reloads it after a Redis restart) runs the same arithmetic as the
 * in-process limiter (rate-limit.ts) atomically on the client's hash of per-second counts, so the 61st request of a
 * client within any rolling minute is refused whichever instance each request reached. Times come from the
 * instances' clocks (kept in step by NTP; a skew of d shortens the guaranteed window by d).
 *
 * Redis unreachable, at start or later: every decision is made in-process instead (per instance, the same limits),
 * at once: no offline queue, a short command timeout, and while Redis is down at most one probe a second when the
 * connection still looks open (a hung server). The outage is logged once and reported through `events`; ioredis
 * reconnects by itself and shared limiting resumes as soon as Redis answers. Counts made during the outage stay in
 * the instance that made them.
 */
import { Redis } from 'ioredis';
import { InProcessBackoff, type Backoff, type BackoffDecision, type BackoffPolicy } from './backoff.js';
import { rateDecision, SlidingWindowLimiter, windowShape, type RateDecision, type RateLimiter } from './rate-limit.js';
import type { LimiterOptions, RateLimits } from './rate-limits.js';

/**
 * KEYS[1]: the client's hash, field = bucket number, value = requests accepted in it.
 * ARGV: now (ms), bucket length (ms), buckets, limit, record (1) or only look (0).
 * Returns {allowed 1/0, total counted after the request, ms until one more fits (when total >= limit)}.
 */
const SLIDING_WINDOW = `
local now = tonumber(ARGV[1])
local bucketMs = tonumber(ARGV[2])
local buckets = tonumber(ARGV[3])
local limit = tonumber(ARGV[4])
local fields = redis.call('HGETALL', KEYS[1])
local current = math.floor(now / bucketMs)
for i = 1, #fields, 2 do
  local bucket = tonumber(fields[i])
  if bucket > current then current = bucket end
end
local oldest = current - buckets
local counts = {}
local stale = {}
local total = 0
for i = 1, #fields, 2 do
  local bucket = tonumber(fields[i])
  if bucket < oldest then
    stale[#stale + 1] = fields[i]
  else
    local n = tonumber(fields[i + 1])
    counts[bucket] = n
    total = total + n
  end
end
local allowed = 0
if total < limit then
  allowed = 1
  if ARGV[5] == '1' then
    -- Only a recorded request changes the hash (as only an accepted one moves the in-process counters on): after a
    -- look or a refusal, a request stamped earlier still finds the counts that are stale to the later time.
    if #stale > 0 then redis.call('HDEL', KEYS[1], unpack(stale)) end
    redis.call('HINCRBY', KEYS[1], string.format('%d', current), 1)
    redis.call('PEXPIRE', KEYS[1], (buckets + 2) * bucketMs)
    counts[current] = (counts[current] or 0) + 1
    total = total + 1
  end
end
local wait = 0
if total >= limit then
  local dropped = 0
  for bucket = oldest, current do
    dropped = dropped + (counts[bucket] or 0)
    if total - dropped < limit then
      wait = (bucket + buckets + 1) * bucketMs - now
      break
    end
  end
end
return {allowed, total, wait}
`;

/**
 * KEYS[1]: the key's hash {failures, last}. ARGV: now (ms), free, base (ms), cap (ms), forget (ms).
 * Returns 0 when the attempt goes ahead (counted as a failure), else the ms to wait.
 */
const BACKOFF = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local values = redis.call('HMGET', KEYS[1], 'failures', 'last')
local failures = tonumber(values[1]) or 0
local last = tonumber(values[2]) or 0
-- Quiet for forgetMs by the callers' clock: afresh, as in-process (the hash's expiry runs on Redis's own clock).
if now - last >= tonumber(ARGV[5]) then failures = 0 end
if failures >= free then
  local delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (failures - free))
  if now < last + delay then return last + delay - now end
end
redis.call('HSET', KEYS[1], 'failures', failures + 1, 'last', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[5]))
return 0
`;

/** KEYS[1]: the key's hash {failures, last}. One failure fewer; the key goes when none is left. */
const WITHDRAW = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures'))
if not failures then return 0 end
if failures <= 1 then
  redis.call('DEL', KEYS[1])
else
  redis.call('HINCRBY', KEYS[1], 'failures', -1)
end
return 1
`;

interface LimitCommands {
  ksSlidingWindow(
    key: string,
    nowMs: number,
    bucketMs: number,
    buckets: number,
    limit: number,
    record: 0 | 1,
  ): Promise<[number, number, number]>;
  ksBackoff(key: string, nowMs: number, free: number, baseMs: number, capMs: number, forgetMs: number): Promise<number>;
  ksWithdraw(key: string): Promise<number>;
}

/** What a metrics or alerting layer may want to count; every callback is optional. */
export interface RedisLimitEvents {
  /** Redis stopped answering: decisions are made in-process from now on (once per outage). */
  onRedisDown?(error: Error): void;
  /** Redis answers again: decisions are shared again. */
  onRedisUp?(): void;
  /** One decision was made in-process because Redis was unreachable. */
  onFallback?(limiter: string): void;
}

export interface RedisRateLimitsOptions {
  url: string;
  /** Put before every key, so deployments (and test runs) sharing one Redis never share counts. */
  prefix: string;
  events?: RedisLimitEvents;
  /** Where the outage and recovery lines go (default: stderr). */
  log?: (line: string) => void;
  /** A command slower than this counts as Redis being unreachable (default 250 ms). */
  commandTimeoutMs?: number;
  /** While Redis is down but its connection looks open, one decision tries it this often (default 1000 ms). */
  probeIntervalMs?: number;
}

/** Where Redis is, for log lines: never the password. */
function describe(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.protocol}//${parsed.host}` : 'Redis';
}

export class RedisRateLimits implements RateLimits {
  /** Where Redis is (scheme, host and port; never a password). */
  readonly where: string;
  readonly #redis: Redis & LimitCommands;
  readonly #prefix: string;
  readonly #events: RedisLimitEvents;
  readonly #log: (line: string) => void;
  readonly #probeIntervalMs: number;
  #down = false;
  /** Whether an outage has been reported since start: its recovery line then reports the first connection too. */
  #outageReported = false;
  #probeAt = 0;
  #closing = false;

  constructor(options: RedisRateLimitsOptions) {
    this.#prefix = options.prefix;
    this.#events = options.events ?? {};
    this.#log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.where = describe(options.url);
    this.#probeIntervalMs = options.probeIntervalMs ?? 1_000;
    this.#redis = new Redis(options.url, {
      // A command while disconnected fails at once (no queue to wait in), and one in flight gives up quickly.
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 250,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // Commands issued in the same tick go out in one write: under load many requests' decisions share a round trip.
      enableAutoPipelining: true,
      connectTimeout: 2_000,
      // Reconnect for ever, at most every 2 s.
      retryStrategy: (times) => Math.min(100 * times, 2_000),
    }) as Redis & LimitCommands;
    this.#redis.defineCommand('ksSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW });
    this.#redis.defineCommand('ksBackoff', { numberOfKeys: 1, lua: BACKOFF });
    this.#redis.defineCommand('ksWithdraw', { numberOfKeys: 1, lua: WITHDRAW });
    this.#redis.on('ready', () => this.#up());
    this.#redis.on('error', (error: Error) => this.#fail(error));
    this.#redis.on('close', () => {
      if (!this.#closing) this.#fail(new Error('connection closed'));
    });
  }

  /** Whether decisions are shared right now (Redis connected and answering). */
  get shared(): boolean {
    return this.#redis.status === 'ready' && !this.#down;
  }

  /**
   * Resolves once Redis is connected, or after `timeoutMs` (false): the service waits this long at start so its
   * first requests are counted in Redis, and starts anyway with in-process limits when Redis is not there. Without
   * a timeout it waits for the connection however long it takes.
   */
  connected(timeoutMs?: number): Promise<boolean> {
    if (this.#redis.status === 'ready') return Promise.resolve(true);
    return new Promise((done) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.#redis.off('ready', ready);
              done(false);
            }, timeoutMs);
      const ready = () => {
        clearTimeout(timer);
        done(true);
      };
      this.#redis.once('ready', ready);
    });
  }

  /**
   * For a service that stopped waiting at start: once Redis first answers, logs that limits are shared from then
   * on and calls `onShared` (unless Redis was reported down meanwhile: then its recovery is reported as any other).
   */
  async reportLateConnection(onShared: () => void): Promise<void> {
    await this.connected();
    if (!this.shared || this.#closing || this.#outageReported) return;
    this.#log(`${new Date().toISOString()} rate limits: Redis at ${this.where} answers; limits are shared from now on`);
    onShared();
  }

  limiter(name: string, options: LimiterOptions): RateLimiter {
    const local = new SlidingWindowLimiter(options);
    const shape = windowShape(options.windowMs);
    const prefix = `${this.#prefix}${name}:`;
    const shared = (client: string, nowMs: number, limit: number, record: 0 | 1) =>
      this.#redis
        .ksSlidingWindow(`${prefix}${client}`, nowMs, shape.bucketMs, shape.buckets, limit, record)
        .then(([allowed, total, wait]) => {
          this.#answered();
          return rateDecision(allowed === 1, total, limit, wait);
        });
    return {
      limit: options.limit,
      windowMs: shape.windowMs,
      take: (client, nowMs, limit = options.limit) => {
        if (!this.#tryRedis()) return this.#fallback(name, () => local.take(client, nowMs, limit));
        return shared(client, nowMs, limit, 1).catch((error: unknown) => {
          this.#fail(error);
          return this.#fallback(name, () => local.take(client, nowMs, limit));
        });
      },
      refusal: (client, nowMs, limit = options.limit) => {
        if (!this.#tryRedis()) return this.#fallback(name, () => local.refusal(client, nowMs, limit));
        return shared(client, nowMs, limit, 0).then(
          (decision): RateDecision | undefined => (decision.allowed ? undefined : decision),
          (error: unknown) => {
            this.#fail(error);
            return this.#fallback(name, () => local.refusal(client, nowMs, limit));
          },
        );
      },
    };
  }

  backoff(name: string, policy: BackoffPolicy): Backoff {
    const local = new InProcessBackoff(policy);
    const prefix = `${this.#prefix}${name}:`;
    return {
      attempt: (key, nowMs) => {
        if (!this.#tryRedis()) return this.#fallback(name, () => local.attempt(key, nowMs));
        return this.#redis
          .ksBackoff(`${prefix}${key}`, nowMs, policy.free, policy.baseMs, policy.capMs, policy.forgetMs)
          .then(
            (wait): BackoffDecision => {
              this.#answered();
              return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
            },
            (error: unknown) => {
              this.#fail(error);
              return this.#fallback(name, () => local.attempt(key, nowMs));
            },
          );
      },
      succeeded: async (key) => {
        local.succeeded(key);
        if (!this.#tryRedis()) return;
        await this.#redis.del(`${prefix}${key}`).then(
          () => this.#answered(),
          (error: unknown) => this.#fail(error),
        );
      },
      // Where the attempt was counted: Redis while it answers, else in-process.
      withdraw: async (key) => {
        if (!this.#tryRedis()) return this.#fallback(name, () => local.withdraw(key));
        await this.#redis.ksWithdraw(`${prefix}${key}`).then(
          () => this.#answered(),
          (error: unknown) => {
            this.#fail(error);
            this.#fallback(name, () => local.withdraw(key));
          },
        );
      },
    };
  }

  async close(): Promise<void> {
    this.#closing = true;
    try {
      await this.#redis.quit();
    } catch {
      this.#redis.disconnect();
    }
  }

  /** Whether this decision should go to Redis: connected, and not known to be down (except one probe a second). */
  #tryRedis(): boolean {
    if (this.#redis.status !== 'ready') return false;
    if (!this.#down) return true;
    const now = performance.now();
    if (now < this.#probeAt) return false;
    this.#probeAt = now + this.#probeIntervalMs;
    return true;
  }

  #fallback<T>(name: string, decide: () => T): T {
    this.#events.onFallback?.(name);
    return decide();
  }

  #answered(): void {
    if (this.#down) this.#up();
  }

  #fail(error: unknown): void {
    if (this.#down || this.#closing) return;
    this.#down = true;
    this.#outageReported = true;
    this.#probeAt = performance.now() + this.#probeIntervalMs;
    const reason = error instanceof Error ? error : new Error(String(error));
    this.#log(
      `${new Date().toISOString()} rate limits: Redis at ${this.where} unreachable (${reason.message}); each instance limits in-process until it answers again`,
    );
    this.#events.onRedisDown?.(reason);
  }

  #up(): void {
    if (!this.#down || this.#closing) return;
    this.#down = false;
    this.#log(`${new Date().toISOString()} rate limits: Redis at ${this.where} answers again; limits are shared again`);
    this.#events.onRedisUp?.();
  }
}
