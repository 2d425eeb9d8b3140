/**
 * Whether an access token's grant still stands, asked of the store with a short memory. Access tokens are JWTs
 * checked in-process; without this, a token of a revoked app (or of an account whose password changed or that was
 * deleted) would be accepted until it expires, up to 10 minutes. With it every instance refuses such a token at most
 * `cacheMs` after the revocation, at the cost of one primary-key read per grant and instance every `cacheMs`
 * (docs/account-pages.md has the measured cost). A store outage throws, so the request gets the account stack's 503.
 * The same check notes the grant's last use, at most once a minute.
 */
import { makeRoom } from '../http/capped-map.js';
import { GRANT_USE_RESOLUTION_SECONDS, type GrantStore } from '../store/grants.js';

/** How long a grant found standing is believed without asking again: the revocation delay on other instances. */
export const LIVE_GRANT_CACHE_MS = 2_000;
/** Grants remembered at most (a busy instance serves far fewer players within two seconds). */
const MAX_REMEMBERED_GRANTS = 10_000;

interface Remembered {
  live: boolean;
  checkedAt: number;
  /** When this instance last wrote the grant's use (ms); the store's write is conditional too. */
  usedNotedAt: number;
}

export class LiveGrants {
  readonly #grants: Pick<GrantStore, 'isLive' | 'recordUse'>;
  readonly #cacheMs: number;
  readonly #remembered = new Map<string, Remembered>();
  /** One store read per grant at a time: a burst of requests when the memory runs out waits for the same answer. */
  readonly #asking = new Map<string, Promise<boolean>>();

  constructor(grants: Pick<GrantStore, 'isLive' | 'recordUse'>, options: { cacheMs?: number } = {}) {
    this.#grants = grants;
    this.#cacheMs = options.cacheMs ?? LIVE_GRANT_CACHE_MS;
  }

  async isLive(grantId: string, now: Date): Promise<boolean> {
    const nowMs = now.getTime();
    const known = this.#remembered.get(grantId);
    // A grant found gone stays gone (ids are never reused); a standing one is asked about again after cacheMs.
    if (known && (!known.live || (nowMs - known.checkedAt < this.#cacheMs && nowMs >= known.checkedAt)))
      return known.live;
    const asking = this.#asking.get(grantId);
    if (asking) return asking;
    const answer = this.#ask(grantId, nowMs, known).finally(() => this.#asking.delete(grantId));
    this.#asking.set(grantId, answer);
    return answer;
  }

  /** Forgets what is known of the grant (this instance revoked it: refuse its tokens at once, not in cacheMs). */
  forget(grantId: string): void {
    this.#remembered.delete(grantId);
  }

  async #ask(grantId: string, nowMs: number, known: Remembered | undefined): Promise<boolean> {
    const live = await this.#grants.isLive(grantId);
    let usedNotedAt = known?.usedNotedAt ?? Number.NEGATIVE_INFINITY;
    if (live && !(nowMs - usedNotedAt < GRANT_USE_RESOLUTION_SECONDS * 1000 && nowMs >= usedNotedAt)) {
      await this.#grants.recordUse(grantId);
      usedNotedAt = nowMs;
    }
    if (!this.#remembered.has(grantId) && this.#remembered.size >= MAX_REMEMBERED_GRANTS)
      makeRoom(this.#remembered, MAX_REMEMBERED_GRANTS, (entry) => nowMs - entry.checkedAt >= this.#cacheMs);
    this.#remembered.set(grantId, { live, checkedAt: nowMs, usedNotedAt });
    return live;
  }
}
