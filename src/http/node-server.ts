/**
 * Node's HTTP server for the app, with the refusals made before the app runs shaped like every other refusal (a
 * JSON-RPC error body, `id` null) instead of Node's empty ones:
 * - the request adapter's (@hono/node-server): a Host that is missing or not a host[:port] (400);
 * - Node's HTTP parser's, through the server's 'clientError' event: headers over the size limit (431), a request
 *   that is not HTTP (400), headers that did not arrive in time (408). The app never sees these requests, so the
 *   answer is written to the socket as is, and the connection closed.
 */
import {
  createServer,
  maxHeaderSize,
  STATUS_CODES,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import { ErrorCode, errorBody } from '../mcp/jsonrpc.js';
import { jsonRpcErrorResponse } from './responses.js';

type Fetch = Parameters<typeof getRequestListener>[0];

const BAD_HOST = 'Bad Request: the Host header is missing or is not a host[:port].';

/** The adapter could not build a request (bad or missing Host), or the app threw before answering. */
function requestErrorResponse(error: unknown): Response {
  // The adapter's messages: "Backslash in request path" and "Invalid absolute URL" are about the target; a URL that
  // cannot be built from Host and an origin-form path ("Invalid URL", "Invalid host header") fails on the Host.
  if (error instanceof RequestError)
    return jsonRpcErrorResponse(
      400,
      null,
      ErrorCode.InvalidRequest,
      /backslash|absolute/i.test(error.message) ? 'Bad Request: the request target is not a valid path.' : BAD_HOST,
    );
  return jsonRpcErrorResponse(
    500,
    null,
    ErrorCode.InternalError,
    'Internal error. The request was not completed; it is safe to retry.',
  );
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

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, headerLimit: number): void {
  // As Node's own handler: nothing to answer on a reset or closed socket, or once a response has begun on it.
  const pending = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, message } = parserRefusal(error, headerLimit);
  const body = errorBody(null, ErrorCode.InvalidRequest, message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createNodeServer(fetch: Fetch, options: ServerOptions): Server {
  // Node answers a request without Host itself (an empty 400) unless told not to; the adapter refuses it instead.
  const listener = getRequestListener(fetch, { errorHandler: requestErrorResponse });
  // The listener answers every failure itself (errorHandler), so its promise never rejects.
  const server = createServer({ ...options, requireHostHeader: false }, (request, response) => {
    void listener(request, response);
  });
  const headerLimit = options.maxHeaderSize ?? maxHeaderSize;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, headerLimit),
  );
  return server;
}
