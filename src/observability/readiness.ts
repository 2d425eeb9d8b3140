/**
 * Whether this instance should be sent traffic: not while it drains (from the first moment of SIGTERM/SIGINT),
 * and otherwise whatever the service's own check says (main.ts: the account stack is up and its store answers).
 * `/health` is liveness and never asks this.
 */
export interface ReadinessReport {
  ready: boolean;
  /** Why not, in words for the operator; absent when ready. */
  reason?: string;
}

export class Readiness {
  #draining = false;
  readonly #check: () => Promise<string | undefined>;

  /** `check` resolves to the reason the instance cannot serve, or undefined when it can. */
  constructor(check: () => Promise<string | undefined> = async () => undefined) {
    this.#check = check;
  }

  get draining(): boolean {
    return this.#draining;
  }

  startDrain(): void {
    this.#draining = true;
  }

  async report(): Promise<ReadinessReport> {
    if (this.#draining) return { ready: false, reason: 'draining: the instance is shutting down' };
    const reason = await this.#check().catch(
      (error: unknown) => `check failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return reason === undefined ? { ready: true } : { ready: false, reason };
  }
}

/** Rejects when `promise` has not settled within `ms` (a hung store must not hang the probe). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
