/**
 * One MCP endpoint mounted on a Hono app: its POST route (host and origin checks inline, CORS only for browsers, the
 * bearer guard when the endpoint is secured, then the MCP route), its preflight and its refusal of other methods.
 * app.ts mounts the public endpoints at once and the secured ones with the account stack (account-stack.ts).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { EndpointMetadata } from '../../generated/metadata-types.js';
import type { Config } from '../config.js';
import { McpServer } from '../mcp/server.js';
import type { ResourceCatalog } from '../mcp/resources.js';
import { networkBudgetOf } from '../network-budgets.js';
import type { Registry } from '../tool-registry/registry.js';
import type { AccountContext } from '../tools/context.js';
import { clientAddress } from './client-address.js';
import { answerResponse } from './http-answer.js';
import type { McpFastPaths, FastRoute } from './node-fast-path.js';
import { originGuard, hostRefusal, originRefusal } from './guards.js';
import { ContextView } from './request-view.js';
import { mcpMethodNotAllowed, mcpOptions, mcpPost, type McpPostRequest } from './mcp-route.js';
import type { RateLimits } from './rate-limits.js';
import type { RefusalPause } from './refusal-pause.js';
import type { ServiceEnv } from './service-env.js';

/**
 * A POST through Hono as the MCP route reads it: a class, as the fast path's FastPost (node-fast-path.ts), so every
 * request has the same shape (an object literal spread from the view per request missed V8's inline caches).
 */
class ContextPost extends ContextView implements McpPostRequest {
  readonly account: AccountContext | undefined;
  readonly #clientKey: (c: Context<ServiceEnv>) => string;

  constructor(
    c: Context<ServiceEnv>,
    clientKey: (c: Context<ServiceEnv>) => string,
    account: AccountContext | undefined,
  ) {
    super(c);
    this.#clientKey = clientKey;
    this.account = account;
  }

  clientKey(): string {
    return this.#clientKey(this.context);
  }
}

/** What a secured endpoint adds: the bearer guard, and who a request is for once it passed. */
export interface ProtectedEndpoint {
  /** Bearer guard to run before the MCP route. */
  guard: MiddlewareHandler<ServiceEnv>;
  /** Rate-limit key: the token's subject, so the account endpoint limits each player, not each address. */
  clientKey: (c: Context<ServiceEnv>) => string;
  account: (c: Context<ServiceEnv>) => AccountContext | undefined;
}

/** What every endpoint of one app shares. */
export interface EndpointServices {
  config: Pick<Config, 'baseUrl' | 'rateLimitPerMinute' | 'allowedHosts' | 'allowedOrigins' | 'trustedProxies'> &
    Partial<Pick<Config, 'rateLimitNetworks'>>;
  registry: Registry;
  resources: ResourceCatalog;
  rateLimits: RateLimits;
  clock: () => Date;
  /** One pause for every endpoint's refusals, so its bound on waiting refusals holds for the whole instance. */
  refusalPause: RefusalPause;
}

/** Request headers a browser MCP client sends, and response headers it needs to read. */
export const CORS_ALLOW_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'MCP-Protocol-Version',
  'Mcp-Session-Id',
  'Idempotency-Key',
  'Last-Event-ID',
  'Mcp-Method',
  'Mcp-Name',
];
export const CORS_EXPOSE_HEADERS = [
  'MCP-Protocol-Version',
  'Mcp-Session-Id',
  'WWW-Authenticate',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'Deprecation',
  'Sunset',
  'Link',
];

/**
 * CORS for browser clients. Requests without an Origin (every non-browser MCP client) skip it: hono/cors writes
 * headers on the response before and after the handler, which turns the server's lightweight response into a full
 * Fetch Response on every request (measured: about a third of the throughput of a static reply).
 */
function browserCors(allowedOrigins: ReadonlySet<string>): MiddlewareHandler<ServiceEnv> {
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

/** Runs Hono middleware around `inner` outside Hono's dispatch: the middleware's own response, or the inner one. */
async function through(
  middleware: MiddlewareHandler<ServiceEnv>,
  c: Context<ServiceEnv>,
  inner: () => Promise<Response>,
): Promise<Response> {
  const early = await middleware(c, async () => {
    c.res = await inner();
  });
  // The middleware may have added headers to c.res after `next` (CORS does).
  return early ?? c.res;
}

/**
 * One MCP endpoint. The POST route runs the host and origin checks inline, CORS only for browsers (requests with
 * an Origin) and the bearer guard when secured: as separate Hono middleware each layer cost a dispatch and a
 * promise per request, about a tenth of the throughput together (measured with --cpu-prof). Preflights and the
 * other methods keep the middleware forms.
 */
export function mountEndpoint(
  target: Hono<ServiceEnv>,
  endpoint: EndpointMetadata,
  shared: EndpointServices,
  secured?: ProtectedEndpoint,
  /** Where the public POSTs are also answered: an app of their own (direct-routes.ts) and Node's fast path. */
  direct?: { app: Hono<ServiceEnv>; fastPaths?: McpFastPaths; logError: FastRoute['logError'] },
): void {
  const { config, registry, resources, rateLimits, clock, refusalPause } = shared;
  const path = endpoint.path;
  const server = new McpServer({ registry, endpoint, resources, baseUrl: config.baseUrl });
  const limiter =
    config.rateLimitPerMinute > 0 ? rateLimits.limiter(path.slice(1), { limit: config.rateLimitPerMinute }) : undefined;
  const clientKey = secured?.clientKey ?? ((c: Context<ServiceEnv>) => clientAddress(c, config.trustedProxies));
  // Listed networks' budgets are per address, so they apply where the key is the address: the public endpoint.
  const limitFor = !secured && config.rateLimitNetworks?.length ? networkBudgetOf(config.rateLimitNetworks) : undefined;
  const post = mcpPost({
    server,
    registry,
    clock,
    baseUrl: config.baseUrl,
    ...(limiter ? { limiter } : {}),
    ...(limitFor ? { limitFor } : {}),
    refusalPause,
  });
  // Read after the bearer guard ran, which is what sets the account.
  const honoPost = async (c: Context<ServiceEnv>) =>
    answerResponse(await post(new ContextPost(c, clientKey, secured?.account(c))));
  const cors = browserCors(config.allowedOrigins);
  const guarded = secured ? (c: Context<ServiceEnv>) => through(secured.guard, c, () => honoPost(c)) : honoPost;
  const mcpEndpoint = async function mcpEndpoint(c: Context<ServiceEnv>) {
    const refused = hostRefusal(c, config.allowedHosts) ?? originRefusal(c, config.allowedOrigins);
    if (refused) return refused;
    return c.req.header('origin') === undefined ? guarded(c) : through(cors, c, () => guarded(c));
  };
  target.post(path, mcpEndpoint);
  direct?.app.post(path, mcpEndpoint);
  if (direct?.fastPaths && !secured)
    direct.fastPaths.add(path, {
      post,
      allowedHosts: config.allowedHosts,
      trustedProxies: config.trustedProxies,
      logError: direct.logError,
    });
  target.use(path, originGuard(config.allowedOrigins));
  target.use(path, cors);
  target.options(path, mcpOptions());
  target.on(['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH'], path, mcpMethodNotAllowed());
}
