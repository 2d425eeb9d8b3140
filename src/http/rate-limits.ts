/**
 * Where the service's limiters keep their counts: in this process (the default) or in Redis, shared by every
 * instance (redis-rate-limits.ts). The app asks for each limiter by a name that says what it counts (`mcp`,
 * `auth:token`, …); the name keeps its keys apart from the other limiters'.
 */
import { InProcessBackoff, type Backoff, type BackoffPolicy } from './backoff.js';
import { SlidingWindowLimiter, type RateLimiter } from './rate-limit.js';

export interface LimiterOptions {
  limit: number;
  windowMs?: number;
}

export interface RateLimits {
  limiter(name: string, options: LimiterOptions): RateLimiter;
  backoff(name: string, policy: BackoffPolicy): Backoff;
  /** Ends the connection to a shared store (nothing to do in-process). */
  close(): Promise<void>;
}

export function inProcessRateLimits(): RateLimits {
  return {
    limiter: (_name, options) => new SlidingWindowLimiter(options),
    backoff: (_name, policy) => new InProcessBackoff(policy),
    close: async () => undefined,
  };
}
