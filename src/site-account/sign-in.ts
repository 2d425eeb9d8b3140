/**
 * Signing in and out on the website: the same accounts, the same per-account backoff (sign-in-throttle.ts) and the
 * same bounded password-hash pool (hash-gate.ts) as the OAuth sign-in page, so a flood through either form meets the
 * same limits. A successful sign-in starts a new session (new id, whatever cookie came in) and goes back to the
 * account page the player came from (`next`, only ever a path under /account).
 */
import { Hono } from 'hono';
import { HashGateBusy, type HashLane } from '../auth/hash-gate.js';
import { signInKey, signInWait } from '../auth/sign-in-throttle.js';
import type { ServiceEnv } from '../http/service-env.js';
import { normaliseEmail, type User } from '../store/users.js';
import type { SiteAccountContext } from './context.js';
import { accountPage, accountResponse, escapeHtml, problemResponse } from './layout.js';
import { endSession, formBodyLimit, requireCsrf, sameOriginForm, startSession } from './session.js';

/** Where to go after signing in: a path under /account from this site, or the overview. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 500) return '/account';
  if (!/^\/account(?:[/?#]|$)/.test(next) || next.includes('\\') || next.startsWith('//')) return '/account';
  return next;
}

export function signInPage(options: { next: string; email?: string; error?: string; notice?: string }): string {
  const error = options.error ? `<p class="problem" role="alert">${escapeHtml(options.error)}</p>` : '';
  return accountPage({
    title: 'Sign in',
    session: undefined,
    current: '/account/sign-in',
    ...(options.notice ? { notice: options.notice } : {}),
    body: `${error}<form class="account" method="post" action="/account/sign-in">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256">
<input type="hidden" name="next" value="${escapeHtml(options.next)}">
<button type="submit">Sign in</button>
</form>
<p><a href="/account/forgot-password">Forgot your password?</a> · <a href="/account/sign-up">Create an account</a></p>`,
  });
}

export type CheckedPassword = { user: User } | { refused: 'wrong' | 'busy' } | { refused: 'throttled'; wait: number };

/**
 * Checks an email and password as the OAuth sign-in does: throttled per email before any hashing, bounded by the
 * hash pool, and counted as a failure until it succeeds. Used by the sign-in form and by every form that asks for
 * the password again (change password, change email, delete).
 */
export async function checkPassword(
  ctx: SiteAccountContext,
  email: string,
  password: string,
  lane: HashLane = 'other',
): Promise<CheckedPassword> {
  const { signIn } = ctx;
  if (!signIn.hashes.hasRoom(lane)) return { refused: 'busy' };
  const nowMs = ctx.clock().getTime();
  const key = signInKey(normaliseEmail(email), undefined);
  const wait = await signInWait(signIn.failures, key, nowMs);
  if (wait > 0) return { refused: 'throttled', wait };
  let user: User | undefined;
  try {
    user = await signIn.hashes.run(lane, () => ctx.store.users.authenticate(email, password));
  } catch (error) {
    if (error instanceof HashGateBusy) {
      await signIn.failures.withdraw(key);
      return { refused: 'busy' };
    }
    throw error;
  }
  if (!user) return { refused: 'wrong' };
  await signIn.failures.succeeded(key);
  return { user };
}

/** The sentence a refused password check shows. */
export function refusalMessage(refused: Exclude<CheckedPassword, { user: User }>): string {
  if (refused.refused === 'busy') return 'Sign-in is busy right now. Wait a few seconds and try again.';
  if (refused.refused === 'throttled')
    return `Too many failed attempts with this email. Wait ${refused.wait} second${refused.wait === 1 ? '' : 's'} and try again.`;
  return 'The email or password is wrong.';
}

export function signInRoutes(ctx: SiteAccountContext): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();

  app.get('/sign-in', (c) => {
    if (c.var.siteSession) return c.redirect(safeNext(c.req.query('next')), 303);
    return accountResponse(signInPage({ next: safeNext(c.req.query('next')) }));
  });

  app.post('/sign-in', formBodyLimit, async (c) => {
    if (!sameOriginForm(c, ctx.session.baseUrl))
      return problemResponse('Request refused', 'This form can only be sent from the Kingshot Companion site.', 403);
    const form = await c.req.parseBody();
    const email = typeof form.email === 'string' ? form.email.slice(0, 320) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, 1024) : '';
    const next = safeNext(form.next);
    const again = (status: number, error: string, headers: Record<string, string> = {}) =>
      accountResponse(signInPage({ next, email, error }), status, headers);
    if (ctx.signInLimit && !(await ctx.signInLimit.take(ctx.clientKey(c), ctx.clock().getTime())).allowed) {
      ctx.events.event('sign_in', 'throttled');
      return again(429, 'Too many sign-in attempts from this address. Wait a minute and try again.');
    }
    if (!email || !password) return again(401, 'The email or password is wrong.');
    const checked = await checkPassword(ctx, email, password);
    if (!('user' in checked)) {
      ctx.events.event('sign_in', checked.refused === 'wrong' ? 'refused' : checked.refused);
      const status = checked.refused === 'wrong' ? 401 : checked.refused === 'busy' ? 503 : 429;
      const headers: Record<string, string> =
        checked.refused === 'throttled'
          ? { 'Retry-After': String(checked.wait) }
          : checked.refused === 'busy'
            ? { 'Retry-After': '2' }
            : {};
      return again(status, refusalMessage(checked), headers);
    }
    await startSession(c, ctx.store, ctx.session, checked.user);
    ctx.events.event('sign_in', 'success');
    return c.redirect(next, 303);
  });

  app.post('/sign-out', formBodyLimit, requireCsrf(ctx.session), async (c) => {
    await endSession(c, ctx.store, ctx.session);
    ctx.events.event('sign_out', 'success');
    return accountResponse(signInPage({ next: '/account', notice: 'You are signed out.' }));
  });

  return app;
}
