/**
 * The responses not yet finished, so a drain can reach each one (request-observer.ts). Slots in an array reused
 * through a free list, not a Set: a Set rebuilds its table when a delete leaves it under a quarter full, and under
 * load the count swings between none and every connection's request, so it was rebuilt every few requests (CPU
 * profile of `tools/call`: about 1.5 µs a request in the rebuilds and the page faults of their new tables).
 */
import type { ServerResponse } from 'node:http';

export class InFlight {
  readonly #slots: (ServerResponse | undefined)[] = [];
  readonly #free: number[] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Holds `outgoing` until `release` with the slot returned. */
  add(outgoing: ServerResponse): number {
    const slot = this.#free.pop() ?? this.#slots.length;
    this.#slots[slot] = outgoing;
    this.#size++;
    return slot;
  }

  /** Lets go of the response in `slot` (from `add`); a second release of the same response does nothing. */
  release(slot: number, outgoing: ServerResponse): void {
    if (this.#slots[slot] !== outgoing) return;
    this.#slots[slot] = undefined;
    this.#free.push(slot);
    this.#size--;
  }

  /** Every response held, in no particular order. */
  *[Symbol.iterator](): IterableIterator<ServerResponse> {
    for (const outgoing of this.#slots) if (outgoing !== undefined) yield outgoing;
  }
}
