/**
 * A client over its limit that keeps posting large bodies is answered slowly. Its 429 does not read the body (a
 * refusal must cost almost nothing), but answering at once only sends the client straight back with the next
 * megabyte: the connection churn and the bytes the kernel moves for it, repeated as fast as the client can loop,
 * take CPU from everyone else. So a refusal that leaves its body unread waits a moment before it answers; meanwhile
 * the connection costs nothing (the unread body stops the socket being read) and a looping client sends at most one
 * request per connection per pause. Small refusals (their id echoed) are not held, nor any past `maxHeld` at once,
 * so a client with very many connections costs memory for at most that many timers.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a refused request whose body is left unread waits before its 429. */
export const UNREAD_REFUSAL_PAUSE_MS = 1_000;
/** At most this many such refusals wait at once; the rest are answered at once. */
export const UNREAD_REFUSALS_HELD_MAX = 1_024;

export class RefusalPause {
  #held = 0;
  readonly pauseMs: number;
  readonly maxHeld: number;
  readonly #wait: (ms: number) => Promise<unknown>;

  constructor(
    pauseMs = UNREAD_REFUSAL_PAUSE_MS,
    maxHeld = UNREAD_REFUSALS_HELD_MAX,
    wait: (ms: number) => Promise<unknown> = sleep,
  ) {
    this.pauseMs = pauseMs;
    this.maxHeld = maxHeld;
    this.#wait = wait;
  }

  /** Refusals waiting now. */
  get held(): number {
    return this.#held;
  }

  /** Resolves after the pause, or at once when `maxHeld` refusals are already waiting. */
  async beforeAnswer(): Promise<void> {
    if (this.#held >= this.maxHeld) return;
    this.#held++;
    try {
      await this.#wait(this.pauseMs);
    } finally {
      this.#held--;
    }
  }
}
