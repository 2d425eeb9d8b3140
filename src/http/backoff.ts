/**
 * Exponential backoff after failures, by key (sign-in per account): the first `free` attempts go ahead at once; after
 * that, an attempt must wait `baseMs`, doubling with each further failure up to `capMs`, from the last attempt.
 * An attempt that goes ahead is counted as a failure before it runs and forgotten when it succeeds, so concurrent
 * attempts (on any instance) cannot slip through together; one that goes ahead but is never checked is withdrawn. A key with no attempt for `forgetMs` starts afresh.
 */

import { keptKey } from '../kept-key.js';
import { forgetIdle, makeRoom } from './capped-map.js';

export interface BackoffPolicy {
  free: number;
  baseMs: number;
  capMs: number;
  forgetMs: number;
}

export type BackoffDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface Backoff {
  /** Whether an attempt may go ahead now; one that may is counted as a failure until `succeeded`. */
  attempt(key: string, nowMs: number): BackoffDecision | Promise<BackoffDecision>;
  /** Forgets the key's failures (its attempt succeeded). */
  succeeded(key: string): void | Promise<void>;
  /**
   * Takes back one attempt that went ahead but was never checked (no password-hash slot was free): it is no failure
   * of the key's, so a player told "busy" does not slow their own account down.
   */
  withdraw(key: string): void | Promise<void>;
}

/** The wait after `failures` failures, from the last attempt. */
export function backoffDelayMs(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** (failures - policy.free));
}

interface Failures {
  count: number;
  lastMs: number;
}

/**
 * The in-process backoff: a Map of keys in order of last attempt, forgotten after `forgetMs` without attempts (a sweep
 * once per `forgetMs`), at most `maxKeys` kept (room made in batches, capped-map.ts).
 */
export class InProcessBackoff implements Backoff {
  readonly policy: BackoffPolicy;
  readonly #keys = new Map<string, Failures>();
  readonly #maxKeys: number;
  #sweepAt = 0;
  #visited = 0;

  constructor(policy: BackoffPolicy, options: { maxKeys?: number } = {}) {
    this.policy = policy;
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  get size(): number {
    return this.#keys.size;
  }

  /** Keys the sweeps and evictions have looked at so far: the upkeep's whole work, for tests. */
  get visited(): number {
    return this.#visited;
  }

  attempt(key: string, nowMs: number): BackoffDecision {
    if (nowMs >= this.#sweepAt) this.#sweep(nowMs);
    const known = this.#keys.get(key);
    const failures = known && nowMs - known.lastMs < this.policy.forgetMs ? known : undefined;
    if (failures) {
      const readyAt = failures.lastMs + backoffDelayMs(failures.count, this.policy);
      if (nowMs < readyAt) return { allowed: false, retryAfterMs: readyAt - nowMs };
    }
    // Re-inserted so the Map stays in order of last attempt and making room drops the longest idle first.
    this.#keys.delete(key);
    if (this.#keys.size >= this.#maxKeys) this.#visited += makeRoom(this.#keys, this.#maxKeys, this.#idleAt(nowMs));
    this.#keys.set(keptKey(key), { count: (failures?.count ?? 0) + 1, lastMs: nowMs });
    return { allowed: true };
  }

  succeeded(key: string): void {
    this.#keys.delete(key);
  }

  withdraw(key: string): void {
    const failures = this.#keys.get(key);
    if (!failures) return;
    // At none left the key starts afresh, as one never tried.
    if (failures.count <= 1) this.#keys.delete(key);
    else failures.count--;
  }

  #idleAt(nowMs: number): (failures: Failures) => boolean {
    return (failures) => nowMs - failures.lastMs >= this.policy.forgetMs;
  }

  #sweep(nowMs: number): void {
    this.#sweepAt = nowMs + this.policy.forgetMs;
    this.#visited += forgetIdle(this.#keys, this.#idleAt(nowMs));
  }
}
