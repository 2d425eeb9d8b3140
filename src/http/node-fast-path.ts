/**
 * The public MCP endpoints' everyday POSTs answered straight from Node's request and response: the same route
 * (mcp-route.ts) with the same checks, without the Node adapter's Fetch objects, Hono's dispatch or a Response, and
 * the answer written in one write. Those layers cost about a sixth of a `tools/call` (a bare Node server against a
 * bare Hono one doing the same work: BENCHMARKS.md). Only requests whose answer cannot differ from the app's take it:
 * HTTP/1.1, a path that is exactly an endpoint's, a Host served here, no Origin (a browser's request needs CORS),
 * and a declared body of at most PEEK_LIMIT_BYTES (so even a refusal reads the whole of it, as the app would, and a
 * larger or streamed body keeps the app's bounded reading and draining). Everything else goes to the app.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TrustedProxies } from '../trusted-proxies.js';
import { requestClientAddress } from './client-address.js';
import { writeAnswer, type HttpAnswer } from './http-answer.js';
import type { McpPostHandler, McpPostRequest } from './mcp-route.js';
import { PEEK_LIMIT_BYTES } from './request-peek.js';
import { incomingHeader } from './request-view.js';
import { internalErrorAnswer } from './responses.js';

export interface FastRoute {
  post: McpPostHandler;
  allowedHosts: ReadonlySet<string>;
  trustedProxies: TrustedProxies;
  /** Where an unexpected error is reported, as the app's error handler reports it. */
  logError: (error: unknown, request: Request, incoming: IncomingMessage) => void;
}

const DIGITS = /^\d{1,4}$/;

/**
 * A fast-path POST as the MCP route reads it. A class rather than an object literal spread from a view: the
 * literal took V8's slow path to build and left every property read of the route missing its inline cache (CPU
 * profile under load: about 2 µs a call). And a class of its own rather than one extending a view class: on Node
 * 20 a derived class's `super()` goes through a builtin that looks for the base constructor on every construction
 * (FindNonDefaultConstructorOrConstruct: 0.7 µs a call in a CPU profile).
 */
class FastPost implements McpPostRequest {
  readonly fetchRequest = undefined;
  readonly account = undefined;
  readonly incoming: IncomingMessage;
  readonly #trustedProxies: TrustedProxies;

  constructor(incoming: IncomingMessage, trustedProxies: TrustedProxies) {
    this.incoming = incoming;
    this.#trustedProxies = trustedProxies;
  }

  header(name: string): string | undefined {
    return incomingHeader(this.incoming, name);
  }

  clientKey(): string {
    return requestClientAddress(this, this.#trustedProxies);
  }
}

export class McpFastPaths {
  readonly #routes = new Map<string, FastRoute>();

  /** `path`'s POSTs take the fast path when they can (the app keeps its route for the others). */
  add(path: string, route: FastRoute): void {
    this.#routes.set(path, route);
  }

  /** The route that answers this request here, or undefined when the app must. */
  routeFor(incoming: IncomingMessage): FastRoute | undefined {
    if (incoming.method !== 'POST') return undefined;
    const route = this.#routes.get(incoming.url ?? '');
    if (route === undefined || incoming.httpVersion !== '1.1') return undefined;
    const { headers } = incoming;
    const length = headers['content-length'];
    if (headers.origin !== undefined || headers['transfer-encoding'] !== undefined || length === undefined)
      return undefined;
    if (!DIGITS.test(length) || Number(length) > PEEK_LIMIT_BYTES) return undefined;
    const host = incomingHeader(incoming, 'host');
    if (host === undefined || !(route.allowedHosts.has(host) || route.allowedHosts.has(host.toLowerCase())))
      return undefined;
    return route;
  }

  /** Answers the request with `route` (from routeFor), with `requestId` as its X-Request-Id; never rejects. */
  async answer(
    route: FastRoute,
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    requestId?: string,
  ): Promise<void> {
    const request = new FastPost(incoming, route.trustedProxies);
    let answer: HttpAnswer;
    try {
      answer = await route.post(request);
    } catch (error) {
      const url = `http://${incomingHeader(incoming, 'host') ?? 'localhost'}${incoming.url ?? '/'}`;
      route.logError(error, new Request(url, { method: 'POST' }), incoming);
      answer = internalErrorAnswer();
    }
    if (requestId !== undefined) answer.headers['X-Request-Id'] = requestId;
    writeAnswer(outgoing, answer);
  }
}
