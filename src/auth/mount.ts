/** How the account endpoint and the authorization server plug into the app (kept out of app.ts). */
import type { Context, MiddlewareHandler } from 'hono';
import type { Hono } from 'hono';
import { clientAddress } from '../http/client-address.js';
import { SlidingWindowLimiter } from '../http/rate-limit.js';
import type { AccountContext } from '../tools/context.js';
import type { AccountServices } from './account-services.js';
import { accountClaims, bearerAuth } from './bearer.js';
import { authRoutes } from './routes.js';
import { resourceMetadataUrl } from './scopes.js';

export interface ProtectedEndpoint {
  /** Bearer guard to run before the MCP route. */
  guard: MiddlewareHandler;
  /** Rate-limit key: the token's subject (spec §8: per user). */
  clientKey: (c: Context) => string;
  account: (c: Context) => AccountContext | undefined;
}

export interface AccountMountOptions {
  baseUrl: string;
  clock: () => Date;
  trustedProxies: ReadonlySet<string>;
  /** Per client address and minute: refused bearer tokens, registrations, token requests, sign-ins. 0 = unlimited. */
  authRateLimitPerMinute: number;
}

function addressLimiter(options: AccountMountOptions): SlidingWindowLimiter | undefined {
  return options.authRateLimitPerMinute > 0 ? new SlidingWindowLimiter({ limit: options.authRateLimitPerMinute }) : undefined;
}

/** The guard and context of one OAuth endpoint; tokens are issued for one resource, so it must be that one. */
export function protectedEndpoint(services: AccountServices, path: string, options: AccountMountOptions): ProtectedEndpoint {
  if (`${options.baseUrl}${path}` !== services.resource) throw new Error(`tokens are issued for ${services.resource}, so ${path} cannot accept them`);
  const refusals = addressLimiter(options);
  return {
    guard: bearerAuth({
      verifier: services.verifier,
      resourceMetadataUrl: resourceMetadataUrl(services.resource),
      clock: options.clock,
      ...(refusals ? { refusals: { limiter: refusals, clientKey: (c) => clientAddress(c, options.trustedProxies) } } : {}),
    }),
    clientKey: (c) => `sub:${accountClaims(c)?.sub ?? ''}`,
    account: (c) => {
      const claims = accountClaims(c);
      return claims ? { data: services.store.players.readerFor(claims.sub) } : undefined;
    },
  };
}

export function mountAuthorizationServer(app: Hono, services: AccountServices, options: AccountMountOptions): void {
  const registration = addressLimiter(options);
  const token = addressLimiter(options);
  const signIn = addressLimiter(options);
  app.route(
    '/',
    authRoutes({
      baseUrl: options.baseUrl,
      resource: services.resource,
      provider: services.provider,
      store: services.store,
      keys: services.keys,
      clock: options.clock,
      limits: { ...(registration ? { registration } : {}), ...(token ? { token } : {}), ...(signIn ? { signIn } : {}) },
      clientKey: (c) => clientAddress(c, options.trustedProxies),
    }),
  );
}
