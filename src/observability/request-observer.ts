/**
 * Around every request the Node server hands to the app: a request id (a trusted proxy's X-Request-Id when sane,
 * else a new UUID) returned as the X-Request-Id header; `Connection: close` while the instance drains; and, when
 * the response has gone (or the client did), its metrics and one log line. It works on Node's request and response
 * objects, so it sees the responses the authorization server writes itself and those of Node's fast path
 * (node-fast-path.ts), and costs no Hono middleware dispatch.
 */
import type { TrustedProxies } from '../trusted-proxies.js';
import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { requestLineWriter, type Logger, type RequestLine } from './logger.js';
import { mcpNoteOf } from '../http/mcp-notes.js';
import { InFlight } from './in-flight.js';
import type { McpOutcome, ServiceMetrics } from './metrics.js';

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

export interface RequestObserverOptions {
  metrics?: ServiceMetrics;
  /** Where the request lines go (createRequestLogger). */
  logger?: Logger;
  /** The `endpoint` label of a path (endpoints.ts). */
  endpointOf: (path: string) => string;
  mcpPaths: ReadonlySet<string>;
  trustedProxies: TrustedProxies;
}

/** Ids a proxy may hand on: UUIDs, hex, base64 and the like; anything else is replaced by our own. */
const SANE_ID = /^[\w.:@=+/-]{1,128}$/;

/**
 * A request's id, kept on Node's request itself rather than in a WeakMap keyed by it: every WeakMap entry for a
 * request just made went through V8's ephemeron write barrier and the scavenger's ephemeron pass (CPU profile under
 * load: about 1 µs a request for this and the MCP note, mcp-notes.ts).
 */
const REQUEST_ID = Symbol('requestId');
type IdentifiedIncoming = IncomingMessage & { [REQUEST_ID]?: string };

/**
 * New ids: 48 random bits drawn once per process, then a counter (`3f9a0c1d2e4b-1k7`): unique across instances
 * for log correlation, and a fraction of the cost of a UUID per request (measured in a CPU profile under load).
 */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  return () => `${prefix}-${(++next).toString(36)}`;
}

/** The id of a request being observed (for the error log line written inside the app). */
export function requestIdOf(incoming: IncomingMessage): string | undefined {
  return (incoming as IdentifiedIncoming)[REQUEST_ID];
}

function incomingId(
  incoming: Pick<IncomingMessage, 'headers' | 'socket'>,
  trustedProxies: TrustedProxies,
): string | undefined {
  const header = incoming.headers['x-request-id'];
  if (typeof header !== 'string' || !SANE_ID.test(header)) return undefined;
  return trustedProxies.has(incoming.socket.remoteAddress ?? '') ? header : undefined;
}

function mcpOutcome(status: number, aborted: boolean, noted: McpOutcome | undefined): McpOutcome {
  if (aborted) return 'aborted';
  if (status === 200) return noted ?? 'result';
  if (status === 202) return 'accepted';
  if (status === 401) return '401';
  if (status === 429) return '429';
  if (status >= 500) return '5xx';
  return 'protocol_error';
}

export class RequestObserver {
  readonly #options: RequestObserverOptions;
  /** Set when request lines are written (the logger is at info or below). */
  readonly #writeLine: ((line: RequestLine) => void) | undefined;
  /** Responses not yet finished, so a drain can make each one close its connection. */
  readonly #inFlight = new InFlight();
  #draining = false;
  readonly #newId = requestIds();

  constructor(options: RequestObserverOptions) {
    this.#options = options;
    this.#writeLine = options.logger?.isLevelEnabled('info') ? requestLineWriter(options.logger) : undefined;
  }

  /** Requests received and not yet answered. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** From now on every response, including those of the requests in flight, closes its connection. */
  startDrain(): void {
    this.#draining = true;
    for (const outgoing of this.#inFlight) if (!outgoing.headersSent) outgoing.setHeader('Connection', 'close');
  }

  /** `fetch` with every request observed. */
  wrap(fetch: Fetch): Fetch {
    return (request, env) => {
      const { incoming, outgoing } = env;
      // The service listens on HTTP/1.1 only (main.ts); anything else passes through unobserved.
      if (outgoing instanceof ServerResponse && incoming instanceof IncomingMessage) this.observe(incoming, outgoing);
      return fetch(request, env);
    };
  }

  /**
   * Observes one request from now until its response has gone (or the client did), and gives it its id: returned,
   * and set as the response's X-Request-Id unless `idHeader` is false because the caller writes the header with the
   * rest (the fast path: a header set before `writeHead` sends every other header through `setHeader` too, which
   * showed in a CPU profile).
   */
  observe(incoming: IncomingMessage, outgoing: ServerResponse, idHeader = true): string {
    const { metrics, endpointOf, mcpPaths, trustedProxies } = this.#options;
    const started = performance.now();
    const id = (trustedProxies.size > 0 && incomingId(incoming, trustedProxies)) || this.#newId();
    (incoming as IdentifiedIncoming)[REQUEST_ID] = id;
    if (idHeader) outgoing.setHeader('X-Request-Id', id);
    if (this.#draining) outgoing.setHeader('Connection', 'close');
    const slot = this.#inFlight.add(outgoing);
    metrics?.requestStarted();
    const url = incoming.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const method = incoming.method ?? 'GET';
    // 'close' comes once per response: `on` spares the wrapper `once` makes per request.
    outgoing.on('close', () => {
      this.#inFlight.release(slot, outgoing);
      const seconds = (performance.now() - started) / 1000;
      const endpoint = endpointOf(path);
      // Cut before its response was complete: the client went away, or the drain's time ran out.
      const aborted = !outgoing.writableFinished;
      // 0: no complete response reached the client.
      const status = aborted ? 0 : outgoing.statusCode;
      const note = method === 'POST' && mcpPaths.has(path) ? (mcpNoteOf(incoming) ?? {}) : undefined;
      const outcome = note ? mcpOutcome(status, aborted, note.outcome) : undefined;
      metrics?.requestEnded(
        endpoint,
        method,
        status,
        seconds,
        note && outcome ? { method: note.method ?? '', tool: note.tool ?? '', outcome } : undefined,
      );
      if (!this.#writeLine) return;
      // Fields assigned one by one (no spreads): this runs once per request.
      const line: RequestLine = { request_id: id, endpoint, method, status, duration_ms: 0 };
      if (endpoint === 'page') line.path = path.slice(0, 200);
      if (note?.method) line.mcp_method = note.method;
      if (note?.tool) line.tool = note.tool;
      if (outcome) line.outcome = outcome;
      if (aborted) line.aborted = true;
      line.duration_ms = Math.round(seconds * 1e6) / 1e3;
      this.#writeLine(line);
    });
    return id;
  }
}
