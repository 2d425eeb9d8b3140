/**
 * The rate limits with every refusal counted by limiter name (`mcp`, `mcp/account`, `auth:token`, …, and the
 * sign-in backoff). A decision that is not a promise stays synchronous: the hot /mcp path pays no tick for it.
 */
import type { Backoff, BackoffDecision } from '../http/backoff.js';
import type { RateDecision, RateLimiter } from '../http/rate-limit.js';
import type { RateLimits } from '../http/rate-limits.js';

export function countedRateLimits(inner: RateLimits, refused: (limiter: string) => void): RateLimits {
  return {
    limiter(name, options) {
      const limiter = inner.limiter(name, options);
      const count = (decision: RateDecision): RateDecision => {
        if (!decision.allowed) refused(name);
        return decision;
      };
      const countRefusal = (decision: RateDecision | undefined): RateDecision | undefined => {
        if (decision) refused(name);
        return decision;
      };
      const counted: RateLimiter = {
        limit: limiter.limit,
        windowMs: limiter.windowMs,
        take(client, nowMs, limit) {
          const decision = limiter.take(client, nowMs, limit);
          return decision instanceof Promise ? decision.then(count) : count(decision);
        },
        refusal(client, nowMs, limit) {
          const decision = limiter.refusal(client, nowMs, limit);
          return decision instanceof Promise ? decision.then(countRefusal) : countRefusal(decision);
        },
      };
      return counted;
    },
    backoff(name, policy) {
      const backoff = inner.backoff(name, policy);
      const count = (decision: BackoffDecision): BackoffDecision => {
        if (!decision.allowed) refused(name);
        return decision;
      };
      const counted: Backoff = {
        attempt(key, nowMs) {
          const decision = backoff.attempt(key, nowMs);
          return decision instanceof Promise ? decision.then(count) : count(decision);
        },
        succeeded: (key) => backoff.succeeded(key),
        withdraw: (key) => backoff.withdraw(key),
      };
      return counted;
    },
    close: () => inner.close(),
  };
}
