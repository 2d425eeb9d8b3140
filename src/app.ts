/**
 * The Hono application, composed: the operations routes; the public MCP endpoints (http/mcp-endpoint.ts), then the
 * host guard for everything else; the account stack, forwarded to once it is up (account-stack.ts); the site pages;
 * one error handler. Built from explicit options so tests can freeze the clock or swap the catalogue.
 */
import type { IncomingMessage } from 'node:http';
import { Hono, type ErrorHandler } from 'hono';
import { deferredAccountStack } from './account-stack.js';
import type { AccountServices } from './auth/account-services.js';
import { AUTH_ROUTE_PATTERNS } from './auth/scopes.js';
import { accountStackUnavailable, surfaceOf } from './auth/unavailable.js';
import { registryFromCatalogue, type Registry } from './tool-registry/registry.js';
import type { Config } from './config.js';
import { hostGuard } from './http/guards.js';
import { clientAddress } from './http/client-address.js';
import { compressedPages } from './http/compressed-pages.js';
import { mountEndpoint, type EndpointServices } from './http/mcp-endpoint.js';
import { withDirectRoutes } from './http/direct-routes.js';
import type { McpFastPaths } from './http/node-fast-path.js';
import { siteBudget } from './pages/site-budget.js';
import { inProcessRateLimits, type RateLimits } from './http/rate-limits.js';
import { RefusalPause } from './http/refusal-pause.js';
import { answerResponse } from './http/http-answer.js';
import { internalErrorAnswer } from './http/responses.js';
import type { ServiceEnv } from './http/service-env.js';
import { ResourceCatalog, viewResources } from './mcp/resources.js';
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
import { operationsRoutes } from './observability/ops-routes.js';
import type { Readiness } from './observability/readiness.js';
import type { MailTransport } from './site-account/mail.js';
import type { SiteAccountConfig } from './site-account/mount.js';
import { SITE_ACCOUNT_PATTERNS } from './site-account/paths.js';

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
  /** Where unexpected errors are reported (default: stderr); `incoming` is Node's request when there is one. */
  logError?: (error: unknown, request: Request, incoming?: IncomingMessage) => void;
  /** Node's fast path for the public MCP endpoints' POSTs (main.ts hands it to the server): filled in here. */
  mcpFastPaths?: McpFastPaths;
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
    logError(error, c.req.raw, c.env?.incoming);
    if (mcpPaths.has(c.req.path)) return answerResponse(internalErrorAnswer());
    return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
  };

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
  const endpoints: EndpointServices = { config, registry, resources, rateLimits, clock, refusalPause };
  // Their POSTs are also routed by an app of their own, where nothing else matches them (direct-routes.ts).
  const mcpPosts = new Hono<ServiceEnv>();
  const publicPaths = registry.endpoints.filter((e) => e.auth === 'none').map((e) => e.path);
  for (const endpoint of registry.endpoints)
    if (endpoint.auth === 'none')
      mountEndpoint(app, endpoint, endpoints, undefined, {
        app: mcpPosts,
        ...(options.mcpFastPaths ? { fastPaths: options.mcpFastPaths } : {}),
        logError,
      });
  app.use('*', hostGuard(config.allowedHosts));

  const secured = registry.endpoints.filter((e) => e.auth !== 'none');
  if (options.account && secured.length > 0) {
    const forward = deferredAccountStack({
      services: options.account,
      endpoints: secured,
      shared: endpoints,
      config,
      ...(metrics ? { metrics } : {}),
      ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
      ...(options.accountWaiting ? { accountWaiting: options.accountWaiting } : {}),
      onError,
      mcpPaths,
    });
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

  app.notFound((c) => sendPage(c, notFoundPage(), 404));
  app.onError(onError);
  mcpPosts.onError(onError);
  return withDirectRoutes(app, mcpPosts, 'POST', new Set(publicPaths));
}
