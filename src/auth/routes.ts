/**
 * The authorization server's HTTP surface inside the Hono app, in four parts: discovery, oidc-provider's endpoints
 * with the shims and limits in front of them, the sign-in and consent pages, and the refusals of what none serves.
 */
import { Hono, type Context } from 'hono';
import type Provider from 'oidc-provider';
import type { RateLimiter } from '../http/rate-limit.js';
import type { ServiceEnv } from '../http/service-env.js';
import type { ServerKeys } from '../store/keys.js';
import type { Store } from '../store/store.js';
import { discoveryRoutes } from './discovery-routes.js';
import { interactionRoutes, type SignInGuard } from './interaction-routes.js';
import { providerHandOff } from './provider-handoff.js';
import { providerRoutes, type ProviderLimits } from './provider-routes.js';
import { refusalRoutes } from './refusal-routes.js';

export interface AuthLimits extends ProviderLimits {
  signIn?: RateLimiter;
}

export interface AuthRoutesOptions {
  baseUrl: string;
  /** The protected resource (account endpoint URL); its metadata is served at the root and path-aware URLs. */
  resource: string;
  provider: Provider;
  store: Store;
  keys: ServerKeys;
  clock: () => Date;
  limits: AuthLimits;
  clientKey: (c: Context<ServiceEnv>) => string;
  /** Per-account sign-in throttling and the bound on concurrent password checks (always on). */
  signIn: SignInGuard;
}

export function authRoutes(options: AuthRoutesOptions): Hono<ServiceEnv> {
  const { baseUrl, provider, limits, clock, clientKey } = options;
  const base = new URL(baseUrl);
  const handOff = providerHandOff(provider, base);
  const app = new Hono<ServiceEnv>();
  app.route('/', discoveryRoutes({ baseUrl, resource: options.resource, handOff }));
  app.route('/', providerRoutes({ base, handOff, limits, clock, clientKey }));
  app.route(
    '/',
    interactionRoutes({
      base,
      provider,
      store: options.store,
      keys: options.keys,
      clock,
      clientKey,
      signIn: options.signIn,
      ...(limits.signIn ? { signInLimit: limits.signIn } : {}),
    }),
  );
  // Last: what the paths above answer when none of their routes did.
  app.route('/', refusalRoutes({ baseUrl, resource: options.resource }));
  return app;
}
