/**
 * The HTTP side of an MCP endpoint (docs/protocol.md, "Protocol behaviour"): one JSON-RPC message per POST,
 * checked in this order: endpoint sunset (410), rate limit (429), Content-Type (415), Accept (406), Idempotency-Key
 * (400), body size (413), UTF-8 and JSON (400/-32700), nesting depth and message shape (400/-32600),
 * the claimed protocol version (400/-32022, src/mcp/era.ts), then 202 for notifications and responses or 200 with the reply.
 */
import type { Handler } from 'hono';
import type { DeprecationRule } from '../../generated/metadata-types.js';
import { endpointAvailability, mostUrgent, type TimedAvailability } from '../tool-registry/availability.js';
import type { Registry } from '../tool-registry/registry.js';
import { classify, ErrorCode, type JsonRpcRequest, type RequestId } from '../mcp/jsonrpc.js';
import { decideEra, metaVersionOf } from '../mcp/era.js';
import type { McpServer, Reply } from '../mcp/server.js';
import type { AccountContext } from '../tools/context.js';
import { acceptsMcpResponses, jsonContentType } from './media-types.js';
import { setRateLimitHeaders, type RateLimiter } from './rate-limit.js';
import { RefusalPause } from './refusal-pause.js';
import { jsonShapeProblem, readText } from './read-body.js';
import { isStoreUnavailable } from '../store/errors.js';
import { methodLabel, noteMcp, type McpNote } from './mcp-notes.js';
import { JSON_LIMITS, MAX_JSON_DEPTH, MAX_JSON_NAMES, PEEK_LIMIT_BYTES, rateRefusal } from './request-peek.js';
import type { RequestView } from './request-view.js';
import type { HttpAnswer } from './http-answer.js';
import { JSON_CONTENT_TYPE, jsonRpcErrorAnswer, jsonRpcErrorResponse, storeUnavailableAnswer } from './responses.js';
import { COMPRESS_MIN_BYTES, EncodedBodies, compress, negotiateEncoding } from './compression.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const IDEMPOTENCY_KEY_MAX = 255;
export { MAX_JSON_DEPTH, MAX_JSON_NAMES, PEEK_LIMIT_BYTES };

export interface McpRouteOptions {
  server: McpServer;
  registry: Registry;
  clock: () => Date;
  baseUrl: string;
  /** Absent when rate limiting is off. */
  limiter?: RateLimiter;
  /** The client's own budget when it differs from the limiter's (a listed network's); undefined for the default. */
  limitFor?: (client: string) => number | undefined;
  /** Holds a 429 that leaves its body unread (default: one second, see refusal-pause.ts). */
  refusalPause?: RefusalPause;
}

function deprecationHeaders(rule: DeprecationRule | undefined, baseUrl: string): Record<string, string> {
  if (!rule) return {};
  return {
    Deprecation: rule.deprecationHeader,
    Sunset: rule.sunsetHeader,
    Link: `<${baseUrl}/developers#changelog>; rel="deprecation"`,
  };
}

/** Longest request id (as JSON) whose stored reply is kept compressed; longer ones are compressed each time. */
const KEPT_ID_MAX = 40;

/**
 * The key a stored reply's compressed body is kept under: what, besides the stored result, its bytes depend on (the
 * version, the method, the resource and the id). Undefined when the reply is computed or its id is too long to keep.
 */
function storedBodyKey(reply: Reply, request: JsonRpcRequest, version: string): string | undefined {
  if (reply.storedResult === undefined) return undefined;
  const id = JSON.stringify(request.id);
  if (id.length > KEPT_ID_MAX) return undefined;
  const uri = typeof request.params.uri === 'string' ? request.params.uri : '';
  return `${version} ${request.method} ${id} ${uri}`;
}

/** One POST to an MCP endpoint, handed over by the Hono route or by the fast path (node-fast-path.ts). */
export interface McpPostRequest extends RequestView {
  /** The rate-limit key: the client's address, or the token's subject on the account endpoint. */
  clientKey(): string;
  /** The signed-in player (the account endpoint, set by the bearer guard before this route runs). */
  readonly account: AccountContext | undefined;
}

export type McpPostHandler = (request: McpPostRequest) => Promise<HttpAnswer>;

export function mcpPost(options: McpRouteOptions): McpPostHandler {
  const { server, registry, clock, baseUrl, limiter } = options;
  const endpoint = server.endpoint;
  const windowSeconds = limiter ? Math.round(limiter.windowMs / 1000) : 0;
  // Without deprecation rules nothing here depends on the time but the rate limit: skip the lookups.
  const timeless = registry.rules.boundaries.length === 0;
  const current: TimedAvailability = { state: 'available' };
  const refusalPause = options.refusalPause ?? new RefusalPause();
  const storedBodies = new EncodedBodies();

  return async function mcpPost(request) {
    const now = clock();
    const endpointState = timeless ? current : endpointAvailability(endpoint, registry.rules, now);
    if (endpointState.state === 'sunset') {
      const use = endpointState.rule.replacement ? ` Use ${baseUrl}${endpointState.rule.replacement} instead.` : '';
      return jsonRpcErrorAnswer(
        410,
        null,
        ErrorCode.InvalidRequest,
        `This endpoint was retired on ${endpointState.rule.sunsetHeader}.${use}`,
      );
    }
    const headers: Record<string, string> = {};
    if (limiter) {
      const client = request.clientKey();
      const pending = limiter.take(client, now.getTime(), options.limitFor?.(client));
      const decision = pending instanceof Promise ? await pending : pending;
      setRateLimitHeaders(headers, decision, windowSeconds);
      if (!decision.allowed) {
        const message = `Rate limit exceeded: at most ${decision.limit} requests per ${windowSeconds} seconds. Retry after ${decision.resetSeconds} seconds.`;
        return rateRefusal(request, decision, message, headers, refusalPause);
      }
    }
    if (endpointState.deprecation) Object.assign(headers, deprecationHeaders(endpointState.deprecation, baseUrl));
    const fail = (status: number, id: RequestId | null, code: ErrorCode, message: string) =>
      jsonRpcErrorAnswer(status, id, code, message, headers);

    const contentType = jsonContentType(request.header('content-type'));
    if (!contentType.ok) {
      const message =
        contentType.problem === 'charset'
          ? `Unsupported Media Type: charset "${contentType.charset}" is not supported; send the JSON-RPC message as UTF-8 with Content-Type: application/json (or application/json; charset=utf-8).`
          : 'Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.';
      return fail(415, null, ErrorCode.InvalidRequest, message);
    }
    if (!acceptsMcpResponses(request.header('accept'))) {
      return fail(
        406,
        null,
        ErrorCode.InvalidRequest,
        'Not Acceptable: the Accept header must list both application/json and text/event-stream (responses are always application/json).',
      );
    }
    const idempotencyKey = request.header('idempotency-key');
    if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX) {
      return fail(
        400,
        null,
        ErrorCode.InvalidRequest,
        `Idempotency-Key is ${idempotencyKey.length} characters long; at most ${IDEMPOTENCY_KEY_MAX} are allowed.`,
      );
    }

    const body = await readText(request, BODY_LIMIT_BYTES);
    if (!body.ok && body.reason === 'too-large')
      return fail(
        413,
        null,
        ErrorCode.InvalidRequest,
        `Payload Too Large: a message may be at most ${BODY_LIMIT_BYTES} bytes.`,
      );
    if (!body.ok && body.reason === 'aborted')
      return fail(400, null, ErrorCode.InvalidRequest, 'The request body ended early.');
    if (!body.ok) return fail(400, null, ErrorCode.ParseError, 'Parse error: the body is not valid UTF-8.');
    const text = body.text;
    const shape = jsonShapeProblem(text, JSON_LIMITS);
    if (shape)
      return fail(
        400,
        null,
        ErrorCode.InvalidRequest,
        shape === 'too-deep'
          ? `Invalid Request: JSON nested deeper than ${MAX_JSON_DEPTH} levels.`
          : `Invalid Request: more than ${MAX_JSON_NAMES} names in the JSON objects of one message.`,
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fail(400, null, ErrorCode.ParseError, 'Parse error: the body is not valid JSON.');
    }
    const message = classify(parsed);
    if (message.kind === 'invalid')
      return fail(400, message.id, ErrorCode.InvalidRequest, `Invalid Request: ${message.reason}.`);
    // For the request's metrics and log line: the method, and the tool named only when the registry has it.
    let note: McpNote | undefined;
    if (message.kind === 'request') {
      const { method, params } = message.request;
      note =
        method === 'tools/call'
          ? {
              method,
              tool: typeof params.name === 'string' && registry.toolsByName.has(params.name) ? params.name : 'unknown',
            }
          : { method: methodLabel(method) };
      noteMcp(request.incoming, note);
    } else if (message.kind === 'notification') noteMcp(request.incoming, { method: methodLabel(message.method) });

    // initialize negotiates in its params; every other message is bound by the version it claims (src/mcp/era.ts).
    const era = decideEra({
      method:
        message.kind === 'request'
          ? message.request.method
          : message.kind === 'notification'
            ? message.method
            : undefined,
      header: request.header('mcp-protocol-version'),
      metaVersion: metaVersionOf(parsed),
    });
    if (era.kind === 'refuse') {
      const id = message.kind === 'request' ? message.request.id : null;
      return jsonRpcErrorAnswer(400, id, ErrorCode.UnsupportedProtocolVersion, era.message, headers, era.data);
    }
    if (message.kind !== 'request') return { status: 202, headers, body: null };

    const protocolVersion = era.version;
    const { account } = request;
    // Two literals rather than a spread: a spread object is built on V8's slow path, once a request.
    const context = account ? { protocolVersion, now, baseUrl, account } : { protocolVersion, now, baseUrl };
    const pending = server.handle(message.request, context);
    let reply: Awaited<typeof pending>;
    try {
      reply = pending instanceof Promise ? await pending : pending;
    } catch (error) {
      if (isStoreUnavailable(error)) return storeUnavailableAnswer(message.request.id, headers);
      throw error;
    }
    if (note) note.outcome = reply.outcome;
    const deprecation = mostUrgent(endpointState.deprecation, reply.deprecation);
    if (deprecation) Object.assign(headers, deprecationHeaders(deprecation, baseUrl));
    headers['Content-Type'] = JSON_CONTENT_TYPE;
    if (reply.body.length < COMPRESS_MIN_BYTES) return { status: 200, headers, body: reply.body };
    headers.Vary = 'Accept-Encoding';
    const encoding = negotiateEncoding(request.header('accept-encoding'));
    const keptAs = storedBodyKey(reply, message.request, protocolVersion);
    if (encoding) headers['Content-Encoding'] = encoding;
    // A Buffer is a Uint8Array, which both Node and the Node adapter write as it is.
    if (keptAs)
      return {
        status: 200,
        headers,
        body: storedBodies.get(keptAs, reply.storedResult!, encoding ?? 'identity', () => reply.body),
      };
    return { status: 200, headers, body: encoding ? compress(reply.body, encoding) : reply.body };
  };
}

/**
 * OPTIONS without an Origin is no CORS preflight (browsers' preflights are answered by the CORS middleware before
 * this), but a plain question about the endpoint (RFC 9110 §9.3.7): 204 with the methods it takes.
 */
export function mcpOptions(): Handler {
  return function mcpOptions() {
    return new Response(null, { status: 204, headers: { Allow: 'POST, OPTIONS' } });
  };
}

/** GET, DELETE, PUT, PATCH on an MCP endpoint: 405 with Allow (a 404 or 400 sends some clients into a reconnect loop). */
export function mcpMethodNotAllowed(): Handler {
  return function mcpMethodNotAllowed() {
    return jsonRpcErrorResponse(
      405,
      null,
      ErrorCode.InvalidRequest,
      'Method Not Allowed: this endpoint takes one JSON-RPC message per POST; it has no SSE stream and no sessions.',
      { Allow: 'POST, OPTIONS' },
    );
  };
}
