/**
 * The Hono application: per MCP endpoint a POST route that runs its own host and origin checks (CORS and the bearer
 * guard around it when they apply), then the host guard for everything else; the account stack, forwarded to once it
 * is up; the site pages; one error handler. Built from explicit options so tests can freeze the clock or swap the
 * catalogue.
 */
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { EndpointMetadata } from '../generated/metadata-types.js';
import type { AccountServices } from './auth/account-services.js';
import { mountAuthorizationServer, protectedEndpoint, signInGuard, type ProtectedEndpoint } from './auth/mount.js';
import { AUTH_ROUTE_PATTERNS } from './auth/scopes.js';
import { accountStackUnavailable, surfaceOf } from './auth/unavailable.js';
import { registryFromCatalogue, type Registry } from './tool-registry/registry.js';
import type { Config } from './config.js';
import { hostGuard, hostRefusal, originGuard, originRefusal } from './http/guards.js';
import { clientAddress } from './http/client-address.js';
import { compressedPages } from './http/compressed-pages.js';
import { mcpMethodNotAllowed, mcpOptions, mcpPost } from './http/mcp-route.js';
import { networkBudgetOf } from './network-budgets.js';
import { siteBudget } from './pages/site-budget.js';
import { inProcessRateLimits, type RateLimits } from './http/rate-limits.js';
import { RefusalPause } from './http/refusal-pause.js';
import { jsonRpcErrorResponse } from './http/responses.js';
import type { ServiceEnv } from './http/service-env.js';
import { ErrorCode } from './mcp/jsonrpc.js';
import { ResourceCatalog, viewResources } from './mcp/resources.js';
import { McpServer } from './mcp/server.js';
import { calculators } from './pages/calculators/calculator-list.js';
import { calculatorPages } from './pages/calculators/pages.js';
import { sendPage } from './pages/markdown.js';
import { referencePages } from './pages/reference-pages.js';
import { iconRoutes } from './pages/icon-routes.js';
import { registryVerification } from './pages/registry-verification.js';
import { discoveryRoutes } from './pages/discovery-routes.js';
import { notFoundPage, sitePages } from './pages/site.js';
import { siteTools } from './pages/site-tools.js';
import { searchPages } from './pages/search-page.js';
import { publicToolRunner } from './pages/tool-runner.js';
import { isStoreUnavailable } from './store/errors.js';
import { countedRateLimits } from './observability/counted-rate-limits.js';
import type { ServiceMetrics } from './observability/metrics.js';
import { countOAuthOutcomes } from './observability/oauth-events.js';
import { operationsRoutes } from './observability/ops-routes.js';
import type { Readiness } from './observability/readiness.js';
import { unconfiguredTransport, type MailTransport } from './site-account/mail.js';
import {
  mountSiteAccount,
  SITE_ACCOUNT_PATTERNS,
  siteAccountOptions,
  type SiteAccountConfig,
} from './site-account/mount.js';

export type AppConfig = Pick<
  Config,
  'baseUrl' | 'rateLimitPerMinute' | 'authRateLimitPerMinute' | 'allowedHosts' | 'allowedOrigins' | 'trustedProxies'
> &
  Partial<Pick<Config, 'rateLimitNetworks' | 'metricsToken' | 'siteRateLimitPerMinute' | 'mcpRegistryAuth'>> &
  Partial<SiteAccountConfig>;

export interface AppOptions {
  config: AppConfig;
  /** Source of the current time; every time-dependent decision reads it once per request. */
  clock?: () => Date;
  registry?: Registry;
  /**
   * The store, keys and authorization server, or the promise of them: main.ts starts listening before the account
   * stack is up, and requests to its paths wait for it. Without it the OAuth-protected endpoints are not mounted.
   */
  account?: AccountServices | Promise<AccountServices>;
  /**
   * True while the account stack is waiting for an unreachable store (main.ts retries in the background): its
   * paths then answer 503 at once instead of waiting for `account`.
   */
  accountWaiting?: () => boolean;
  /** Where unexpected errors are reported (default: stderr). */
  logError?: (error: unknown, request: Request) => void;
  /** Where the rate limits count (default: in this process; main.ts passes Redis when REDIS_URL is set). */
  rateLimits?: RateLimits;
  /** Counts rate-limit refusals and OAuth outcomes, and serves /metrics (METRICS_TOKEN from the config). */
  metrics?: ServiceMetrics;
  /** Serves /ready. */
  readiness?: Readiness;
  /** Holds a 429 on /mcp that leaves its body unread (default: one second; tests pass one that records). */
  refusalPause?: RefusalPause;
  /** How the account pages' mails leave (main.ts: SMTP or the log transport); without it every send fails. */
  mailTransport?: MailTransport;
}

/** Longest a request to the account stack waits for it to come up before it is answered 503. */
const ACCOUNT_START_WAIT_MS = 10_000;

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

function defaultLogError(error: unknown, request: Request): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(
    `${new Date().toISOString()} error ${request.method} ${new URL(request.url).pathname}: ${detail}\n`,
  );
}

export function createApp(options: AppOptions): Hono<ServiceEnv> {
  const { config } = options;
  const clock = options.clock ?? (() => new Date());
  const registry = options.registry ?? registryFromCatalogue();
  const resources = new ResourceCatalog(viewResources());
  const logError = options.logError ?? defaultLogError;
  const mcpPaths = new Set(registry.endpoints.map((e) => e.path));
  const { metrics } = options;
  const uncounted = options.rateLimits ?? inProcessRateLimits();
  const rateLimits = metrics ? countedRateLimits(uncounted, (limiter) => metrics.rateLimitRefused(limiter)) : uncounted;
  // One pause for every endpoint's refusals, so its bound on waiting refusals holds for the whole instance.
  const refusalPause = options.refusalPause ?? new RefusalPause();

  const onError: ErrorHandler<ServiceEnv> = (error, c) => {
    // The store's outage is logged once by the store itself, not once per request.
    if (isStoreUnavailable(error)) return accountStackUnavailable(surfaceOf(c.req.path, mcpPaths));
    logError(error, c.req.raw);
    if (mcpPaths.has(c.req.path))
      return jsonRpcErrorResponse(
        500,
        null,
        ErrorCode.InternalError,
        'Internal error. The request was not completed; it is safe to retry.',
      );
    return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
  };

  /**
   * One MCP endpoint. The POST route runs the host and origin checks inline, CORS only for browsers (requests with
   * an Origin) and the bearer guard when secured: as separate Hono middleware each layer cost a dispatch and a
   * promise per request, about a tenth of the throughput together (measured with --cpu-prof). Preflights and the
   * other methods keep the middleware forms.
   */
  function mountEndpoint(target: Hono<ServiceEnv>, endpoint: EndpointMetadata, secured?: ProtectedEndpoint): void {
    const path = endpoint.path;
    const server = new McpServer({ registry, endpoint, resources, baseUrl: config.baseUrl });
    const limiter =
      config.rateLimitPerMinute > 0
        ? rateLimits.limiter(path.slice(1), { limit: config.rateLimitPerMinute })
        : undefined;
    const clientKey = secured?.clientKey ?? ((c: Context<ServiceEnv>) => clientAddress(c, config.trustedProxies));
    // Listed networks' budgets are per address, so they apply where the key is the address: the public endpoint.
    const limitFor =
      !secured && config.rateLimitNetworks?.length ? networkBudgetOf(config.rateLimitNetworks) : undefined;
    const post = mcpPost({
      server,
      registry,
      clock,
      baseUrl: config.baseUrl,
      ...(limiter ? { limiter } : {}),
      clientKey,
      ...(limitFor ? { limitFor } : {}),
      ...(secured ? { account: secured.account } : {}),
      refusalPause,
    });
    const cors = browserCors(config.allowedOrigins);
    const guarded = secured ? (c: Context<ServiceEnv>) => through(secured.guard, c, () => post(c)) : post;
    target.post(path, async function mcpEndpoint(c) {
      const refused = hostRefusal(c, config.allowedHosts) ?? originRefusal(c, config.allowedOrigins);
      if (refused) return refused;
      return c.req.header('origin') === undefined ? guarded(c) : through(cors, c, () => guarded(c));
    });
    target.use(path, originGuard(config.allowedOrigins));
    target.use(path, cors);
    target.options(path, mcpOptions());
    target.on(['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH'], path, mcpMethodNotAllowed());
  }

  const app = new Hono<ServiceEnv>();
  // Before the host guard: probes and scrapers address an instance by its IP (ops-routes.ts says why that is safe).
  if (options.readiness || metrics) {
    app.route(
      '/',
      operationsRoutes({
        allowedHosts: config.allowedHosts,
        ...(options.readiness ? { readiness: options.readiness } : {}),
        ...(metrics ? { metrics } : {}),
        ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
      }),
    );
  }
  // The MCP POST routes guard their host inline (above), so they are registered before the host guard of the rest.
  for (const endpoint of registry.endpoints) if (endpoint.auth === 'none') mountEndpoint(app, endpoint);
  app.use('*', hostGuard(config.allowedHosts));

  const secured = registry.endpoints.filter((e) => e.auth !== 'none');
  if (options.account && secured.length > 0) {
    // The account stack (oidc-provider, the store) is built once its services are ready; until then requests to
    // its paths wait here instead of failing, and the public endpoint answers meanwhile.
    const accountApp = Promise.resolve(options.account).then((services) => {
      if (metrics)
        countOAuthOutcomes(services.provider, (operation, outcome) => metrics.oauthOutcome(operation, outcome));
      const sub = new Hono<ServiceEnv>();
      const mountOptions = {
        baseUrl: config.baseUrl,
        clock,
        trustedProxies: config.trustedProxies,
        authRateLimitPerMinute: config.authRateLimitPerMinute,
        rateLimits,
        refusalPause,
      };
      for (const endpoint of secured)
        mountEndpoint(sub, endpoint, protectedEndpoint(services, endpoint.path, mountOptions));
      // One backoff and one password-hash pool for the OAuth sign-in and the website's sign-in.
      const signIn = signInGuard(rateLimits);
      mountSiteAccount(
        sub,
        services,
        siteAccountOptions({
          config,
          rateLimits,
          transport: options.mailTransport ?? unconfiguredTransport,
          clock,
          clientKey: (c) => clientAddress(c, config.trustedProxies),
          signIn,
          ...(config.authRateLimitPerMinute > 0
            ? { signInLimit: rateLimits.limiter('auth:site-sign-in', { limit: config.authRateLimitPerMinute }) }
            : {}),
          events: { event: (event, outcome) => metrics?.accountEvent(event, outcome) },
          ...(metrics ? { onMail: (kind, outcome) => metrics.mail(kind, outcome) } : {}),
        }),
      );
      mountAuthorizationServer(sub, services, { ...mountOptions, signIn });
      sub.onError(onError);
      return sub;
    });
    let settled = false;
    accountApp.then(
      () => (settled = true),
      () => (settled = true),
    ); // a failure is reported by main.ts; requests get a 500
    // While the stack starts, a request waits for it, but never past a failed attempt or ACCOUNT_START_WAIT_MS.
    const waitForStack = async (): Promise<boolean> => {
      const deadline = Date.now() + ACCOUNT_START_WAIT_MS;
      while (!settled && !options.accountWaiting?.() && Date.now() < deadline)
        await Promise.race([accountApp.catch(() => undefined), new Promise((tick) => setTimeout(tick, 100))]);
      return settled;
    };
    const forward = async (c: Context<ServiceEnv>) => {
      if (!settled && !(await waitForStack())) return accountStackUnavailable(surfaceOf(c.req.path, mcpPaths));
      return (await accountApp).fetch(c.req.raw, c.env);
    };
    for (const path of [...secured.map((e) => e.path), ...AUTH_ROUTE_PATTERNS, ...SITE_ACCOUNT_PATTERNS])
      app.all(path, forward);
  }

  // The website's text goes out compressed when the browser takes it (the MCP routes above compress their own).
  app.use('*', compressedPages());
  // The website: its pages, the calculators and the site script's search run the public tools as /mcp does.
  const runner = publicToolRunner(registry, config.baseUrl);
  const calculatorList = calculators(registry);
  const siteLimiter =
    config.rateLimitPerMinute > 0 ? rateLimits.limiter('site-search', { limit: config.rateLimitPerMinute }) : undefined;
  app.route(
    '/',
    siteTools({
      runner,
      clock,
      clientKey: (c) => clientAddress(c, config.trustedProxies),
      ...(siteLimiter ? { limiter: siteLimiter } : {}),
    }),
  );
  // Every page, calculator and file of the website past this point counts in the address's site budget.
  if (config.siteRateLimitPerMinute)
    app.use(
      '*',
      siteBudget({
        limiter: rateLimits.limiter('site-pages', { limit: config.siteRateLimitPerMinute }),
        clientKey: (c) => clientAddress(c, config.trustedProxies),
        clock,
        exempt: ['/health'],
      }),
    );
  app.route('/', searchPages({ baseUrl: config.baseUrl, runner, clock }));
  app.route('/', calculatorPages({ baseUrl: config.baseUrl, calculators: calculatorList, runner, clock }));
  app.route('/', sitePages({ baseUrl: config.baseUrl, endpoints: registry.endpoints, calculators: calculatorList }));
  app.route('/', referencePages({ baseUrl: config.baseUrl }));
  app.route('/', iconRoutes());
  if (config.mcpRegistryAuth) app.route('/', registryVerification(config.mcpRegistryAuth));
  const servedPaths = registry.endpoints
    .filter((e) => e.auth === 'none' || options.account !== undefined)
    .map((e) => e.path);
  app.route('/', discoveryRoutes({ origin: config.baseUrl, endpointPaths: servedPaths }));

  app.notFound((c) => sendPage(c, notFoundPage, 404));
  app.onError(onError);
  return app;
}
