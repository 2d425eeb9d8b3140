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

export function protectedEndpoint(services: AccountServices, options: { baseUrl: string; path: string; clock: () => Date }): ProtectedEndpoint {
  return {
    guard: bearerAuth({ verifier: services.verifier, resourceMetadataUrl: resourceMetadataUrl(options.baseUrl, options.path), clock: options.clock }),
    clientKey: (c) => `sub:${accountClaims(c)?.sub ?? ''}`,
    account: (c) => {
      const claims = accountClaims(c);
      return claims ? { userId: claims.sub, data: services.store.players.readerFor(claims.sub) } : undefined;
    },
  };
}

export function mountAuthorizationServer(app: Hono, services: AccountServices, options: { baseUrl: string; path: string; clock: () => Date; trustedProxies: ReadonlySet<string> }): void {
  const perMinute = services.authRateLimitPerMinute;
  const limiter = () => (perMinute > 0 ? new SlidingWindowLimiter({ limit: perMinute }) : undefined);
  const registration = limiter();
  const token = limiter();
  const signIn = limiter();
  app.route(
    '/',
    authRoutes({
      baseUrl: options.baseUrl,
      resource: services.resource,
      resourcePath: options.path,
      provider: services.provider,
      store: services.store,
      keys: services.keys,
      clock: options.clock,
      limits: { ...(registration ? { registration } : {}), ...(token ? { token } : {}), ...(signIn ? { signIn } : {}) },
      clientKey: (c) => clientAddress(c, options.trustedProxies),
    }),
  );
}
