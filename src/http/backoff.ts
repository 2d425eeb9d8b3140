/**
 * Exponential backoff after failures, by key (sign-in per account): the first `free` attempts go ahead at once; after
 * that, an attempt must wait `baseMs`, doubling with each further failure up to `capMs`, from the last attempt.
 * An attempt that goes ahead is counted as a failure before it runs and forgotten when it succeeds, so concurrent
 * attempts (on any instance) cannot slip through together. A key with no attempt for `forgetMs` starts afresh.
 */

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

/** The in-process backoff: a Map of keys, forgotten after `forgetMs` without attempts, at most `maxKeys` kept. */
export class InProcessBackoff implements Backoff {
  readonly policy: BackoffPolicy;
  readonly #keys = new Map<string, Failures>();
  readonly #maxKeys: number;
  #sweepAt = 0;

  constructor(policy: BackoffPolicy, options: { maxKeys?: number } = {}) {
    this.policy = policy;
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  get size(): number {
    return this.#keys.size;
  }

  attempt(key: string, nowMs: number): BackoffDecision {
    this.#sweep(nowMs);
    const known = this.#keys.get(key);
    const failures = known && nowMs - known.lastMs < this.policy.forgetMs ? known : undefined;
    if (failures) {
      const readyAt = failures.lastMs + backoffDelayMs(failures.count, this.policy);
      if (nowMs < readyAt) return { allowed: false, retryAfterMs: readyAt - nowMs };
    }
    // Re-inserted so the Map stays in order of last attempt and the cap drops the longest idle first.
    this.#keys.delete(key);
    this.#keys.set(key, { count: (failures?.count ?? 0) + 1, lastMs: nowMs });
    return { allowed: true };
  }

  succeeded(key: string): void {
    this.#keys.delete(key);
  }

  #sweep(nowMs: number): void {
    if (nowMs < this.#sweepAt && this.#keys.size < this.#maxKeys) return;
    this.#sweepAt = nowMs + this.policy.forgetMs;
    for (const [key, failures] of this.#keys) if (nowMs - failures.lastMs >= this.policy.forgetMs) this.#keys.delete(key);
    for (const key of this.#keys.keys()) {
      if (this.#keys.size < this.#maxKeys) break;
      this.#keys.delete(key);
    }
  }
}
