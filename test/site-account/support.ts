/**
 * The app with its account pages for the tests of this folder: account services on a throw-away store of either
 * kind, a real SMTP server (test/support/smtp.ts), metrics, and a clock the test moves. `form` posts a form the way
 * the browser does (same Origin), `cookieOf` reads the session cookie a response set.
 */
import type { Hono } from 'hono';
import { createApp, type AppConfig } from '../../src/app.js';
import type { ServiceEnv } from '../../src/http/service-env.js';
import { ServiceMetrics } from '../../src/observability/metrics.js';
import { smtpTransport } from '../../src/site-account/smtp-transport.js';
import { accountServices } from '../account-helpers.js';
import { BASE, testConfig } from '../helpers.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import type { StoreKind } from '../support/stores.js';

export interface AccountSite {
  app: Hono<ServiceEnv>;
  services: Awaited<ReturnType<typeof accountServices>>;
  smtp: TestSmtp;
  metrics: ServiceMetrics;
  /** Moves the clock of the app and the store on. */
  advance(seconds: number): void;
}

export async function accountSite(
  kind: StoreKind,
  options: { smtp?: TestSmtp; config?: Partial<AppConfig> } = {},
): Promise<AccountSite> {
  let now = Date.parse('2026-11-28T10:00:00Z');
  const clock = () => new Date(now);
  const services = await accountServices({ kind, clock });
  const smtp = options.smtp ?? (await startSmtp());
  const metrics = new ServiceMetrics();
  const app = createApp({
    logError: (e) => process.stderr.write(`${String((e as Error)?.stack ?? e)}\n`),
    config: testConfig(options.config),
    account: services,
    clock,
    metrics,
    mailTransport: smtpTransport(smtp.url, 'Kingshot Companion <no-reply@kingshot.example>'),
  });
  return { app, services, smtp, metrics, advance: (seconds) => (now += seconds * 1000) };
}

export async function form(
  app: Hono<ServiceEnv>,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await app.request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

export async function page(
  app: Hono<ServiceEnv>,
  path: string,
  cookie?: string,
): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await app.request(`${BASE}${path}`, cookie ? { headers: { cookie } } : {});
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** `ks_site=<id>` from a response's Set-Cookie, for the next requests. */
export function cookieOf(headers: Headers): string {
  const match = /ks_site=([A-Za-z0-9_-]{43})/.exec(headers.get('set-cookie') ?? '');
  if (!match) throw new Error(`no session cookie set: ${headers.get('set-cookie')}`);
  return `ks_site=${match[1]}`;
}

/** The path and query of a mailed link, for app.request. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Rows of every table of the store that name the user (by id or email), table by table. */
export async function rowsOfPlayer(
  services: AccountSite['services'],
  user: { id: string; email: string },
): Promise<Record<string, number>> {
  const db = services.store.db;
  const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
  return {
    users: await count(db.selectFrom('users').select('id').where('id', '=', user.id)),
    users_by_email: await count(db.selectFrom('users').select('id').where('email', '=', user.email)),
    player_documents: await count(db.selectFrom('player_documents').select('kind').where('user_id', '=', user.id)),
    player_goals: await count(db.selectFrom('player_goals').select('id').where('user_id', '=', user.id)),
    site_sessions: await count(db.selectFrom('site_sessions').select('id_hash').where('user_id', '=', user.id)),
    mail_links: await count(db.selectFrom('mail_links').select('token_hash').where('user_id', '=', user.id)),
    pending_sign_ups: await count(db.selectFrom('pending_sign_ups').select('id').where('email', '=', user.email)),
    oidc_payloads: await count(
      db
        .selectFrom('oidc_payloads')
        .select('id')
        .where((eb) => eb.or([eb('payload', 'like', `%${user.id}%`), eb('payload', 'like', `%${user.email}%`)])),
    ),
  };
}
