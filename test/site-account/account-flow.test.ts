/**
 * The account pages end to end on both stores, in process, with a real SMTP server reading every mail: sign-up by
 * the mailed link (once, within its lifetime), the "someone tried" mail for a known address, sign-in, password reset
 * and change, email change, export, an SMTP outage, and deleting the account until no row of the player is left.
 */
import { expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { describeEachStore } from '../support/stores.js';
import { linkIn } from '../support/smtp.js';
import { signedInPlayer } from '../support/site-account.js';
import { BASE } from '../helpers.js';
import { accountSite, cookieOf, form, page, pathOf, rowsOfPlayer } from './support.js';

const PASSWORD = 'violet tractor sunrise 8';

describeEachStore('account pages', (kind) => {
  it('sign-up creates the account only through the mailed link, once; the name is escaped everywhere', async () => {
    const site = await accountSite(kind);
    const { app, smtp, services } = site;
    const name = '<script>alert(1)</script> & Co';
    const signUp = await form(app, '/account/sign-up', { email: 'New@Example.com', name, password: PASSWORD });
    expect(signUp.status).toBe(200);
    expect(signUp.body).toContain('<h1>Check your inbox</h1>');
    expect(await services.store.users.findByEmail('new@example.com')).toBeUndefined();
    expect(await services.store.signUps.count()).toBe(1);
    const [mail] = smtp.to('new@example.com');
    expect(mail!.subject).toBe('Confirm your Kingshot Companion account');
    expect(mail!.text).toContain(`Hello ${name},`);
    expect(mail!.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co,');
    expect(mail!.html).not.toContain('<script>');
    const link = linkIn(mail!, `${BASE}/account/verify?token=`);
    // Opening the link (a mail scanner does) shows a button and creates nothing.
    const opened = await page(app, pathOf(link));
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('<button type="submit">Create my account</button>');
    expect(await services.store.users.count()).toBe(1); // the demo player only
    const token = new URL(link).searchParams.get('token')!;
    const confirmed = await form(app, '/account/verify', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain('Your account is ready. Sign in to start.');
    const user = await services.store.users.findByEmail('new@example.com');
    expect(user?.name).toBe(name);
    expect(await services.store.signUps.count()).toBe(0);
    // Used twice: refused, nothing changes.
    const again = await form(app, '/account/verify', { token });
    expect(again.status).toBe(400);
    expect(again.body).toContain('This link no longer works');
    expect((await page(app, pathOf(link))).status).toBe(400);
    const signedIn = await form(app, '/account/sign-in', { email: 'new@example.com', password: PASSWORD });
    expect(signedIn.status).toBe(303);
    const overview = await page(app, '/account/settings', cookieOf(signedIn.headers));
    expect(overview.status).toBe(200);
    expect(overview.body).toContain('<strong>&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</strong>');
    expect(overview.body).not.toContain('<script>alert(1)');
  });

  it('a sign-up link used after its 24 hours is refused, and the sweep removes the pending sign-up', async () => {
    const site = await accountSite(kind);
    await form(site.app, '/account/sign-up', { email: 'late@example.com', name: 'Late', password: PASSWORD });
    const token = new URL(linkIn(site.smtp.to('late@example.com')[0]!, BASE)).searchParams.get('token')!;
    site.advance(24 * 3600);
    expect((await form(site.app, '/account/verify', { token })).status).toBe(400);
    expect(await site.services.store.users.findByEmail('late@example.com')).toBeUndefined();
    expect(await site.services.store.deleteExpired()).toBe(2); // the pending sign-up and its link
    expect(await site.services.store.signUps.count()).toBe(0);
    expect(await site.services.store.mailLinks.count()).toBe(0);
  });

  it('a known address gets the same answer, and its owner a mail saying someone tried', async () => {
    const site = await accountSite(kind);
    const known = await form(site.app, '/account/sign-up', {
      email: 'demo@kingshot.example',
      name: 'Mallory',
      password: PASSWORD,
    });
    const unknown = await form(site.app, '/account/sign-up', {
      email: 'fresh@example.com',
      name: 'Mallory',
      password: PASSWORD,
    });
    expect(known.status).toBe(200);
    expect(known.body).toBe(unknown.body);
    const [notice] = site.smtp.to('demo@kingshot.example');
    expect(notice!.subject).toBe('Someone tried to sign up with your email');
    expect(notice!.text).toContain(`${BASE}/account/sign-in`);
    expect(notice!.text).toContain(`${BASE}/account/forgot-password`);
    expect(await site.services.store.signUps.count()).toBe(1);
  });

  it('a weak or short password is refused beside its field with the estimator’s feedback; nothing is stored', async () => {
    const site = await accountSite(kind);
    const weak = await form(site.app, '/account/sign-up', { email: 'w@example.com', name: 'W', password: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body).toContain(
      '<p class="field-error" id="field-password-error">This password is too easy to guess. This is a commonly used password. Choose a longer one, e.g. a few unrelated words.</p>',
    );
    const short = await form(site.app, '/account/sign-up', { email: 'bad', name: '', password: 'short' });
    expect(short.body).toContain('Enter an email address, e.g. you@example.com.');
    expect(short.body).toContain('Enter a name (it is shown on your pages).');
    expect(short.body).toContain('A password needs at least 8 characters.');
    expect(await site.services.store.signUps.count()).toBe(0);
    expect(site.smtp.mails).toEqual([]);
  });

  it('an SMTP outage says "could not send, try again" and loses nothing; sends and failures are counted', async () => {
    const site = await accountSite(kind);
    site.smtp.failing = true;
    const failed = await form(site.app, '/account/sign-up', { email: 'o@example.com', name: 'O', password: PASSWORD });
    expect(failed.status).toBe(503);
    expect(failed.body).toContain('We could not send the mail just now. Nothing was lost: try again in a few minutes.');
    expect(await site.services.store.signUps.count()).toBe(1);
    site.smtp.failing = false;
    const retried = await form(site.app, '/account/sign-up', { email: 'o@example.com', name: 'O', password: PASSWORD });
    expect(retried.status).toBe(200);
    expect(site.smtp.to('o@example.com').length).toBe(1);
    const metrics = await site.metrics.render();
    expect(metrics).toContain('kingshot_mails_total{kind="sign_up",outcome="failed"} 1');
    expect(metrics).toContain('kingshot_mails_total{kind="sign_up",outcome="sent"} 1');
    expect(metrics).toContain('kingshot_account_events_total{event="sign_up",outcome="mail_failed"} 1');
    expect(metrics).not.toContain('example.com');
  });

  it('mails are limited per recipient (same answer, no mail) and per client address (429 before any work)', async () => {
    const site = await accountSite(kind, { config: { mailsPerRecipientPerHour: 1, mailsPerAddressPerHour: 3 } });
    const signUp = (email: string) => form(site.app, '/account/sign-up', { email, name: 'F', password: PASSWORD });
    const first = await signUp('flood@example.com');
    const second = await signUp('flood@example.com');
    expect(second).toEqual({ ...first, headers: second.headers });
    expect(site.smtp.to('flood@example.com').length).toBe(1);
    expect((await signUp('flood2@example.com')).status).toBe(200);
    const refused = await signUp('flood3@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Too many mails were asked for from your network in the last hour.');
    expect(await site.services.store.signUps.count()).toBe(3);
    expect(site.smtp.mails.length).toBe(2);
    site.advance(3600 + 60); // the hour, plus the one-minute bucket the window counts whole
    expect((await signUp('flood3@example.com')).status).toBe(200);
  });

  it('password reset: a mailed link, once, for one hour; it ends every session and grant', async () => {
    const site = await accountSite(kind);
    const { app, smtp, services } = site;
    const player = await signedInPlayer(services.store, services.keys, { email: 'r@example.com', name: 'R' });
    await services.store.db
      .insertInto('oidc_payloads')
      .values({
        id: 'grant-r',
        type: 'Grant',
        payload: JSON.stringify({ accountId: player.user.id, clientId: 'c1' }),
        grant_id: 'grant-r',
        uid: null,
        user_code: null,
        client_id: 'c1',
        expires_at: null,
        consumed_at: null,
      })
      .execute();
    const known = await form(app, '/account/forgot-password', { email: 'r@example.com' });
    const unknown = await form(app, '/account/forgot-password', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(smtp.to('nobody@example.com')[0]!.subject).toBe('Password reset for Kingshot Companion');
    const link = linkIn(smtp.to('r@example.com')[0]!, `${BASE}/account/reset-password?token=`);
    const token = new URL(link).searchParams.get('token')!;
    expect((await page(app, pathOf(link))).body).toContain('Choose a new password');
    const weak = await form(app, '/account/reset-password', { token, password: '12345678' });
    expect(weak.status).toBe(400);
    const done = await form(app, '/account/reset-password', { token, password: 'quiet orbit lantern 77' });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Your password is changed. Sign in with it.');
    expect(await services.store.siteSessions.listOfUser(player.user.id)).toEqual([]);
    expect((await rowsOfPlayer(services, player.user)).oidc_payloads).toBe(0);
    expect((await form(app, '/account/reset-password', { token, password: 'another fine phrase 9' })).status).toBe(400);
    expect(await services.store.users.authenticate('r@example.com', 'quiet orbit lantern 77')).toBeDefined();
    // A second link, used after its hour: refused.
    await form(app, '/account/forgot-password', { email: 'r@example.com' });
    const late = new URL(linkIn(smtp.to('r@example.com')[1]!, BASE)).searchParams.get('token')!;
    site.advance(3600);
    expect((await form(app, '/account/reset-password', { token: late, password: 'late night walrus 3' })).status).toBe(
      400,
    );
    expect(await services.store.users.authenticate('r@example.com', 'quiet orbit lantern 77')).toBeDefined();
  });

  it('change password asks the current one and ends the other sessions; change email is confirmed at the new address', async () => {
    const site = await accountSite(kind);
    const { app, smtp, services } = site;
    const player = await signedInPlayer(services.store, services.keys, { email: 'c@example.com', name: 'C' });
    const other = await signedInPlayer(services.store, services.keys, { email: 'c2@example.com' });
    const elsewhere = await import('../support/site-account.js').then((m) =>
      m.siteSessionFor(services.store, services.keys, player.user),
    );
    const wrong = await form(
      app,
      '/account/settings/password',
      { csrf: player.csrf, current: 'nope nope', password: 'bright copper kettle 5' },
      { cookie: player.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('The password is wrong.');
    const changed = await form(
      app,
      '/account/settings/password',
      { csrf: player.csrf, current: player.password, password: 'bright copper kettle 5' },
      { cookie: player.cookie },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('Your password is changed.');
    expect((await page(app, '/account/settings', elsewhere.cookie)).status).toBe(303);
    expect((await page(app, '/account/settings', player.cookie)).status).toBe(200);
    expect((await page(app, '/account/settings', other.cookie)).status).toBe(200);
    expect(smtp.to('c@example.com')[0]!.subject).toBe('Your Kingshot Companion password was changed');

    const asked = await form(
      app,
      '/account/settings/email',
      { csrf: player.csrf, email: 'C-New@example.com', current: 'bright copper kettle 5' },
      { cookie: player.cookie },
    );
    expect(asked.body).toContain('We sent a link to c-new@example.com.');
    expect((await services.store.users.findById(player.user.id))?.email).toBe('c@example.com');
    const token = new URL(linkIn(smtp.to('c-new@example.com')[0]!, BASE)).searchParams.get('token')!;
    expect((await form(app, '/account/confirm-email', { token })).status).toBe(200);
    expect((await services.store.users.findById(player.user.id))?.email).toBe('c-new@example.com');
    expect(smtp.to('c@example.com')[1]!.subject).toBe('Your Kingshot Companion email was changed');
    expect((await form(app, '/account/confirm-email', { token })).status).toBe(400);
  });

  it('export downloads the player data in the CLI import format', async () => {
    const site = await accountSite(kind);
    const player = await signedInPlayer(site.services.store, site.services.keys);
    await site.services.store.players.replace(player.user.id, DEMO_PLAYER);
    const res = await page(site.app, '/account/export', player.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kingshot-account.json"');
    expect(JSON.parse(res.body)).toEqual(await site.services.store.players.export(player.user.id));
  });

  it('deleting the account asks the password, removes every row of the player, mails, and signs out', async () => {
    const site = await accountSite(kind);
    const { app, smtp, services } = site;
    const player = await signedInPlayer(services.store, services.keys, { email: 'd@example.com', name: 'D' });
    await services.store.players.replace(player.user.id, DEMO_PLAYER);
    await services.store.mailLinks.create({
      tokenHash: 'h1',
      purpose: 'reset-password',
      userId: player.user.id,
      lifetimeSeconds: 3600,
    });
    for (const [id, type, grant] of [
      ['g-d', 'Grant', 'g-d'],
      ['s-d', 'Session', null],
      ['rt-d', 'RefreshToken', 'g-d'],
    ] as const)
      await services.store.db
        .insertInto('oidc_payloads')
        .values({
          id,
          type,
          payload: JSON.stringify({ accountId: player.user.id, grantId: grant ?? undefined }),
          grant_id: grant,
          uid: null,
          user_code: null,
          client_id: 'c1',
          expires_at: null,
          consumed_at: null,
        })
        .execute();
    const before = await rowsOfPlayer(services, player.user);
    expect(before).toEqual({
      users: 1,
      users_by_email: 1,
      // The profile, the inventory and the goals' version (player-edits.ts: an import renews it).
      player_documents: 3,
      player_goals: DEMO_PLAYER.goals.length,
      site_sessions: 1,
      mail_links: 1,
      pending_sign_ups: 0,
      oidc_payloads: 3,
    });
    const refused = await form(
      app,
      '/account/settings/delete',
      { csrf: player.csrf, current: 'wrong password!' },
      { cookie: player.cookie },
    );
    expect(refused.status).toBe(400);
    const noCsrf = await form(app, '/account/settings/delete', { current: player.password }, { cookie: player.cookie });
    expect(noCsrf.status).toBe(403);
    expect(await rowsOfPlayer(services, player.user)).toEqual(before);
    const deleted = await form(
      app,
      '/account/settings/delete',
      { csrf: player.csrf, current: player.password },
      { cookie: player.cookie },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toContain('Your account and everything saved with it are deleted');
    expect(Object.values(await rowsOfPlayer(services, player.user))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(smtp.to('d@example.com').at(-1)!.subject).toBe('Your Kingshot Companion account was deleted');
    expect((await form(app, '/account/sign-in', { email: 'd@example.com', password: player.password })).status).toBe(
      401,
    );
  });
});
