/**
 * Bounds how many password checks (scrypt, 32 MiB and tens of milliseconds of a core each) run at once, so a flood of
 * guesses cannot queue hundreds of hashes in front of a player's sign-in. A few run at a time; a few more wait, in
 * two lanes: sign-ins from a browser that has signed in to that account before (known devices) go first, everyone
 * else after. Past a lane's queue the attempt is refused at once (the page asks to try again in a moment) instead of
 * waiting behind a flood.
 */
import { availableParallelism } from 'node:os';
import { ServiceError } from '../errors.js';

export type HashLane = 'known-device' | 'other';

export class HashGateBusy extends ServiceError<'ERR_HASH_GATE_BUSY'> {
  constructor() {
    super('ERR_HASH_GATE_BUSY', 'too many password checks are waiting');
  }
}

export interface HashGateOptions {
  /** Checks running at once (default: the cores, at most 4: libuv's thread pool runs them). */
  concurrency?: number;
  /** Checks waiting per lane (default: twice the concurrency). */
  queue?: number;
}

export class HashGate {
  readonly concurrency: number;
  readonly queue: number;
  #running = 0;
  readonly #waiting: Record<HashLane, (() => void)[]> = { 'known-device': [], other: [] };

  constructor(options: HashGateOptions = {}) {
    this.concurrency = options.concurrency ?? Math.max(1, Math.min(4, availableParallelism()));
    this.queue = options.queue ?? 2 * this.concurrency;
  }

  /** Checks running and waiting now (for tests and metrics). */
  get load(): { running: number; knownDevice: number; other: number } {
    return {
      running: this.#running,
      knownDevice: this.#waiting['known-device'].length,
      other: this.#waiting.other.length,
    };
  }

  /** Whether a check in this lane would be run or queued now (not refused). */
  hasRoom(lane: HashLane): boolean {
    return this.#running < this.concurrency || this.#waiting[lane].length < this.queue;
  }

  /** Runs `check` when a slot is free; rejects with HashGateBusy at once when its lane's queue is full. */
  async run<T>(lane: HashLane, check: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting[lane].length >= this.queue) throw new HashGateBusy();
      await new Promise<void>((start) => this.#waiting[lane].push(start));
    } else {
      this.#running++;
    }
    try {
      return await check();
    } finally {
      // The slot passes straight to the next waiter (known devices first), or is freed.
      const next = this.#waiting['known-device'].shift() ?? this.#waiting.other.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
