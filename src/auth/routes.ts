/**
 * The authorization server's HTTP surface inside the Hono app: oidc-provider's endpoints (handed the raw Node
 * request and response), the compatibility shims in front of them, the discovery documents, and the sign-in and
 * consent pages. Hono never reads the body of a provider route, except registration (to apply its shims).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import type Provider from 'oidc-provider';
import type { Backoff } from '../http/backoff.js';
import { rateLimitHeaders, type RateLimiter } from '../http/rate-limit.js';
import { readText } from '../http/read-body.js';
import { isStoreUnavailable } from '../store/errors.js';
import type { ServerKeys } from '../store/keys.js';
import type { Store } from '../store/store.js';
import { normaliseEmail, type User } from '../store/users.js';
import { csrfToken, csrfValid } from './csrf.js';
import { HashGateBusy, type HashGate, type HashLane } from './hash-gate.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS, knownDevice, knownDeviceCookie } from './known-device.js';
import { consentPage, formPageHeaders, loginPage, PAGE_HEADERS, problemPage, type ClientView } from './pages.js';
import { AUTH_PATHS, resourceMetadataUrl, SCOPES } from './scopes.js';
import { adjustAuthorizationQuery, prepareRegistration } from './shims.js';
import { signInKey, signInWait } from './sign-in-throttle.js';

export interface AuthLimits {
  authorize?: RateLimiter;
  registration?: RateLimiter;
  token?: RateLimiter;
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
  clientKey: (c: Context) => string;
  /** Per-account sign-in throttling and the bound on concurrent password checks (always on). */
  signIn: SignInGuard;
}

export interface SignInGuard {
  /** Failures per email (or known device), in the rate-limit store. */
  failures: Backoff;
  hashes: HashGate;
}

const REGISTRATION_BODY_LIMIT = 64 * 1024;
const FORM_BODY_LIMIT = 16 * 1024;

type NodeBindings = { incoming: IncomingMessage & { body?: unknown }; outgoing: ServerResponse };

/**
 * The raw Node request and response for oidc-provider. Its Host and X-Forwarded-* headers are set from BASE_URL
 * first: the provider builds its endpoint URLs and decides whether cookies are secure from them, and a client
 * must not choose those (the host guard has already checked Host, but not the forwarded headers).
 */
function nodeBindings(c: Context, base: URL): NodeBindings | undefined {
  const env = c.env as Partial<NodeBindings> | undefined;
  if (!env?.incoming || !env.outgoing) return undefined;
  const headers = env.incoming.headers;
  headers.host = base.host;
  headers['x-forwarded-host'] = base.host;
  headers['x-forwarded-proto'] = base.protocol.slice(0, -1);
  return env as NodeBindings;
}

function oauthError(status: 400 | 403 | 429 | 503, error: string, description: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

function page(html: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(html, { status, headers: { ...PAGE_HEADERS, ...headers } });
}

function redirectHost(redirectUri: unknown): string {
  const url = typeof redirectUri === 'string' ? URL.parse(redirectUri) : null;
  if (!url) return 'the app';
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : `${url.protocol}//${url.host}`;
}

export function authRoutes(options: AuthRoutesOptions): Hono {
  const { provider, store, keys, limits, clientKey, baseUrl, signIn } = options;
  const base = new URL(baseUrl);
  const oidc = provider.callback();
  const app = new Hono();

  const handOff = (c: Context): Response => {
    const node = nodeBindings(c, base);
    if (!node) return oauthError(503, 'temporarily_unavailable', 'the authorization server needs the Node HTTP server');
    void oidc(node.incoming, node.outgoing);
    return RESPONSE_ALREADY_SENT;
  };

  const limited = (limiter: RateLimiter | undefined, what: string): MiddlewareHandler =>
    async function oauthRateLimit(c, next) {
      if (!limiter) return next();
      const decision = await limiter.take(clientKey(c), options.clock().getTime());
      if (!decision.allowed) {
        const headers = rateLimitHeaders(decision, Math.round(limiter.windowMs / 1000));
        const origin = c.req.header('origin');
        const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin } : {};
        return oauthError(429, 'temporarily_unavailable', `Too many ${what} requests: at most ${decision.limit} per minute. Retry after ${decision.resetSeconds} seconds.`, { ...headers, ...cors });
      }
      await next();
      return undefined;
    };

  /**
   * The authorization endpoint is a browser page: past its limit the player gets a page saying when to try again.
   * Not an error redirect: that would need the client and its redirect URI looked up first, the work the limit saves.
   */
  const limitedPage = (limiter: RateLimiter | undefined): MiddlewareHandler =>
    async function authorizeRateLimit(c, next) {
      if (!limiter) return next();
      const decision = await limiter.take(clientKey(c), options.clock().getTime());
      if (!decision.allowed) {
        const text = `Too many sign-in requests from this address: at most ${decision.limit} a minute. Wait ${decision.resetSeconds} seconds, then connect again from the app.`;
        return new Response(problemPage('Too many sign-in requests', text), { status: 429, headers: { ...PAGE_HEADERS, ...rateLimitHeaders(decision, Math.round(limiter.windowMs / 1000)) } });
      }
      await next();
      return undefined;
    };

  // --- Discovery -------------------------------------------------------------------------------------------------
  const protectedResource = {
    resource: options.resource,
    resource_name: 'Kingshot Companion account endpoint',
    authorization_servers: [baseUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: [...SCOPES],
    resource_documentation: `${baseUrl}/developers`,
  };
  const prmHeaders = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=3600' };
  for (const path of ['/.well-known/oauth-protected-resource', new URL(resourceMetadataUrl(options.resource)).pathname]) {
    app.get(path, (c) => c.json(protectedResource, 200, prmHeaders));
    app.options(path, (c) => c.body(null, 204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '600' }));
  }
  app.get('/.well-known/oauth-authorization-server', handOff);
  app.get('/.well-known/openid-configuration', handOff);
  app.options('/.well-known/oauth-authorization-server', handOff);
  app.options('/.well-known/openid-configuration', handOff);

  // --- Provider endpoints and their shims --------------------------------------------------------------------------
  app.get(AUTH_PATHS.authorization, limitedPage(limits.authorize), (c) => {
    const node = nodeBindings(c, base);
    const adjusted = adjustAuthorizationQuery(new URL(c.req.url).searchParams);
    if (node && adjusted) node.incoming.url = `${AUTH_PATHS.authorization}?${adjusted.toString()}`;
    return handOff(c);
  });

  app.options(AUTH_PATHS.registration, (c) =>
    c.body(null, 204, {
      'Access-Control-Allow-Origin': c.req.header('origin') ?? '*',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Authorization, Accept, MCP-Protocol-Version',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    }),
  );
  app.post(AUTH_PATHS.registration, limited(limits.registration, 'registration'), async (c) => {
    const node = nodeBindings(c, base);
    const origin = c.req.header('origin');
    const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    const body = await readText(c.req.raw, node?.incoming, REGISTRATION_BODY_LIMIT);
    const text = body.ok ? body.text : undefined;
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined) return oauthError(400, 'invalid_client_metadata', 'the body must be a JSON object of client metadata (RFC 7591), at most 64 KiB', cors);
    const checked = prepareRegistration(parsed);
    if (!checked.ok) return oauthError(400, checked.error, checked.description, cors);
    if (!node) return oauthError(503, 'temporarily_unavailable', 'the authorization server needs the Node HTTP server', cors);
    // The stream is consumed; oidc-provider then reads the parsed metadata from req.body.
    node.incoming.body = checked.metadata;
    for (const [name, value] of Object.entries(cors)) node.outgoing.setHeader(name, value);
    return handOff(c);
  });

  app.post(AUTH_PATHS.token, limited(limits.token, 'token'), handOff);
  app.all('/api/auth/mcp/*', handOff);

  // --- Sign-in and consent -----------------------------------------------------------------------------------------
  const csrfKey = keys.cookies[0]!;

  async function details(c: Context) {
    const node = nodeBindings(c, base);
    if (!node) return undefined;
    try {
      const interaction = await provider.interactionDetails(node.incoming, node.outgoing);
      return interaction.uid === c.req.param('uid') ? { interaction, node } : undefined;
    } catch (error) {
      // An unreachable store is not an expired sign-in: the app's error handler answers 503.
      if (isStoreUnavailable(error)) throw error;
      return undefined;
    }
  }

  const expired = () => page(problemPage('This sign-in has expired', 'The sign-in link is no longer valid (it lasts 10 minutes and works only in the browser that opened it). Go back to the app and connect again.'), 400);

  async function clientView(clientId: unknown, redirectUri: unknown): Promise<ClientView> {
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    const name = client?.clientName;
    return { name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : undefined, clientId: String(clientId ?? ''), redirectHost: redirectHost(redirectUri) };
  }

  /** Form POSTs must come from our own pages: same Origin when the browser says, and the CSRF token always. */
  const formGuard: MiddlewareHandler = async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== base.origin) return page(problemPage('Request refused', 'This form can only be sent from the Kingshot Companion sign-in page.'), 403);
    if (c.req.header('sec-fetch-site') === 'cross-site') return page(problemPage('Request refused', 'This form can only be sent from the Kingshot Companion sign-in page.'), 403);
    const form = await c.req.parseBody();
    if (!csrfValid(keys.cookies, c.req.param('uid') ?? '', form.csrf)) return page(problemPage('Request refused', 'The form is missing its security token or it does not match. Reload the sign-in page and try again.'), 403);
    c.set('form' as never, form as never);
    await next();
    return undefined;
  };
  const formBodyLimit = bodyLimit({ maxSize: FORM_BODY_LIMIT, onError: () => page(problemPage('Request refused', 'The form is too large.'), 413) });

  app.get('/interaction/:uid', async (c) => {
    const found = await details(c);
    if (!found) return expired();
    const { interaction } = found;
    const client = await clientView(interaction.params.client_id, interaction.params.redirect_uri);
    const csrf = csrfToken(csrfKey, interaction.uid);
    const headers = formPageHeaders(interaction.params.redirect_uri);
    if (interaction.prompt.name === 'login') return page(loginPage({ uid: interaction.uid, csrf, client }), 200, headers);
    const user = interaction.session?.accountId ? await store.users.findById(interaction.session.accountId) : undefined;
    if (!user) return expired();
    const scopes = String(interaction.params.scope ?? '').split(' ').filter(Boolean);
    return page(consentPage({ uid: interaction.uid, csrf, client, email: user.email, scopes }), 200, headers);
  });

  app.post('/interaction/:uid/login', formBodyLimit, formGuard, async (c) => {
    const found = await details(c);
    if (!found || found.interaction.prompt.name !== 'login') return expired();
    const { interaction, node } = found;
    const form = c.get('form' as never) as Record<string, unknown>;
    if (form.decision === 'cancel') {
      const to = await provider.interactionResult(node.incoming, node.outgoing, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      return c.redirect(to, 303);
    }
    const email = typeof form.email === 'string' ? form.email.slice(0, 320) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, 1024) : '';
    const client = await clientView(interaction.params.client_id, interaction.params.redirect_uri);
    const csrf = csrfToken(csrfKey, interaction.uid);
    const again = (status: number, error: string, headers: Record<string, string> = {}) => page(loginPage({ uid: interaction.uid, csrf, client, email, error }), status, { ...formPageHeaders(interaction.params.redirect_uri), ...headers });
    const busy = () => again(503, 'Sign-in is busy right now. Wait a few seconds and try again.', { 'Retry-After': '2' });
    if (limits.signIn && !(await limits.signIn.take(clientKey(c), options.clock().getTime())).allowed) {
      return again(429, 'Too many sign-in attempts from this address. Wait a minute and try again.');
    }
    if (!email || !password) return again(401, 'The email or password is wrong.');
    // Throttled per email (or per known device) before any hashing; the same answers whether the account exists.
    const nowMs = options.clock().getTime();
    const normalised = normaliseEmail(email);
    const device = knownDevice(keys.cookies, getCookie(c, KNOWN_DEVICE_COOKIE), normalised, Math.floor(nowMs / 1000));
    const lane: HashLane = device ? 'known-device' : 'other';
    if (!signIn.hashes.hasRoom(lane)) return busy();
    const key = signInKey(normalised, device);
    const wait = await signInWait(signIn.failures, key, nowMs);
    if (wait > 0) return again(429, `Too many failed sign-ins with this email. Wait ${wait} second${wait === 1 ? '' : 's'} and try again.`, { 'Retry-After': String(wait) });
    let user: User | undefined;
    try {
      user = await signIn.hashes.run(lane, () => store.users.authenticate(email, password));
    } catch (error) {
      if (error instanceof HashGateBusy) return busy();
      throw error;
    }
    if (!user) return again(401, 'The email or password is wrong.');
    await signIn.failures.succeeded(key);
    setCookie(c, KNOWN_DEVICE_COOKIE, knownDeviceCookie(csrfKey, normalised, Math.floor(nowMs / 1000)), {
      path: '/interaction',
      httpOnly: true,
      sameSite: 'Lax',
      secure: base.protocol === 'https:',
      maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
    });
    const to = await provider.interactionResult(node.incoming, node.outgoing, { login: { accountId: user.id, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
    return c.redirect(to, 303);
  });

  app.post('/interaction/:uid/consent', formBodyLimit, formGuard, async (c) => {
    const found = await details(c);
    if (!found || found.interaction.prompt.name !== 'consent' || !found.interaction.session) return expired();
    const { interaction, node } = found;
    const accountId = interaction.session!.accountId;
    const form = c.get('form' as never) as Record<string, unknown>;
    if (form.decision !== 'approve') {
      const to = await provider.interactionResult(node.incoming, node.outgoing, { error: 'access_denied', error_description: 'The user denied access.' }, { mergeWithLastSubmission: false });
      return c.redirect(to, 303);
    }
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ?? new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const to = await provider.interactionResult(node.incoming, node.outgoing, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return c.redirect(to, 303);
  });

  return app;
}
