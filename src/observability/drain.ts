/**
 * A clean stop on SIGTERM/SIGINT: report not ready and stop accepting connections at once, let every request
 * already received finish (a body still arriving included) for up to `timeoutMs`, closing each keep-alive
 * connection as soon as it is idle, then cut what is left, close the store and Redis, and exit 0. A second signal
 * cuts at once.
 */
import type { Server } from 'node:http';
import type { Logger } from './logger.js';

export interface DrainOptions {
  server: Server;
  timeoutMs: number;
  /** Marks the instance not ready and makes responses close their connections. */
  startDrain: () => void;
  /** Requests received and not yet answered (for the log lines). */
  inFlight: () => number;
  /** Closes the store pool and Redis. */
  closeResources: () => Promise<unknown>;
  logger: Logger;
  /** Writes out buffered log lines (the request lines), calling back once they are written. */
  flushLogs?: (done: () => void) => void;
  exit: (code: number) => void;
}

/** Longest the store and Redis get to close before the process exits anyway. */
const RESOURCES_CLOSE_MS = 3_000;
/** Longest the cut connections get to close (and their requests to be logged) before the store is closed. */
const CUT_SETTLE_MS = 1_000;
/** How often idle keep-alive connections are closed while the drain waits (a response just sent leaves one). */
const IDLE_SWEEP_MS = 100;

export function drainOnSignals(
  options: DrainOptions,
  signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): void {
  let draining: Promise<void> | undefined;
  let cut: (() => void) | undefined;
  for (const signal of signals) {
    process.on(signal, () => {
      if (draining) {
        options.logger.warn({ signal }, `${signal} again: cutting the ${options.inFlight()} requests still in flight`);
        cut?.();
        return;
      }
      draining = drain(options, signal, (cutNow) => (cut = cutNow));
    });
  }
}

async function drain(options: DrainOptions, signal: string, onCut: (cut: () => void) => void): Promise<void> {
  const { server, logger } = options;
  const started = performance.now();
  options.startDrain();
  logger.info(
    { signal, in_flight: options.inFlight(), timeout_ms: options.timeoutMs },
    `${signal}: draining (not ready, no new connections, waiting for the requests in flight)`,
  );
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const cutAll = () => {
    clearInterval(sweep);
    server.closeAllConnections();
  };
  onCut(cutAll);
  const deadline = new Promise<void>((done) => {
    timer = setTimeout(() => {
      timedOut = true;
      logger.warn(
        { in_flight: options.inFlight(), timeout_ms: options.timeoutMs },
        `drain: SHUTDOWN_TIMEOUT_MS passed; cutting the ${options.inFlight()} requests still in flight`,
      );
      cutAll();
      done();
    }, options.timeoutMs);
  });
  await Promise.race([closed, deadline]);
  clearTimeout(timer);
  clearInterval(sweep);
  // Cut connections close on the next turns of the loop: wait for them, so their requests are counted and logged.
  for (
    const until = performance.now() + CUT_SETTLE_MS;
    timedOut && options.inFlight() > 0 && performance.now() < until;
  )
    await new Promise((tick) => setTimeout(tick, 10));
  let resourcesTimer: NodeJS.Timeout | undefined;
  await Promise.race([
    options
      .closeResources()
      .catch((error: unknown) => logger.warn({ err: error }, 'drain: closing the store or Redis failed')),
    new Promise((done) => (resourcesTimer = setTimeout(done, RESOURCES_CLOSE_MS))),
  ]);
  clearTimeout(resourcesTimer);
  // The request lines first, so the last line of the log is the one saying the drain is over.
  if (options.flushLogs)
    await Promise.race([
      new Promise<void>((done) => options.flushLogs!(done)),
      new Promise((done) => setTimeout(done, CUT_SETTLE_MS)),
    ]);
  logger.info(
    { duration_ms: Math.round(performance.now() - started), cut: timedOut },
    timedOut ? 'drained (requests cut at the timeout); exiting' : 'drained; exiting',
  );
  options.exit(0);
}
