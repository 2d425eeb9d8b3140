/**
 * Node's HTTP server for the app, with the refusals made before the app runs shaped like every other refusal (a
 * JSON-RPC error body, `id` null) instead of Node's empty ones:
 * - the request adapter's (@hono/node-server): a Host that is missing or not a host[:port] (400);
 * - Node's HTTP parser's, through the server's 'clientError' event: headers over the size limit (431), a request
 *   that is not HTTP (400), headers that did not arrive in time (408). The app never sees these requests, so the
 *   answer is written to the socket as is, and the connection closed.
 * A refused request addressed to a web page gets a page instead (HTML, or Markdown when asked for) when the caller
 * gives `pageFor`, which also decides which paths are pages: the MCP endpoints keep their JSON-RPC bodies.
 */
import {
  createServer,
  type IncomingMessage,
  maxHeaderSize,
  STATUS_CODES,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import { ErrorCode, errorBody } from '../mcp/jsonrpc.js';
import type { McpFastPaths } from './node-fast-path.js';
import { answerResponse } from './http-answer.js';
import { internalErrorAnswer, jsonRpcErrorResponse } from './responses.js';

type Fetch = Parameters<typeof getRequestListener>[0];

/** What a refused request looked like, for `pageFor` (the pages layer; this module does not import it). */
export interface RefusedRequest {
  target: string | undefined;
  accept: string | undefined;
  status: number;
  message: string;
}

/** The page answering a refused request, or undefined to keep the JSON-RPC body. */
export type RefusalPageFor = (request: RefusedRequest) => { contentType: string; body: string } | undefined;

/** The request line's target and the Accept header, read back from the bytes Node's parser kept. */
export function readRawRequest(raw: Buffer | undefined): { target: string | undefined; accept: string | undefined } {
  if (!raw) return { target: undefined, accept: undefined };
  const text = raw.toString('utf8');
  const line = /^[A-Z]+ ([^\r\n]+?) HTTP\/\d\.\d\r?\n/.exec(text);
  const accept = /\r?\naccept:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
  return { target: line?.[1], accept };
}

function pageResponse(page: { contentType: string; body: string }, status: number): Response {
  return new Response(page.body, {
    status,
    headers: { 'Content-Type': page.contentType, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}

const BAD_HOST = 'Bad Request: the Host header is missing or is not a host[:port].';

/** The adapter could not build a request (bad or missing Host), or the app threw before answering. */
function requestErrorResponse(
  error: unknown,
  incoming: IncomingMessage | undefined,
  pageFor?: RefusalPageFor,
): Response {
  // The adapter's messages: "Backslash in request path" and "Invalid absolute URL" are about the target; a URL that
  // cannot be built from Host and an origin-form path ("Invalid URL", "Invalid host header") fails on the Host.
  if (error instanceof RequestError) {
    const message = /backslash|absolute/i.test(error.message)
      ? 'Bad Request: the request target is not a valid path.'
      : BAD_HOST;
    const page = pageFor?.({ target: incoming?.url, accept: incoming?.headers.accept, status: 400, message });
    return page ? pageResponse(page, 400) : jsonRpcErrorResponse(400, null, ErrorCode.InvalidRequest, message);
  }
  return answerResponse(internalErrorAnswer());
}

function parserRefusal(error: NodeJS.ErrnoException, headerLimit: number): { status: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      message: `Request Header Fields Too Large: the request line and headers may be at most ${headerLimit} bytes.`,
    };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADERS_TIMEOUT')
    return { status: 408, message: 'Request Timeout: the request did not arrive in time.' };
  return { status: 400, message: 'Bad Request: the request is not valid HTTP/1.1, so it was not read.' };
}

function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Duplex,
  headerLimit: number,
  pageFor?: RefusalPageFor,
): void {
  // As Node's own handler: nothing to answer on a reset or closed socket, or once a response has begun on it.
  const pending = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, message } = parserRefusal(error, headerLimit);
  const page = pageFor?.({ ...readRawRequest(error.rawPacket), status, message });
  const body = page ? page.body : errorBody(null, ErrorCode.InvalidRequest, message);
  const type = page ? `${page.contentType}\r\nX-Content-Type-Options: nosniff` : 'application/json';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${type}\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The public MCP POSTs Node answers itself (node-fast-path.ts), and who observes them as the app's are observed. */
export interface FastPathOptions {
  fastPaths: McpFastPaths;
  /** Starts observing the request; returns the id its answer carries as X-Request-Id. */
  observe?: (incoming: IncomingMessage, outgoing: ServerResponse) => string;
}

export function createNodeServer(
  fetch: Fetch,
  options: ServerOptions,
  pageFor?: RefusalPageFor,
  fast?: FastPathOptions,
): Server {
  // The adapter calls errorHandler synchronously when it cannot build the request (before its first await), so the
  // request being handed over is the one refused; later failures (the app's) find `handing` unset.
  let handing: IncomingMessage | undefined;
  // Node answers a request without Host itself (an empty 400) unless told not to; the adapter refuses it instead.
  const listener = getRequestListener(fetch, {
    errorHandler: (error) => requestErrorResponse(error, handing, pageFor),
  });
  // The listener answers every failure itself (errorHandler), so its promise never rejects.
  const server = createServer({ ...options, requireHostHeader: false }, (request, response) => {
    const route = fast?.fastPaths.routeFor(request);
    if (fast && route) {
      const requestId = fast.observe?.(request, response);
      void fast.fastPaths.answer(route, request, response, requestId);
      return;
    }
    handing = request;
    void listener(request, response);
    handing = undefined;
  });
  const headerLimit = options.maxHeaderSize ?? maxHeaderSize;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, headerLimit, pageFor),
  );
  return server;
}
