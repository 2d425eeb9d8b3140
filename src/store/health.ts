/**
 * Whether the store is reachable, as the last queries found it: one log line when an outage starts and one when it
 * ends (never one per failed query or retry), and a callback per store error for whoever counts them (metrics).
 * One tracker outlives the attempts to open the store, so the retries at start belong to the same outage.
 */
import { describeStoreError } from './errors.js';

export interface StoreErrorEvent {
  /** True when the error means the store is unreachable for now (answered 503); false for a fault in a query. */
  unavailable: boolean;
  error: unknown;
}

export interface StoreHealthOptions {
  /** Where the outage lines go (default: stderr). */
  log?: (line: string) => void;
  /** Called once per failed store operation (the metrics seam). */
  onStoreError?: (event: StoreErrorEvent) => void;
  /** Names the store in log lines (never with a password). */
  description?: string;
}

export class StoreHealth {
  #down = false;
  readonly #log: (line: string) => void;
  readonly #onStoreError: ((event: StoreErrorEvent) => void) | undefined;
  readonly #description: string;

  constructor(options: StoreHealthOptions = {}) {
    this.#log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.#onStoreError = options.onStoreError;
    this.#description = options.description ?? 'the store';
  }

  /** True from the first unreachable-store error until the next operation that succeeds. */
  get down(): boolean {
    return this.#down;
  }

  failed(error: unknown, unavailable: boolean): void {
    try {
      this.#onStoreError?.({ unavailable, error });
    } catch {
      // A metrics callback must never turn a store error into another failure.
    }
    if (!unavailable || this.#down) return;
    this.#down = true;
    this.#log(
      `${new Date().toISOString()} store unreachable (${this.#description}): ${describeStoreError(error)}; the account endpoint and sign-in answer 503 until it is back`,
    );
  }

  succeeded(): void {
    if (!this.#down) return;
    this.#down = false;
    this.#log(`${new Date().toISOString()} store reachable again (${this.#description})`);
  }
}
