/**
 * Account care at /account/settings: change the password (asks the current one; ends the other sessions and every
 * app's grant, as the CLI's set-password does), change the email (confirmed by a link mailed to the new address),
 * the signed-in browsers and "sign out everywhere", the export of the player's data (the CLI's import format), and
 * deleting the account (asks the password again; one transaction removes everything of the player). Every form
 * carries the session's CSRF token.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { HashGateBusy } from '../auth/hash-gate.js';
import { emailProblem, normaliseEmail } from '../credentials.js';
import type { ServiceEnv, SiteSession } from '../http/service-env.js';
import type { SiteSessionRecord } from '../store/site-accounts.js';
import type { SiteAccountContext } from './context.js';
import { field, invalidLink, linkSecret, mailProblem, presentedLinkHash, text, type FieldErrors } from './forms.js';
import { accountPage, accountResponse, csrfField, escapeHtml, problemResponse } from './layout.js';
import { deletedMail, emailChangedNotice, emailChangeMail, passwordChangedMail } from './messages.js';
import { newPasswordProblem } from './password-strength.js';
import {
  endSession,
  formBodyLimit,
  requireCsrf,
  requireSignedIn,
  sameOriginForm,
  secretHash,
  sessionCookieName,
} from './session.js';
import { checkPassword, refusalMessage, signInPage } from './sign-in.js';

type Section = 'password' | 'email' | 'delete';

function when(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

function devices(sessions: SiteSessionRecord[], current: string): string {
  if (sessions.length === 0) return '<p>None.</p>';
  return `<ul>${sessions
    .map(
      (s) =>
        `<li>${escapeHtml(s.userAgent.slice(0, 80) || 'Unknown browser')}${s.idHash === current ? ' <strong>(this browser)</strong>' : ''}<br><small>signed in ${when(s.createdAt)}, last seen ${when(s.lastSeenAt)}</small></li>`,
    )
    .join('')}</ul>`;
}

export function settingsPage(
  session: SiteSession,
  sessions: SiteSessionRecord[],
  options: { errors?: Partial<Record<Section, FieldErrors>>; values?: { newEmail?: string }; notice?: string } = {},
): string {
  const errors = options.errors ?? {};
  return accountPage({
    title: 'Settings',
    session,
    current: '/account/settings',
    ...(options.notice ? { notice: options.notice } : {}),
    body: `<p>Signed in as <strong>${escapeHtml(session.name)}</strong> (${escapeHtml(session.email)}).</p>
<h2 id="password">Change password</h2>
<form class="account" method="post" action="/account/settings/password" novalidate>
${csrfField(session)}
${field({ name: 'current', label: 'Current password', type: 'password', autocomplete: 'current-password', maxlength: 256, errors: errors.password ?? {} })}
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', maxlength: 256, hint: '8 to 256 characters, not easy to guess. Your other browsers are signed out and your apps disconnected.', errors: errors.password ?? {} })}
<button type="submit">Change password</button>
</form>
<h2 id="email">Change email</h2>
<form class="account" method="post" action="/account/settings/email" novalidate>
${csrfField(session)}
${field({ name: 'email', label: 'New email', type: 'email', autocomplete: 'email', value: options.values?.newEmail ?? '', hint: 'We mail a link to the new address; the change is made when you open it.', errors: errors.email ?? {} })}
${field({ name: 'current', label: 'Password', type: 'password', autocomplete: 'current-password', maxlength: 256, errors: errors.email ?? {} })}
<button type="submit">Send the confirmation link</button>
</form>
<h2 id="devices">Signed-in browsers</h2>
${devices(sessions, secretHash(session.sessionId))}
<form class="account" method="post" action="/account/settings/sign-out-everywhere">
${csrfField(session)}
<button type="submit" class="secondary">Sign out everywhere</button>
</form>
<h2 id="export">Export your data</h2>
<p>Your profile, inventory and goals as one JSON file, in the format <code>npm run cli -- import</code> reads.</p>
<p><a href="/account/export">Download my data</a></p>
<h2 id="delete">Delete your account</h2>
<p>Deletes your account, everything saved with it and every app's access. This cannot be undone.</p>
<form class="account" method="post" action="/account/settings/delete" novalidate>
${csrfField(session)}
${field({ name: 'current', label: 'Password', type: 'password', autocomplete: 'current-password', maxlength: 256, errors: errors.delete ?? {} })}
<button type="submit" class="danger">Delete my account</button>
</form>`,
  });
}

export function settingsRoutes(ctx: SiteAccountContext): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  const { store } = ctx;
  const csrf = requireCsrf(ctx.session);

  const page = async (
    c: Context<ServiceEnv>,
    status: number,
    options: Parameters<typeof settingsPage>[2] = {},
  ): Promise<Response> => {
    const session = c.var.siteSession!;
    return accountResponse(settingsPage(session, await store.siteSessions.listOfUser(session.userId), options), status);
  };

  /** The password asked again: a refusal as the section's error, or undefined when it is right. */
  const recheck = async (session: SiteSession, password: string): Promise<FieldErrors | undefined> => {
    const checked = await checkPassword(ctx, session.email, password);
    return 'user' in checked ? undefined : { current: { message: refusalMessage(checked).replace('email or ', '') } };
  };

  app.get('/settings', requireSignedIn, (c) => page(c, 200));

  app.post('/settings/password', requireSignedIn, formBodyLimit, csrf, async (c) => {
    const session = c.var.siteSession!;
    const form = await c.req.parseBody();
    const wrong = await recheck(session, text(form, 'current'));
    if (wrong) {
      ctx.events.event('password_change', 'refused');
      return page(c, 400, { errors: { password: wrong } });
    }
    const password = text(form, 'password');
    const weak = newPasswordProblem(password, [session.email, session.name]);
    if (weak) return page(c, 400, { errors: { password: { password: weak } } });
    try {
      await ctx.signIn.hashes.run('other', () => store.users.setPassword(session.email, password));
    } catch (error) {
      if (error instanceof HashGateBusy)
        return page(c, 503, { errors: { password: { password: { message: 'Busy right now. Try again.' } } } });
      throw error;
    }
    await store.siteSessions.deleteOfUser(session.userId, secretHash(session.sessionId));
    await endGrants(session.userId, () => store.endSignIns(session.userId));
    await ctx.mail.send(
      'password_changed',
      passwordChangedMail({ to: session.email, name: session.name }),
      ctx.clientKey(c),
      ctx.clock().getTime(),
    );
    ctx.events.event('password_change', 'success');
    return page(c, 200, {
      notice: 'Your password is changed. Your other browsers were signed out and your apps disconnected.',
    });
  });

  app.post('/settings/email', requireSignedIn, formBodyLimit, csrf, async (c) => {
    const session = c.var.siteSession!;
    const form = await c.req.parseBody();
    const newEmail = text(form, 'email', 320).trim();
    if (emailProblem(newEmail))
      return page(c, 400, {
        errors: { email: { email: { message: 'Enter an email address, e.g. you@example.com.' } } },
        values: { newEmail },
      });
    if (normaliseEmail(newEmail) === session.email)
      return page(c, 400, {
        errors: { email: { email: { message: 'This is already your email.' } } },
        values: { newEmail },
      });
    const wrong = await recheck(session, text(form, 'current'));
    if (wrong) return page(c, 400, { errors: { email: wrong }, values: { newEmail } });
    // A taken address gets no link (using it would fail); the answer is the same, so it tells nothing.
    let outcome: Parameters<typeof mailProblem>[0] = 'sent';
    if (!(await store.users.findByEmail(newEmail))) {
      const link = linkSecret();
      await store.mailLinks.create({
        tokenHash: link.hash,
        purpose: 'change-email',
        userId: session.userId,
        newEmail,
        lifetimeSeconds: ctx.links.emailChangeSeconds,
      });
      outcome = await ctx.mail.send(
        'email_change',
        emailChangeMail({
          to: normaliseEmail(newEmail),
          name: session.name,
          link: `${ctx.session.baseUrl}/account/confirm-email?token=${link.secret}`,
          lifetimeSeconds: ctx.links.emailChangeSeconds,
        }),
        ctx.clientKey(c),
        ctx.clock().getTime(),
      );
    }
    return (
      mailProblem(outcome) ??
      page(c, 200, { notice: `We sent a link to ${normaliseEmail(newEmail)}. Your email changes when you open it.` })
    );
  });

  app.get('/confirm-email', async (c) => {
    const token = c.req.query('token') ?? '';
    const hash = presentedLinkHash(token);
    if (!hash || !(await store.mailLinks.usable(hash, 'change-email'))) return invalidLink('email confirmation');
    return accountResponse(
      accountPage({
        title: 'Confirm your new email',
        session: c.var.siteSession,
        body: `<form class="account" method="post" action="/account/confirm-email">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Use this email for my account</button>
</form>`,
      }),
    );
  });

  app.post('/confirm-email', formBodyLimit, async (c) => {
    if (!sameOriginForm(c, ctx.session.baseUrl))
      return problemResponse('Request refused', 'This form can only be sent from the Kingshot Companion site.', 403);
    const hash = presentedLinkHash((await c.req.parseBody()).token);
    const changed = hash ? await store.mailLinks.changeEmail(hash) : undefined;
    if (!changed) {
      ctx.events.event('email_change', 'invalid_link');
      return invalidLink('email confirmation');
    }
    if (changed === 'taken') {
      ctx.events.event('email_change', 'refused');
      return problemResponse('Email not changed', 'This address has an account of its own now.', 409);
    }
    await ctx.mail.send(
      'email_change_notice',
      emailChangedNotice({ to: changed.previousEmail, name: changed.user.name, newEmail: changed.user.email }),
      ctx.clientKey(c),
      ctx.clock().getTime(),
    );
    ctx.events.event('email_change', 'success');
    return accountResponse(
      accountPage({
        title: 'Email changed',
        session: c.var.siteSession,
        notice: `Your account now signs in with ${changed.user.email}.`,
        body: '<p><a href="/account">Go to your account</a></p>',
      }),
    );
  });

  app.post('/settings/sign-out-everywhere', requireSignedIn, formBodyLimit, csrf, async (c) => {
    const session = c.var.siteSession!;
    await store.siteSessions.deleteOfUser(session.userId);
    await endSession(c, store, ctx.session);
    ctx.events.event('sign_out', 'everywhere');
    return accountResponse(signInPage({ next: '/account', notice: 'You are signed out on every browser.' }));
  });

  app.get('/export', requireSignedIn, async (c) => {
    const session = c.var.siteSession!;
    const data = await store.players.export(session.userId);
    ctx.events.event('export', 'success');
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': 'attachment; filename="kingshot-account.json"',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  /**
   * Runs `end` (which deletes the player's grants) and forgets those grants on this instance, so their access tokens
   * get 401 here at once; other instances refuse them within LIVE_GRANT_CACHE_MS.
   */
  async function endGrants<T>(userId: string, end: () => Promise<T>): Promise<T> {
    const apps = await store.grants.appsOf(userId);
    const ended = await end();
    for (const app of apps) ctx.liveGrants.forget(app.grantId);
    return ended;
  }

  app.post('/settings/delete', requireSignedIn, formBodyLimit, csrf, async (c) => {
    const session = c.var.siteSession!;
    const wrong = await recheck(session, text(await c.req.parseBody(), 'current'));
    if (wrong) {
      ctx.events.event('deletion', 'refused');
      return page(c, 400, { errors: { delete: wrong } });
    }
    const deleted = await endGrants(session.userId, () => store.deleteAccount(session.userId));
    deleteCookie(c, sessionCookieName(ctx.session.baseUrl), {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: ctx.session.baseUrl.startsWith('https:'),
    });
    if (deleted)
      await ctx.mail.send(
        'account_deleted',
        deletedMail({ to: deleted.email, name: deleted.name }),
        ctx.clientKey(c),
        ctx.clock().getTime(),
      );
    ctx.events.event('deletion', 'success');
    const html = accountPage({
      title: 'Account deleted',
      session: undefined,
      body: '<p>Your account and everything saved with it are deleted, and every app connected to it is cut off.</p><p><a href="/">Back to the site</a></p>',
    });
    return accountResponse(html);
  });

  return app;
}
