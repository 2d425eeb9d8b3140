/**
 * Forgotten passwords: a mailed link (single use, stored hashed, RESET_LINK_SECONDS, one hour by default). The answer
 * never says whether the email has an account: either way one mail goes out (the reset link, or a note that this
 * address has no account) and the same page is shown. Opening the link shows the new-password form; sending it sets
 * the password, uses the link and every other reset link of the account, and ends every site session and every
 * app's grant, in one transaction.
 */
import { Hono } from 'hono';
import { HashGateBusy } from '../auth/hash-gate.js';
import { emailProblem, normaliseEmail } from '../credentials.js';
import type { ServiceEnv } from '../http/service-env.js';
import type { SiteAccountContext } from './context.js';
import { field, invalidLink, linkSecret, mailProblem, presentedLinkHash, text, type FieldErrors } from './forms.js';
import { accountPage, accountResponse, escapeHtml, problemResponse } from './layout.js';
import type { OutgoingMail } from './mail.js';
import { resetMail } from './messages.js';
import { newPasswordProblem } from './password-strength.js';
import { formBodyLimit, sameOriginForm } from './session.js';
import { signInPage } from './sign-in.js';

function forgotPage(email = '', errors: FieldErrors = {}): string {
  return accountPage({
    title: 'Forgot your password?',
    session: undefined,
    body: `<p>Enter your account's email. We mail you a link to choose a new password.</p>
<form class="account" method="post" action="/account/forgot-password" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: email, errors })}
<button type="submit">Mail me a link</button>
</form>`,
  });
}

function resetPage(token: string, errors: FieldErrors = {}): string {
  return accountPage({
    title: 'Choose a new password',
    session: undefined,
    body: `<form class="account" method="post" action="/account/reset-password" novalidate>
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', maxlength: 256, hint: '8 to 256 characters, not easy to guess.', errors })}
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Set the new password</button>
</form>
<p>This signs you out everywhere and disconnects your apps; connect them again afterwards.</p>`,
  });
}

function noAccountMail(to: string, signUp: string): OutgoingMail {
  const text = `Hello,\n\nSomeone (perhaps you) asked to reset the Kingshot Companion password of this address, but it has no account. Nothing was changed.\n\nTo create one: ${signUp}\n\nIf it was not you, you can ignore this mail.\n\n— Kingshot Companion`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem">${text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('\n')}</body></html>`;
  return { to, subject: 'Password reset for Kingshot Companion', text, html };
}

export function passwordResetRoutes(ctx: SiteAccountContext): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  const { store } = ctx;
  const refused = () =>
    problemResponse('Request refused', 'This form can only be sent from the Kingshot Companion site.', 403);

  app.get('/forgot-password', () => accountResponse(forgotPage()));

  app.post('/forgot-password', formBodyLimit, async (c) => {
    if (!sameOriginForm(c, ctx.session.baseUrl)) return refused();
    const email = text(await c.req.parseBody(), 'email', 320).trim();
    if (emailProblem(email))
      return accountResponse(
        forgotPage(email, { email: { message: 'Enter an email address, e.g. you@example.com.' } }),
        400,
      );
    const user = await store.users.findByEmail(email);
    const nowMs = ctx.clock().getTime();
    if (await ctx.mail.senderSpent(ctx.clientKey(c), ctx.clock().getTime())) {
      ctx.events.event('password_reset_request', 'throttled');
      return mailProblem('sender_limited')!;
    }
    let outcome;
    if (user) {
      const link = linkSecret();
      await store.mailLinks.create({
        tokenHash: link.hash,
        purpose: 'reset-password',
        userId: user.id,
        lifetimeSeconds: ctx.links.resetSeconds,
      });
      outcome = await ctx.mail.send(
        'password_reset',
        resetMail({
          to: user.email,
          name: user.name,
          link: `${ctx.session.baseUrl}/account/reset-password?token=${link.secret}`,
          lifetimeSeconds: ctx.links.resetSeconds,
        }),
        ctx.clientKey(c),
        nowMs,
      );
    } else {
      outcome = await ctx.mail.send(
        'password_reset',
        noAccountMail(normaliseEmail(email), `${ctx.session.baseUrl}/account/sign-up`),
        ctx.clientKey(c),
        nowMs,
      );
    }
    const problem = mailProblem(outcome);
    ctx.events.event(
      'password_reset_request',
      problem ? (outcome === 'failed' ? 'mail_failed' : 'throttled') : 'success',
    );
    return (
      problem ??
      accountResponse(
        accountPage({
          title: 'Check your inbox',
          session: undefined,
          body: `<p>We sent a mail to the address you gave. If it has an account, the mail holds a link to choose a new password (it works once, for a limited time).</p>`,
        }),
      )
    );
  });

  app.get('/reset-password', async (c) => {
    const token = c.req.query('token') ?? '';
    const hash = presentedLinkHash(token);
    if (!hash || !(await store.mailLinks.usable(hash, 'reset-password'))) return invalidLink('password reset');
    return accountResponse(resetPage(token));
  });

  app.post('/reset-password', formBodyLimit, async (c) => {
    if (!sameOriginForm(c, ctx.session.baseUrl)) return refused();
    const form = await c.req.parseBody();
    const token = text(form, 'token', 100);
    const password = text(form, 'password');
    const hash = presentedLinkHash(token);
    if (!hash || !(await store.mailLinks.usable(hash, 'reset-password'))) {
      ctx.events.event('password_reset', 'invalid_link');
      return invalidLink('password reset');
    }
    const weak = newPasswordProblem(password);
    if (weak) return accountResponse(resetPage(token, { password: weak }), 400);
    let passwordHash: string;
    try {
      passwordHash = await ctx.signIn.hashes.run('other', () => store.users.hashPassword(password));
    } catch (error) {
      if (error instanceof HashGateBusy)
        return accountResponse(
          resetPage(token, { password: { message: 'Busy right now. Wait a few seconds and send it again.' } }),
          503,
        );
      throw error;
    }
    const user = await store.mailLinks.resetPassword(hash, passwordHash);
    if (!user) {
      ctx.events.event('password_reset', 'invalid_link');
      return invalidLink('password reset');
    }
    ctx.events.event('password_reset', 'success');
    return accountResponse(
      signInPage({ next: '/account', email: user.email, notice: 'Your password is changed. Sign in with it.' }),
    );
  });

  return app;
}
