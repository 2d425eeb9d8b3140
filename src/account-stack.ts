/**
 * The account stack (the secured MCP endpoints, the authorization server and the website's account pages) behind
 * one handler that app.ts routes its paths to. main.ts starts listening before the store and keys are ready, so
 * the stack is built once its services resolve; until then a request waits for it (never past a failed start or
 * ACCOUNT_START_WAIT_MS, nor while main.ts reports the store unreachable) and is then answered 503, while the
 * public endpoint answers meanwhile.
 */
import { Hono, type Context, type ErrorHandler, type Handler } from 'hono';
import type { EndpointMetadata } from '../generated/metadata-types.js';
import type { AccountServices } from './auth/account-services.js';
import { mountAuthorizationServer, protectedEndpoint, signInGuard } from './auth/mount.js';
import { accountStackUnavailable, surfaceOf } from './auth/unavailable.js';
import type { Config } from './config.js';
import { clientAddress } from './http/client-address.js';
import { mountEndpoint, type EndpointServices } from './http/mcp-endpoint.js';
import type { ServiceEnv } from './http/service-env.js';
import type { ServiceMetrics } from './observability/metrics.js';
import { countOAuthOutcomes } from './observability/oauth-events.js';
import { unconfiguredTransport, type MailTransport } from './site-account/mail.js';
import { mountSiteAccount, siteAccountOptions, type SiteAccountConfig } from './site-account/mount.js';

/** Longest a request to the account stack waits for it to come up before it is answered 503. */
const ACCOUNT_START_WAIT_MS = 10_000;
/** How often a waiting request looks again whether the store is reported unreachable meanwhile. */
const WAIT_TICK_MS = 100;

export interface AccountStackOptions {
  /** The store, keys and authorization server, or the promise of them. */
  services: AccountServices | Promise<AccountServices>;
  /** The secured MCP endpoints. */
  endpoints: readonly EndpointMetadata[];
  /** What the app's endpoints share (limits, registry, clock). */
  shared: EndpointServices;
  config: Pick<Config, 'baseUrl' | 'trustedProxies' | 'authRateLimitPerMinute'> & Partial<SiteAccountConfig>;
  metrics?: ServiceMetrics;
  /** How the account pages' mails leave; without it every send fails. */
  mailTransport?: MailTransport;
  /** True while the stack waits for an unreachable store: its paths then answer 503 at once. */
  accountWaiting?: () => boolean;
  onError: ErrorHandler<ServiceEnv>;
  /** The MCP endpoints' paths, so a 503 is answered in JSON-RPC there. */
  mcpPaths: ReadonlySet<string>;
}

/** The account stack's Hono app, built from its ready services. */
function buildAccountApp(services: AccountServices, options: AccountStackOptions): Hono<ServiceEnv> {
  const { config, metrics, shared } = options;
  const { rateLimits, clock, refusalPause } = shared;
  if (metrics) countOAuthOutcomes(services.provider, (operation, outcome) => metrics.oauthOutcome(operation, outcome));
  const sub = new Hono<ServiceEnv>();
  const mountOptions = {
    baseUrl: config.baseUrl,
    clock,
    trustedProxies: config.trustedProxies,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    rateLimits,
    refusalPause,
  };
  for (const endpoint of options.endpoints)
    mountEndpoint(sub, endpoint, shared, protectedEndpoint(services, endpoint.path, mountOptions));
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
  sub.onError(options.onError);
  return sub;
}

/** The handler for every path of the account stack: forwards to it once it is up. */
export function deferredAccountStack(options: AccountStackOptions): Handler<ServiceEnv> {
  const accountApp = Promise.resolve(options.services).then((services) => buildAccountApp(services, options));
  let settled = false;
  accountApp.then(
    () => (settled = true),
    () => (settled = true),
  ); // a failure is reported by main.ts; requests get a 500
  // While the stack starts, a request waits for it, but never past a failed attempt or ACCOUNT_START_WAIT_MS.
  const waitForStack = async (): Promise<boolean> => {
    const deadline = Date.now() + ACCOUNT_START_WAIT_MS;
    while (!settled && !options.accountWaiting?.() && Date.now() < deadline)
      await Promise.race([accountApp.catch(() => undefined), new Promise((tick) => setTimeout(tick, WAIT_TICK_MS))]);
    return settled;
  };
  return async function forwardToAccountStack(c: Context<ServiceEnv>) {
    if (!settled && !(await waitForStack())) return accountStackUnavailable(surfaceOf(c.req.path, options.mcpPaths));
    return (await accountApp).fetch(c.req.raw, c.env);
  };
}
