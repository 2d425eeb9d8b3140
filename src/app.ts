/**
 * The Hono application: host guard on everything; per MCP endpoint an origin guard, CORS, its rate limiter and the
 * POST route; the site pages; one error handler. Built from explicit options so tests can freeze the clock or swap
 * the catalogue.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { ACCOUNT_PATH, type AccountServices } from './auth/account-services.js';
import { mountAuthorizationServer, protectedEndpoint } from './auth/mount.js';
import { catalogRegistry, type Registry } from './catalog/registry.js';
import type { Config } from './config.js';
import { hostGuard, originGuard } from './http/guards.js';
import { clientAddress } from './http/client-address.js';
import { mcpMethodNotAllowed, mcpPost } from './http/mcp-route.js';
import { SlidingWindowLimiter } from './http/rate-limit.js';
import { jsonRpcErrorResponse } from './http/responses.js';
import { ErrorCode } from './mcp/jsonrpc.js';
import { ResourceCatalog, viewResources, type Resource } from './mcp/resources.js';
import { McpServer } from './mcp/server.js';
import { sendPage } from './pages/markdown.js';
import { referencePages } from './pages/reference-pages.js';
import { notFoundPage, sitePages } from './pages/site.js';

export type AppConfig = Pick<Config, 'baseUrl' | 'rateLimitPerMinute' | 'allowedHosts' | 'allowedOrigins' | 'trustedProxies'>;

export interface AppOptions {
  config: AppConfig;
  /** Source of the current time; every time-dependent decision reads it once per request. */
  clock?: () => Date;
  registry?: Registry;
  /** Default: the MCP Apps views built by codegen (generated/views/). */
  resources?: readonly Resource[];
  /** The store, keys and authorization server; without it the OAuth-protected endpoints are not mounted. */
  account?: AccountServices;
  /** Where unexpected errors are reported (default: stderr). */
  logError?: (error: unknown, request: Request) => void;
}

/** Request headers a browser MCP client sends, and response headers it needs to read. */
export const CORS_ALLOW_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'MCP-Protocol-Version', 'Mcp-Session-Id', 'Idempotency-Key', 'Last-Event-ID', 'Mcp-Method', 'Mcp-Name'];
export const CORS_EXPOSE_HEADERS = ['MCP-Protocol-Version', 'Mcp-Session-Id', 'WWW-Authenticate', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Deprecation', 'Sunset', 'Link'];

/**
 * CORS for browser clients. Requests without an Origin (every non-browser MCP client) skip it: hono/cors writes
 * headers on the response before and after the handler, which turns the server's lightweight response into a full
 * Fetch Response on every request (measured: about a third of the throughput of a static reply).
 */
function browserCors(allowedOrigins: ReadonlySet<string>): MiddlewareHandler {
  const corsMiddleware = cors({
    origin: (origin) => (allowedOrigins.has(origin.toLowerCase()) ? origin : null),
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: CORS_ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS,
    maxAge: 600,
  });
  return async function browserCors(c, next) {
    if (c.req.header('origin') === undefined) return next();
    return corsMiddleware(c, next);
  };
}

function defaultLogError(error: unknown, request: Request): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${new Date().toISOString()} error ${request.method} ${new URL(request.url).pathname}: ${detail}\n`);
}

export function createApp(options: AppOptions): Hono {
  const { config } = options;
  const clock = options.clock ?? (() => new Date());
  const registry = options.registry ?? catalogRegistry();
  const resources = new ResourceCatalog(options.resources ?? viewResources());
  const logError = options.logError ?? defaultLogError;
  const mcpPaths = new Set<string>();

  const app = new Hono();
  app.use('*', hostGuard(config.allowedHosts));

  for (const endpoint of registry.endpoints) {
    const path = endpoint.path;
    const secured = endpoint.auth === 'none' || !options.account ? undefined : protectedEndpoint(options.account, { baseUrl: config.baseUrl, path, clock });
    if (endpoint.auth !== 'none' && !secured) continue;
    mcpPaths.add(path);
    const server = new McpServer({ registry, endpoint, resources, baseUrl: config.baseUrl });
    const limiter = config.rateLimitPerMinute > 0 ? new SlidingWindowLimiter({ limit: config.rateLimitPerMinute }) : undefined;
    app.use(path, originGuard(config.allowedOrigins));
    app.use(path, browserCors(config.allowedOrigins));
    if (secured) app.use(path, secured.guard);
    const clientKey = secured?.clientKey ?? ((c) => clientAddress(c, config.trustedProxies));
    app.post(path, mcpPost({ server, registry, clock, baseUrl: config.baseUrl, ...(limiter ? { limiter } : {}), clientKey, ...(secured ? { account: secured.account } : {}) }));
    app.on(['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH'], path, mcpMethodNotAllowed());
  }

  if (options.account) mountAuthorizationServer(app, options.account, { baseUrl: config.baseUrl, path: ACCOUNT_PATH, clock, trustedProxies: config.trustedProxies });
  app.route('/', sitePages({ baseUrl: config.baseUrl, endpoints: registry.endpoints }));
  app.route('/', referencePages({ baseUrl: config.baseUrl }));

  app.notFound((c) => sendPage(c, notFoundPage, 404));
  app.onError((error, c) => {
    logError(error, c.req.raw);
    if (mcpPaths.has(c.req.path)) return jsonRpcErrorResponse(500, null, ErrorCode.InternalError, 'Internal error. The request was not completed; it is safe to retry.');
    return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
  });
  return app;
}
