/**
 * DNS-rebinding protection. Every request must name one of the service's own hosts; browser requests to the MCP
 * endpoints must come from an allowed Origin. Both refusals are 403 with a JSON-RPC error body (no id).
 */
import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../mcp/jsonrpc.js';
import { jsonRpcErrorResponse } from './responses.js';

export function hostGuard(allowedHosts: ReadonlySet<string>): MiddlewareHandler {
  return async function hostGuard(c, next) {
    // The Host header when there is one (always, over HTTP/1.1); the URL for in-process requests.
    const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    if (!allowedHosts.has(host)) {
      return jsonRpcErrorResponse(403, null, ErrorCode.InvalidRequest, `Forbidden: host "${host.slice(0, 100)}" is not served here.`);
    }
    await next();
    return undefined;
  };
}

export function originGuard(allowedOrigins: ReadonlySet<string>): MiddlewareHandler {
  return async function originGuard(c, next) {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) {
      return jsonRpcErrorResponse(403, null, ErrorCode.InvalidRequest, `Forbidden: origin "${origin.slice(0, 100)}" is not allowed. Allowed origins are configured with CORS_ORIGINS.`);
    }
    await next();
    return undefined;
  };
}
