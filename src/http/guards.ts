/**
 * DNS-rebinding protection. Every request must name one of the service's own hosts; browser requests to the MCP
 * endpoints must come from an allowed Origin. Both refusals are 403 with a JSON-RPC error body (no id). The checks
 * are plain functions so the MCP route can run them inline; the middleware forms guard everything else.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ErrorCode } from '../mcp/jsonrpc.js';
import { jsonRpcErrorResponse } from './responses.js';

/** A 403 when the request names a host that is not served here, else undefined. */
export function hostRefusal(c: Context, allowedHosts: ReadonlySet<string>): Response | undefined {
  // The Host header when there is one (always, over HTTP/1.1); the URL for in-process requests.
  const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
  if (allowedHosts.has(host)) return undefined;
  return jsonRpcErrorResponse(
    403,
    null,
    ErrorCode.InvalidRequest,
    `Forbidden: host "${host.slice(0, 100)}" is not served here.`,
  );
}

/** A 403 when a browser sends an Origin that is not allowed, else undefined (no Origin: not a browser). */
export function originRefusal(c: Context, allowedOrigins: ReadonlySet<string>): Response | undefined {
  const origin = c.req.header('origin');
  if (origin === undefined || allowedOrigins.has(origin.toLowerCase())) return undefined;
  return jsonRpcErrorResponse(
    403,
    null,
    ErrorCode.InvalidRequest,
    `Forbidden: origin "${origin.slice(0, 100)}" is not allowed. Allowed origins are configured with CORS_ORIGINS.`,
  );
}

export function hostGuard(allowedHosts: ReadonlySet<string>): MiddlewareHandler {
  return async function hostGuard(c, next) {
    const refused = hostRefusal(c, allowedHosts);
    if (refused) return refused;
    await next();
    return undefined;
  };
}

export function originGuard(allowedOrigins: ReadonlySet<string>): MiddlewareHandler {
  return async function originGuard(c, next) {
    const refused = originRefusal(c, allowedOrigins);
    if (refused) return refused;
    await next();
    return undefined;
  };
}
