/**
 * A sliding-window limiter: at most `limit` requests per client in any rolling window. Each client keeps the
 * times of its last `limit` accepted requests in a ring; a request is accepted when the oldest of those is older
 * than the window. Refused requests are not recorded, so a client that keeps knocking is not locked out longer.
 */

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until one more request would be accepted (0 when one would be now). */
  resetSeconds: number;
}

class Ring {
  readonly times: Float64Array;
  next = 0;
  count = 0;
  constructor(size: number) {
    this.times = new Float64Array(size);
  }
  oldest(): number {
    return this.times[this.count < this.times.length ? 0 : this.next]!;
  }
  newest(): number {
    return this.times[(this.next - 1 + this.times.length) % this.times.length]!;
  }
  push(t: number): void {
    this.times[this.next] = t;
    this.next = (this.next + 1) % this.times.length;
    if (this.count < this.times.length) this.count++;
  }
  /** Accepted requests within the window ending at `now`. */
  inWindow(now: number, windowMs: number): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) if (this.times[i]! > now - windowMs) n++;
    return n;
  }
}

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #clients = new Map<string, Ring>();
  readonly #maxClients: number;
  #sweepAt = 0;

  constructor(options: { limit: number; windowMs?: number; maxClients?: number }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 60_000;
    this.#maxClients = options.maxClients ?? 100_000;
  }

  /** Records a request when the client is under its limit; the decision either way. */
  take(client: string, nowMs: number): RateDecision {
    this.#sweep(nowMs);
    const refused = this.refusal(client, nowMs);
    if (refused) return refused;
    let ring = this.#clients.get(client);
    if (!ring) {
      ring = new Ring(this.limit);
      this.#clients.set(client, ring);
    }
    ring.push(nowMs);
    const used = ring.inWindow(nowMs, this.windowMs);
    const remaining = this.limit - used;
    const resetSeconds = remaining > 0 ? 0 : Math.max(1, Math.ceil((ring.oldest() + this.windowMs - nowMs) / 1000));
    return { allowed: true, limit: this.limit, remaining, resetSeconds };
  }

  /** The refusal a request from this client would get now, without recording one; undefined when it is under its limit. */
  refusal(client: string, nowMs: number): RateDecision | undefined {
    const ring = this.#clients.get(client);
    if (!ring || ring.count < this.limit || ring.oldest() <= nowMs - this.windowMs) return undefined;
    return { allowed: false, limit: this.limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil((ring.oldest() + this.windowMs - nowMs) / 1000)) };
  }

  /** Forgets clients idle for a whole window, and the oldest clients when there are too many. */
  #sweep(nowMs: number): void {
    if (nowMs < this.#sweepAt && this.#clients.size < this.#maxClients) return;
    this.#sweepAt = nowMs + this.windowMs;
    for (const [client, ring] of this.#clients) if (ring.newest() <= nowMs - this.windowMs) this.#clients.delete(client);
    for (const client of this.#clients.keys()) {
      if (this.#clients.size < this.#maxClients) break;
      this.#clients.delete(client);
    }
  }
}

/** IETF draft RateLimit headers (and Retry-After when refused). */
export function rateLimitHeaders(decision: RateDecision, windowSeconds: number): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${decision.limit};w=${windowSeconds}`,
    RateLimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}
