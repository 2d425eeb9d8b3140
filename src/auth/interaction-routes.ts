/**
 * The sign-in and consent pages of an authorization (oidc-provider's interactions): the page for the interaction's
 * prompt, and the two forms' answers. Password checks are throttled per email or known device and bounded in
 * number (sign-in-throttle.ts, hash-gate.ts); the forms must come from these pages (Origin and a CSRF token).
 */
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context, type Handler, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import type Provider from 'oidc-provider';
import type { Backoff } from '../http/backoff.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { ServiceEnv } from '../http/service-env.js';
import { isStoreUnavailable } from '../store/errors.js';
import type { ServerKeys } from '../store/keys.js';
import type { Store } from '../store/store.js';
import { normaliseEmail, type User } from '../store/users.js';
import { csrfToken, csrfValid } from './csrf.js';
import { HashGateBusy, type HashGate, type HashLane } from './hash-gate.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS, knownDevice, knownDeviceCookie } from './known-device.js';
import { consentPage, formPageHeaders, loginPage, PAGE_HEADERS, problemPage, type ClientView } from './pages.js';
import { nodeBindings } from './provider-handoff.js';
import { signInKey, signInWait } from './sign-in-throttle.js';
import { clientIdHost } from './client-id-host.js';

export interface SignInGuard {
  /** Failures per email (or known device), in the rate-limit store. */
  failures: Backoff;
  hashes: HashGate;
}

export interface InteractionRoutesOptions {
  base: URL;
  provider: Provider;
  store: Store;
  keys: ServerKeys;
  clock: () => Date;
  /** Sign-in attempts per client address; absent when the auth rate limit is off. */
  signInLimit?: RateLimiter;
  clientKey: (c: Context<ServiceEnv>) => string;
  /** Per-account sign-in throttling and the bound on concurrent password checks (always on). */
  signIn: SignInGuard;
}

const FORM_BODY_LIMIT = 16 * 1024;

function page(html: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(html, { status, headers: { ...PAGE_HEADERS, ...headers } });
}

function redirectHost(redirectUri: unknown): string {
  const url = typeof redirectUri === 'string' ? URL.parse(redirectUri) : null;
  if (!url) return 'the app';
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : `${url.protocol}//${url.host}`;
}

/** What the page and the two forms share: the interaction of a request, the pages they answer with, the form checks. */
interface InteractionSupport {
  csrfKey: string;
  details: (
    c: Context<ServiceEnv>,
  ) => Promise<{ interaction: Awaited<ReturnType<Provider['interactionDetails']>>; node: HttpBindings } | undefined>;
  expired: () => Response;
  clientView: (clientId: unknown, redirectUri: unknown) => Promise<ClientView>;
  checkedForm: (c: Context<ServiceEnv>) => Promise<Record<string, unknown> | Response>;
  formBodyLimit: MiddlewareHandler<ServiceEnv>;
}

function interactionSupport(options: InteractionRoutesOptions): InteractionSupport {
  const { base, provider, keys } = options;
  const csrfKey = keys.cookies[0]!;

  async function details(c: Context<ServiceEnv>) {
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

  const expired = () =>
    page(
      problemPage(
        'This sign-in has expired',
        'The sign-in link is no longer valid (it lasts 10 minutes and works only in the browser that opened it). Go back to the app and connect again.',
      ),
      400,
    );

  async function clientView(clientId: unknown, redirectUri: unknown): Promise<ClientView> {
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    const name = client?.clientName;
    return {
      name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : undefined,
      clientId: String(clientId ?? ''),
      metadataHost: typeof clientId === 'string' ? clientIdHost(clientId) : undefined,
      redirectHost: redirectHost(redirectUri),
    };
  }

  /**
   * Form POSTs must come from our own pages: same Origin when the browser says, and the CSRF token always. The
   * parsed form, or the page refusing it.
   */
  async function checkedForm(c: Context<ServiceEnv>): Promise<Record<string, unknown> | Response> {
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== base.origin)
      return page(
        problemPage('Request refused', 'This form can only be sent from the Kingshot Companion sign-in page.'),
        403,
      );
    if (c.req.header('sec-fetch-site') === 'cross-site')
      return page(
        problemPage('Request refused', 'This form can only be sent from the Kingshot Companion sign-in page.'),
        403,
      );
    const form = await c.req.parseBody();
    if (!csrfValid(keys.cookies, c.req.param('uid') ?? '', form.csrf))
      return page(
        problemPage(
          'Request refused',
          'The form is missing its security token or it does not match. Reload the sign-in page and try again.',
        ),
        403,
      );
    return form;
  }
  const formBodyLimit = bodyLimit({
    maxSize: FORM_BODY_LIMIT,
    onError: () => page(problemPage('Request refused', 'The form is too large.'), 413),
  });

  return { csrfKey, details, expired, clientView, checkedForm, formBodyLimit };
}

/** Ends the authorization with access_denied: the browser goes back to the client, which learns why. */
function abortInteraction(provider: Provider, node: HttpBindings, description: string): Promise<string> {
  return provider.interactionResult(
    node.incoming,
    node.outgoing,
    { error: 'access_denied', error_description: description },
    { mergeWithLastSubmission: false },
  );
}

/** GET: the page of the interaction's prompt, the sign-in form or the consent form. */
function interactionPage(options: InteractionRoutesOptions, support: InteractionSupport): Handler<ServiceEnv> {
  const { store } = options;
  const { csrfKey, details, expired, clientView } = support;
  return async (c) => {
    const found = await details(c);
    if (!found) return expired();
    const { interaction } = found;
    const client = await clientView(interaction.params.client_id, interaction.params.redirect_uri);
    const csrf = csrfToken(csrfKey, interaction.uid);
    const headers = formPageHeaders(interaction.params.redirect_uri);
    // A player signed in on the website (site-account/session.ts set c.var.siteSession) is signed in here too: the
    // login prompt ends with their account, and the next step asks only for consent.
    const siteSession = c.var.siteSession;
    if (interaction.prompt.name === 'login' && siteSession) {
      const to = await options.provider.interactionResult(
        found.node.incoming,
        found.node.outgoing,
        { login: { accountId: siteSession.userId, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
      return c.redirect(to, 303);
    }
    if (interaction.prompt.name === 'login')
      return page(loginPage({ uid: interaction.uid, csrf, client }), 200, headers);
    const user = interaction.session?.accountId ? await store.users.findById(interaction.session.accountId) : undefined;
    if (!user) return expired();
    const scopes = String(interaction.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    return page(consentPage({ uid: interaction.uid, csrf, client, email: user.email, scopes }), 200, headers);
  };
}

/** POST of the sign-in form: cancel, or an email and password, throttled and bounded before the password is checked. */
function signInForm(options: InteractionRoutesOptions, support: InteractionSupport): Handler<ServiceEnv> {
  const { base, provider, store, keys, clientKey, signIn } = options;
  const { csrfKey, details, expired, clientView, checkedForm } = support;
  return async (c) => {
    const form = await checkedForm(c);
    if (form instanceof Response) return form;
    const found = await details(c);
    if (!found || found.interaction.prompt.name !== 'login') return expired();
    const { interaction, node } = found;
    if (form.decision === 'cancel') {
      const to = await abortInteraction(provider, node, 'The user cancelled the sign-in.');
      return c.redirect(to, 303);
    }
    const email = typeof form.email === 'string' ? form.email.slice(0, 320) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, 1024) : '';
    const client = await clientView(interaction.params.client_id, interaction.params.redirect_uri);
    const csrf = csrfToken(csrfKey, interaction.uid);
    const again = (status: number, error: string, headers: Record<string, string> = {}) =>
      page(loginPage({ uid: interaction.uid, csrf, client, email, error }), status, {
        ...formPageHeaders(interaction.params.redirect_uri),
        ...headers,
      });
    const busy = () =>
      again(503, 'Sign-in is busy right now. Wait a few seconds and try again.', { 'Retry-After': '2' });
    if (options.signInLimit && !(await options.signInLimit.take(clientKey(c), options.clock().getTime())).allowed) {
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
    if (wait > 0)
      return again(
        429,
        `Too many failed sign-ins with this email. Wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
        { 'Retry-After': String(wait) },
      );
    let user: User | undefined;
    try {
      user = await signIn.hashes.run(lane, () => store.users.authenticate(email, password));
    } catch (error) {
      if (error instanceof HashGateBusy) {
        // The slots filled up after the throttle let this attempt on (its answer can take a Redis round trip): it
        // was never checked, so it is no failure, and a player told "busy" does not slow their own account down.
        await signIn.failures.withdraw(key);
        return busy();
      }
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
    const to = await provider.interactionResult(
      node.incoming,
      node.outgoing,
      { login: { accountId: user.id, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(to, 303);
  };
}

/** POST of the consent form: deny, or approve and grant what the client asked for. */
function consentForm(options: InteractionRoutesOptions, support: InteractionSupport): Handler<ServiceEnv> {
  const { provider } = options;
  const { details, expired, checkedForm } = support;
  return async (c) => {
    const form = await checkedForm(c);
    if (form instanceof Response) return form;
    const found = await details(c);
    if (!found || found.interaction.prompt.name !== 'consent' || !found.interaction.session) return expired();
    const { interaction, node } = found;
    const accountId = interaction.session!.accountId;
    if (form.decision !== 'approve') {
      const to = await abortInteraction(provider, node, 'The user denied access.');
      return c.redirect(to, 303);
    }
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const to = await provider.interactionResult(
      node.incoming,
      node.outgoing,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    return c.redirect(to, 303);
  };
}

export function interactionRoutes(options: InteractionRoutesOptions): Hono<ServiceEnv> {
  const support = interactionSupport(options);
  const app = new Hono<ServiceEnv>();
  app.get('/interaction/:uid', interactionPage(options, support));
  app.post('/interaction/:uid/login', support.formBodyLimit, signInForm(options, support));
  app.post('/interaction/:uid/consent', support.formBodyLimit, consentForm(options, support));
  return app;
}
