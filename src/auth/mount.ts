/** How the account endpoint and the authorization server plug into the app (kept out of app.ts). */
import type { RefusalPause } from '../http/refusal-pause.js';
import type { TrustedProxies } from '../trusted-proxies.js';
import type { Hono } from 'hono';
import { clientAddress } from '../http/client-address.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { RateLimits } from '../http/rate-limits.js';
import type { ServiceEnv } from '../http/service-env.js';
import type { ProtectedEndpoint } from '../http/mcp-endpoint.js';
import type { AccountServices } from './account-services.js';
import { bearerAuth } from './bearer.js';
import { HashGate } from './hash-gate.js';
import type { SignInGuard } from './interaction-routes.js';
import { authRoutes } from './routes.js';
import { resourceMetadataUrl } from './scopes.js';
import { SIGN_IN_BACKOFF } from './sign-in-throttle.js';

export type { ProtectedEndpoint };

export interface AccountMountOptions {
  baseUrl: string;
  clock: () => Date;
  trustedProxies: TrustedProxies;
  /** Per client address and minute: refused bearer tokens, authorizations, registrations, token requests, sign-ins. 0 = unlimited. */
  authRateLimitPerMinute: number;
  /** Where the limiters count (in-process, or Redis shared by every instance). */
  rateLimits: RateLimits;
  /** Holds a 429 that leaves a large body unread (the one /mcp uses). */
  refusalPause: RefusalPause;
  /** The sign-in backoff and password-hash pool, when shared with the website's sign-in (default: its own). */
  signIn?: SignInGuard;
}

/** The per-account sign-in backoff and the bounded password-hash pool, to share between every sign-in form. */
export function signInGuard(rateLimits: RateLimits): SignInGuard {
  return { failures: rateLimits.backoff('sign-in-failures', SIGN_IN_BACKOFF), hashes: new HashGate() };
}

/** A per-address limiter of the authorization server, named for what it counts; undefined when the limit is off. */
function addressLimiter(options: AccountMountOptions, name: string): RateLimiter | undefined {
  return options.authRateLimitPerMinute > 0
    ? options.rateLimits.limiter(`auth:${name}`, { limit: options.authRateLimitPerMinute })
    : undefined;
}

/** The guard and context of one OAuth endpoint; tokens are issued for one resource, so it must be that one. */
export function protectedEndpoint(
  services: AccountServices,
  path: string,
  options: AccountMountOptions,
): ProtectedEndpoint {
  if (`${options.baseUrl}${path}` !== services.resource)
    throw new Error(`tokens are issued for ${services.resource}, so ${path} cannot accept them`);
  const refusals = addressLimiter(options, 'bearer-refusals');
  return {
    guard: bearerAuth({
      verifier: services.verifier,
      resourceMetadataUrl: resourceMetadataUrl(services.resource),
      clock: options.clock,
      ...(refusals
        ? {
            refusals: {
              limiter: refusals,
              clientKey: (c) => clientAddress(c, options.trustedProxies),
              pause: options.refusalPause,
            },
          }
        : {}),
    }),
    clientKey: (c) => `sub:${c.get('accountClaims')?.sub ?? ''}`,
    account: (c) => {
      const claims = c.get('accountClaims');
      return claims ? { data: services.store.players.readerFor(claims.sub) } : undefined;
    },
  };
}

export function mountAuthorizationServer(
  app: Hono<ServiceEnv>,
  services: AccountServices,
  options: AccountMountOptions,
): void {
  const authorize = addressLimiter(options, 'authorize');
  const registration = addressLimiter(options, 'register');
  const token = addressLimiter(options, 'token');
  const signIn = addressLimiter(options, 'sign-in');
  app.route(
    '/',
    authRoutes({
      baseUrl: options.baseUrl,
      resource: services.resource,
      provider: services.provider,
      store: services.store,
      keys: services.keys,
      clock: options.clock,
      limits: {
        ...(authorize ? { authorize } : {}),
        ...(registration ? { registration } : {}),
        ...(token ? { token } : {}),
        ...(signIn ? { signIn } : {}),
      },
      clientKey: (c) => clientAddress(c, options.trustedProxies),
      signIn: options.signIn ?? signInGuard(options.rateLimits),
    }),
  );
}
