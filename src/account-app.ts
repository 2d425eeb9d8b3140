/**
 * The account stack's Hono app (the secured MCP endpoints, the authorization server and the website's account pages),
 * built from its ready services. account-stack.ts imports this module only once those services resolve, after the
 * server listens: its code (the account pages, the OAuth routes, oidc-provider's hand-off) was 109 KB of the 1.2 MB
 * start bundle, and a start that compiles and runs it before listening answers its first request that much later.
 */
import { Hono, type ErrorHandler } from 'hono';
import type { EndpointMetadata } from '../generated/metadata-types.js';
import type { AccountServices } from './auth/account-services.js';
import { mountAuthorizationServer, protectedEndpoint, signInGuard } from './auth/mount.js';
import type { Config } from './config.js';
import { clientAddress } from './http/client-address.js';
import { mountEndpoint, type EndpointServices } from './http/mcp-endpoint.js';
import type { ServiceEnv } from './http/service-env.js';
import type { ServiceMetrics } from './observability/metrics.js';
import { countOAuthOutcomes } from './observability/oauth-events.js';
import { unconfiguredTransport, type MailTransport } from './site-account/mail.js';
import { mountSiteAccount, siteAccountOptions, type SiteAccountConfig } from './site-account/mount.js';

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
export function buildAccountApp(services: AccountServices, options: AccountStackOptions): Hono<ServiceEnv> {
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
