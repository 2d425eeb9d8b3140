/**
 * oidc-provider's endpoints under /api/auth/mcp, with what this service puts in front of them: per-address rate
 * limits, and the compatibility shims of the authorization query and of registration. Hono never reads the body of
 * a provider route, except registration (to apply its shims, after checking it is UTF-8 JSON within its bounds).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { jsonContentType } from '../http/media-types.js';
import { rateLimitHeaders, type RateLimiter } from '../http/rate-limit.js';
import { readText } from '../http/read-body.js';
import { viewOfContext } from '../http/request-view.js';
import type { ServiceEnv } from '../http/service-env.js';
import { PAGE_HEADERS, problemPage } from './pages.js';
import { REGISTRATION_BOUNDS, REGISTRATION_TOO_LARGE } from './registration-bounds.js';
import { corsPreflight, nodeBindings, oauthError, type HandOff } from './provider-handoff.js';
import { AUTH_PATHS } from './scopes.js';
import { adjustAuthorizationQuery, prepareRegistration } from './shims.js';

export interface ProviderLimits {
  authorize?: RateLimiter;
  registration?: RateLimiter;
  token?: RateLimiter;
}

export interface ProviderRoutesOptions {
  base: URL;
  handOff: HandOff;
  limits: ProviderLimits;
  clock: () => Date;
  clientKey: (c: Context<ServiceEnv>) => string;
}

export function providerRoutes(options: ProviderRoutesOptions): Hono<ServiceEnv> {
  const { base, handOff, limits, clientKey } = options;
  const app = new Hono<ServiceEnv>();

  const limited = (limiter: RateLimiter | undefined, what: string): MiddlewareHandler<ServiceEnv> =>
    async function oauthRateLimit(c, next) {
      if (!limiter) return next();
      const decision = await limiter.take(clientKey(c), options.clock().getTime());
      if (!decision.allowed) {
        const headers = rateLimitHeaders(decision, Math.round(limiter.windowMs / 1000));
        const origin = c.req.header('origin');
        const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin } : {};
        return oauthError(
          429,
          'temporarily_unavailable',
          `Too many ${what} requests: at most ${decision.limit} per minute. Retry after ${decision.resetSeconds} seconds.`,
          { ...headers, ...cors },
        );
      }
      await next();
      return undefined;
    };

  /**
   * The authorization endpoint is a browser page: past its limit the player gets a page saying when to try again.
   * Not an error redirect: that would need the client and its redirect URI looked up first, the work the limit saves.
   */
  const limitedPage = (limiter: RateLimiter | undefined): MiddlewareHandler<ServiceEnv> =>
    async function authorizeRateLimit(c, next) {
      if (!limiter) return next();
      const decision = await limiter.take(clientKey(c), options.clock().getTime());
      if (!decision.allowed) {
        const text = `Too many sign-in requests from this address: at most ${decision.limit} a minute. Wait ${decision.resetSeconds} seconds, then connect again from the app.`;
        return new Response(problemPage('Too many sign-in requests', text), {
          status: 429,
          headers: { ...PAGE_HEADERS, ...rateLimitHeaders(decision, Math.round(limiter.windowMs / 1000)) },
        });
      }
      await next();
      return undefined;
    };

  app.get(AUTH_PATHS.authorization, limitedPage(limits.authorize), (c) => {
    const node = nodeBindings(c, base);
    const adjusted = adjustAuthorizationQuery(new URL(c.req.url).searchParams);
    if (node && adjusted) node.incoming.url = `${AUTH_PATHS.authorization}?${adjusted.toString()}`;
    return handOff(c);
  });

  // Registration is open to every origin (RFC 7591 clients run in browsers too). OPTIONS without Origin is no
  // preflight: it falls through to refusal-routes.ts.
  app.options(AUTH_PATHS.registration, (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined) return next();
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Authorization, Accept, MCP-Protocol-Version',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
  });
  app.post(AUTH_PATHS.registration, limited(limits.registration, 'registration'), async (c) => {
    const node = nodeBindings(c, base);
    const origin = c.req.header('origin');
    const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    // The body is decoded as UTF-8 whatever its label says: JSON in another charset is refused, not misread.
    const contentType = jsonContentType(c.req.header('content-type'));
    if (!contentType.ok) {
      const description =
        contentType.problem === 'charset'
          ? `Send the client metadata as UTF-8 JSON (Content-Type: application/json; charset=utf-8), not ${contentType.charset}.`
          : 'Send the client metadata as JSON (Content-Type: application/json), RFC 7591.';
      return oauthError(415, 'invalid_request', description, cors);
    }
    const body = await readText(viewOfContext(c), REGISTRATION_BOUNDS.bodyBytes);
    if (!body.ok && body.reason === 'too-large')
      return oauthError(400, 'invalid_client_metadata', REGISTRATION_TOO_LARGE, cors);
    const text = body.ok ? body.text : undefined;
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined)
      return oauthError(
        400,
        'invalid_client_metadata',
        'the body must be a JSON object of client metadata (RFC 7591) in UTF-8',
        cors,
      );
    const checked = prepareRegistration(parsed);
    if (!checked.ok) return oauthError(400, checked.error, checked.description, cors);
    if (!node)
      return oauthError(503, 'temporarily_unavailable', 'the authorization server needs the Node HTTP server', cors);
    // The stream is consumed; oidc-provider then reads the parsed metadata from req.body.
    Object.assign(node.incoming, { body: checked.metadata });
    for (const [name, value] of Object.entries(cors)) node.outgoing.setHeader(name, value);
    return handOff(c);
  });

  app.post(AUTH_PATHS.token, limited(limits.token, 'token'), handOff);
  app.post(AUTH_PATHS.revocation, handOff);
  app.get(AUTH_PATHS.jwks, handOff);
  // Where the browser comes back after sign-in and consent: it runs the authorization again, so it draws on the same
  // per-address budget (with its cookie, one client could otherwise re-run authorizations without limit).
  app.get(`${AUTH_PATHS.authorization}/:uid`, limitedPage(limits.authorize), handOff);
  // oidc-provider answers the preflights of the endpoints a browser client may call, per its CORS rules.
  for (const path of [AUTH_PATHS.token, AUTH_PATHS.revocation, AUTH_PATHS.jwks])
    app.options(path, corsPreflight(handOff));

  return app;
}
