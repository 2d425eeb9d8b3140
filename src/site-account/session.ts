/**
 * Sessions on the website: a random id of 256 bits in an HttpOnly, SameSite=Lax cookie (Secure and `__Host-` under
 * an https BASE_URL), only its SHA-256 in the store, so a session works on every instance behind the balancer. A new
 * id is made at every sign-in (a cookie planted before it is never adopted), sessions end after an idle time and an
 * absolute time, and every form of a session carries a CSRF token, an HMAC of its id under the server's cookie key
 * (Origin is checked too when the browser sends it).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ServiceEnv, SiteSession } from '../http/service-env.js';
import type { Store } from '../store/store.js';
import { problemResponse } from './layout.js';

export type { SiteSession };

export interface SessionSettings {
  /** The public base URL: https makes the cookie Secure and `__Host-`. */
  baseUrl: string;
  /** The server's cookie keys (newest first): the CSRF tokens are HMACs under them. */
  cookieKeys: readonly string[];
  /** A session unused this long ends. */
  idleSeconds: number;
  /** A session ends this long after sign-in, however much it is used. */
  maxSeconds: number;
}

/** Last seen is written at most this often per session (not on every page view). */
const TOUCH_EVERY_SECONDS = 60;

export function sessionCookieName(baseUrl: string): string {
  return baseUrl.startsWith('https:') ? '__Host-ks_site' : 'ks_site';
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a session id or a link secret. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function siteCsrfToken(key: string, sessionId: string): string {
  return createHmac('sha256', key).update(`site-csrf:${sessionId}`).digest('base64url');
}

export function siteCsrfValid(keys: readonly string[], sessionId: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 100) return false;
  const given = Buffer.from(presented);
  return keys.some((key) => {
    const expected = Buffer.from(siteCsrfToken(key, sessionId));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

function cookieOptions(settings: SessionSettings) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: settings.baseUrl.startsWith('https:'),
  };
}

/** Starts a new session for the user (a new id, whatever cookie came in) and sets its cookie. */
export async function startSession(
  c: Context<ServiceEnv>,
  store: Store,
  settings: SessionSettings,
  user: { id: string; email: string; name: string },
): Promise<SiteSession> {
  const previous = getCookie(c, sessionCookieName(settings.baseUrl));
  if (previous) await store.siteSessions.delete(secretHash(previous));
  const sessionId = newSessionId();
  await store.siteSessions.create({
    idHash: secretHash(sessionId),
    userId: user.id,
    userAgent: c.req.header('user-agent') ?? '',
    idleSeconds: settings.idleSeconds,
    maxSeconds: settings.maxSeconds,
  });
  setCookie(c, sessionCookieName(settings.baseUrl), sessionId, {
    ...cookieOptions(settings),
    maxAge: settings.maxSeconds,
  });
  const session: SiteSession = {
    sessionId,
    userId: user.id,
    email: user.email,
    name: user.name,
    csrfToken: siteCsrfToken(settings.cookieKeys[0]!, sessionId),
  };
  c.set('siteSession', session);
  return session;
}

/** Ends this browser's session (in the store and the cookie). */
export async function endSession(c: Context<ServiceEnv>, store: Store, settings: SessionSettings): Promise<void> {
  const id = getCookie(c, sessionCookieName(settings.baseUrl));
  if (id) await store.siteSessions.delete(secretHash(id));
  deleteCookie(c, sessionCookieName(settings.baseUrl), cookieOptions(settings));
  c.set('siteSession', undefined);
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Reads the session cookie and sets `c.var.siteSession` when it names a live session; never refuses a request. */
export function siteSessionMiddleware(store: Store, settings: SessionSettings): MiddlewareHandler<ServiceEnv> {
  const name = sessionCookieName(settings.baseUrl);
  return async function siteSession(c, next) {
    const sessionId = getCookie(c, name);
    if (sessionId && SESSION_ID.test(sessionId)) {
      const idHash = secretHash(sessionId);
      const found = await store.siteSessions.find(idHash);
      if (found) {
        c.set('siteSession', {
          sessionId,
          userId: found.user.id,
          email: found.user.email,
          name: found.user.name,
          csrfToken: siteCsrfToken(settings.cookieKeys[0]!, sessionId),
        });
        if (store.nowSeconds() - found.session.lastSeenAt >= TOUCH_EVERY_SECONDS)
          await store.siteSessions.touch(idHash, settings.idleSeconds);
      }
    }
    await next();
  };
}

/** Pages for signed-in players: anyone else is sent to sign in, and comes back here afterwards. */
export const requireSignedIn: MiddlewareHandler<ServiceEnv> = async (c, next) => {
  if (!c.var.siteSession) {
    const url = new URL(c.req.url);
    return c.redirect(`/account/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  await next();
  return undefined;
};

/** Form bodies are small; a larger one is refused before it is read. */
export const FORM_BODY_LIMIT = 64 * 1024;

export const formBodyLimit: MiddlewareHandler<ServiceEnv> = bodyLimit({
  maxSize: FORM_BODY_LIMIT,
  onError: () => problemResponse('Request refused', 'The form is too large.', 413),
});

/** Whether a form POST may come from this browser: its Origin (when sent) is ours, and it is not cross-site. */
export function sameOriginForm(c: Context<ServiceEnv>, baseUrl: string): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(baseUrl).origin) return false;
  return c.req.header('sec-fetch-site') !== 'cross-site';
}

/**
 * Every form that changes something: the session's CSRF token in the form field `csrf`, and our Origin when the
 * browser names one. Otherwise 403 and nothing changes. Runs after `requireSignedIn`; the parsed form is left for
 * the handler (`c.req.parseBody()` caches it).
 */
export function requireCsrf(settings: Pick<SessionSettings, 'baseUrl' | 'cookieKeys'>): MiddlewareHandler<ServiceEnv> {
  return async function csrf(c, next) {
    const session = c.var.siteSession;
    const refused = () =>
      problemResponse(
        'Request refused',
        'The form is missing its security token, or the token belongs to another session. Reload the page and try again.',
        403,
      );
    if (!session || !sameOriginForm(c, settings.baseUrl)) return refused();
    const form = await c.req.parseBody();
    if (!siteCsrfValid(settings.cookieKeys, session.sessionId, form.csrf)) return refused();
    await next();
    return undefined;
  };
}
