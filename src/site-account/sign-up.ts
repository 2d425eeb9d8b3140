/**
 * Signing up: the account exists only once the player opens the link mailed to them (single use, stored hashed,
 * SIGN_UP_LINK_SECONDS, 24 hours by default). Pending sign-ups are bounded per address and in all and swept when
 * they expire. The answer never says whether the email has an account: both paths check the form the same way, hash
 * the password once (through the same hash pool as sign-in), send one mail (the owner of a known address is told
 * that someone tried, with links to sign in and to reset) and show the same page. Opening the link shows a page
 * with a button: mail scanners fetch links, and a GET never creates the account.
 */
import { Hono, type Context } from 'hono';
import { HashGateBusy } from '../auth/hash-gate.js';
import { emailProblem, normaliseEmail } from '../credentials.js';
import type { ServiceEnv } from '../http/service-env.js';
import type { SiteAccountContext } from './context.js';
import { field, invalidLink, linkSecret, mailProblem, presentedLinkHash, text, type FieldErrors } from './forms.js';
import { accountPage, accountResponse, escapeHtml, problemResponse } from './layout.js';
import { existingAccountMail, signUpMail } from './messages.js';
import { newPasswordProblem } from './password-strength.js';
import { formBodyLimit, sameOriginForm } from './session.js';
import { signInPage } from './sign-in.js';

export const MAX_NAME_LENGTH = 100;

function signUpPage(values: { email?: string; name?: string }, errors: FieldErrors = {}): string {
  return accountPage({
    title: 'Create your account',
    session: undefined,
    current: '/account/sign-up',
    body: `<p>Keep your levels, inventory and goals, and let your assistant read them. We mail you a link to confirm your address; the account is created when you open it.</p>
<form class="account" method="post" action="/account/sign-up" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email ?? '', errors })}
${field({ name: 'name', label: 'Name', type: 'text', autocomplete: 'nickname', value: values.name ?? '', maxlength: MAX_NAME_LENGTH, hint: 'Shown on your pages and in our mails, e.g. your in-game name.', errors })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', maxlength: 256, hint: '8 to 256 characters, not easy to guess: a few unrelated words work well.', errors })}
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/account/sign-in">Sign in</a></p>`,
  });
}

function checkInboxPage(): string {
  return accountPage({
    title: 'Check your inbox',
    session: undefined,
    body: `<p>We sent a mail to the address you gave. Open the link in it to finish (it works for a limited time, once).</p>
<p>No mail after a few minutes? Look in your spam folder, or <a href="/account/sign-up">sign up again</a>.</p>`,
  });
}

/** The problems of a sign-up form, each for its field (the same whether or not the email has an account). */
export function signUpProblems(email: string, name: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  const emailWrong = emailProblem(email);
  if (emailWrong) errors.email = { message: 'Enter an email address, e.g. you@example.com.' };
  if (!name.trim()) errors.name = { message: 'Enter a name (it is shown on your pages).' };
  else if (name.trim().length > MAX_NAME_LENGTH)
    errors.name = { message: `A name may have at most ${MAX_NAME_LENGTH} characters.` };
  const weak = newPasswordProblem(password, [email, name]);
  if (weak) errors.password = weak;
  return errors;
}

export function signUpRoutes(ctx: SiteAccountContext): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  const { store } = ctx;

  app.get('/sign-up', (c) => {
    if (c.var.siteSession) return c.redirect('/account', 303);
    return accountResponse(signUpPage({}));
  });

  app.post('/sign-up', formBodyLimit, async (c) => {
    if (!sameOriginForm(c, ctx.session.baseUrl))
      return problemResponse('Request refused', 'This form can only be sent from the Kingshot Companion site.', 403);
    const form = await c.req.parseBody();
    const email = text(form, 'email', 320).trim();
    const name = text(form, 'name', 1000).trim();
    const password = text(form, 'password', 1024);
    const errors = signUpProblems(email, name, password);
    if (Object.keys(errors).length > 0) return accountResponse(signUpPage({ email, name }, errors), 400);
    if (await ctx.mail.senderSpent(ctx.clientKey(c), ctx.clock().getTime())) {
      ctx.events.event('sign_up', 'throttled');
      return mailProblem('sender_limited')!;
    }
    let passwordHash: string;
    try {
      // Hashed on both paths (known address or not), so the answer takes the same work.
      passwordHash = await ctx.signIn.hashes.run('other', () => store.users.hashPassword(password));
    } catch (error) {
      if (error instanceof HashGateBusy)
        return problemResponse('Busy', 'Sign-ups are busy right now. Wait a few seconds and try again.', 503, {
          headers: { 'Retry-After': '2' },
        });
      throw error;
    }
    const nowMs = ctx.clock().getTime();
    const sender = ctx.clientKey(c);
    const existing = await store.users.findByEmail(email);
    let outcome;
    if (existing) {
      outcome = await ctx.mail.send(
        'sign_up_existing',
        existingAccountMail({
          to: existing.email,
          name: existing.name,
          signIn: `${ctx.session.baseUrl}/account/sign-in`,
          reset: `${ctx.session.baseUrl}/account/forgot-password`,
        }),
        sender,
        nowMs,
      );
    } else {
      const link = linkSecret();
      const created = await store.signUps.createPending({
        email,
        name: name.slice(0, MAX_NAME_LENGTH),
        passwordHash,
        tokenHash: link.hash,
        lifetimeSeconds: ctx.links.signUpSeconds,
        bounds: ctx.signUpBounds,
      });
      if (created === 'store-full') {
        ctx.events.event('sign_up', 'bounded');
        return problemResponse(
          'Sign-ups are paused',
          'Too many sign-ups are waiting for their confirmation right now. Try again in an hour.',
          503,
          { headers: { 'Retry-After': '3600' } },
        );
      }
      // Past the bound for one address the earlier links still work; the answer is the same as for a new one.
      outcome =
        created === 'created'
          ? await ctx.mail.send(
              'sign_up',
              signUpMail({
                to: normaliseEmail(email),
                name,
                link: `${ctx.session.baseUrl}/account/verify?token=${link.secret}`,
                lifetimeSeconds: ctx.links.signUpSeconds,
              }),
              sender,
              nowMs,
            )
          : 'recipient_limited';
    }
    const problem = mailProblem(outcome);
    ctx.events.event('sign_up', problem ? (outcome === 'failed' ? 'mail_failed' : 'throttled') : 'success');
    return problem ?? accountResponse(checkInboxPage());
  });

  const confirmPage = (c: Context<ServiceEnv>, token: string) =>
    accountResponse(
      accountPage({
        title: 'Confirm your account',
        session: c.var.siteSession,
        body: `<p>One more step: press the button to create your account.</p>
<form class="account" method="post" action="/account/verify">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Create my account</button>
</form>`,
      }),
    );

  app.get('/verify', async (c) => {
    const token = c.req.query('token') ?? '';
    const hash = presentedLinkHash(token);
    if (!hash || !(await store.mailLinks.usable(hash, 'verify-sign-up'))) return invalidLink('confirmation');
    return confirmPage(c, token);
  });

  app.post('/verify', formBodyLimit, async (c) => {
    if (!sameOriginForm(c, ctx.session.baseUrl))
      return problemResponse('Request refused', 'This form can only be sent from the Kingshot Companion site.', 403);
    const hash = presentedLinkHash((await c.req.parseBody()).token);
    const completed = hash ? await store.signUps.complete(hash) : undefined;
    if (!completed) {
      ctx.events.event('verification', 'invalid_link');
      return invalidLink('confirmation');
    }
    ctx.events.event('verification', completed.outcome === 'created' ? 'success' : 'refused');
    const email = completed.outcome === 'created' ? completed.user.email : completed.email;
    return accountResponse(
      signInPage({
        next: '/account',
        email,
        notice:
          completed.outcome === 'created'
            ? 'Your account is ready. Sign in to start.'
            : 'This email already has an account. Sign in, or reset the password if you forgot it.',
      }),
    );
  });

  return app;
}
