/**
 * A player's whole journey in the real Chromium, as a player and an app would go through it: sign up → the
 * mail arrives at the test's SMTP server → open its link → sign in → fill the profile, the inventory and two goals
 * through the forms → /account/plan shows them → an app signs in through the OAuth flow (registration, PKCE,
 * consent, as a client would) and get_my_goals on /mcp/account answers the same numbers as the page → revoke it on
 * /account/apps → its next call gets 401 → delete the account → signing in fails and no row of the player is left.
 * Run once on one instance (SQLite), and once with its steps spread over two instances on one PostgreSQL database.
 */
import { createServer, type Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import * as client from 'openid-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createAccountServices, type AccountServices } from '../../src/auth/account-services.js';
import { smtpTransport } from '../../src/site-account/smtp-transport.js';
import type { StoreLocation } from '../../src/store/database.js';
import { MCP_HEADERS, testConfig } from '../helpers.js';
import { freePort } from '../service.js';
import { chromiumAvailable, launchSiteChromium } from '../site/browser.js';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import { testStore, testStoreLocation } from '../support/stores.js';
import { createTestDatabase } from '../support/postgres.js';
import { redisAvailable, startRedis, type TestRedis } from '../redis-server.js';
import { startTopology, type Topology } from '../../deploy/topology.js';
import { openStore, type Store } from '../../src/store/store.js';
import { LIVE_GRANT_CACHE_MS } from '../../src/auth/live-grants.js';

const skip = !chromiumAvailable() && !process.env.CI;
const postgres = inject('postgres');
// Without HAProxy, redis-server or a PostgreSQL server the topology run skips; test/global-setup.ts says so.
const topologyRunnable = inject('services').haproxy && postgres.available && redisAvailable();
const PASSWORD = 'violet tractor sunrise 8';

/** The client's redirect URI: a loopback listener that records what arrives. */
async function callbackListener(): Promise<{ url: string; hits: URL[]; close: () => Promise<void> }> {
  const hits: URL[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>back in the app</title><p>Done');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    hits,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The page a save led to is the saved page; otherwise the test says what the page said. */
async function expectAt(page: Page, url: string): Promise<void> {
  if (page.url() !== url)
    throw new Error(`at ${page.url()} instead of ${url}: ${(await page.textContent('main'))?.slice(0, 600)}`);
}

interface Instance {
  url: string;
  services: AccountServices;
  stop(): Promise<void>;
}

/** The real app with its account pages and mail to the test's SMTP server, on a free port; `baseUrl` shared. */
async function startInstance(location: StoreLocation, smtp: TestSmtp, shared?: { baseUrl: string }): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const baseUrl = shared?.baseUrl ?? url;
  const store = await testStore(location.kind, { location });
  const services = await createAccountServices({ baseUrl, store });
  const app = createApp({
    logError: (e) => process.stderr.write(`${String((e as Error)?.stack ?? e)}\n`),
    config: testConfig({
      baseUrl,
      rateLimitPerMinute: 0,
      authRateLimitPerMinute: 0,
      allowedHosts: new Set([`127.0.0.1:${port}`, new URL(baseUrl).host]),
      allowedOrigins: new Set([baseUrl, url]),
    }),
    account: services,
    mailTransport: smtpTransport(smtp.url, 'Kingshot Companion <no-reply@kingshot.example>'),
  });
  const server: ServerType = await new Promise((ready) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => ready(s));
  });
  return {
    url,
    services,
    stop: async () => {
      await new Promise<void>((done) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => done());
      });
      await store.close();
    },
  };
}

/** The numbers of the plan page: `<scope>|<material>|<field>` → value (as data attributes carry them). */
async function planNumbers(page: Page): Promise<Map<string, number>> {
  const cells = await page.$$eval('[data-scope][data-field]', (nodes) =>
    nodes.map((n) => [
      `${n.getAttribute('data-scope')}|${n.getAttribute('data-material') ?? ''}|${n.getAttribute('data-field')}`,
      Number(n.getAttribute('data-value')),
    ]),
  );
  return new Map(cells as [string, number][]);
}

type Material = {
  key: string;
  hero?: string;
  needed: number;
  in_inventory: number;
  missing: number;
  readiness: number;
};
type Report = {
  goals: { id: number; readiness: number; materials: Material[] }[];
  combined: { readiness: number; materials: Material[] };
};

/** The same keys from get_my_goals' structured result. */
function toolNumbers(report: Report): Map<string, number> {
  const numbers = new Map<string, number>();
  const add = (scope: string, materials: Material[]) => {
    for (const m of materials)
      for (const field of ['needed', 'in_inventory', 'missing', 'readiness'] as const)
        numbers.set(`${scope}|${m.key}${m.hero ? `|${m.hero}` : ''}|${field}`, m[field]);
  };
  numbers.set('combined||readiness', report.combined.readiness);
  add('combined', report.combined.materials);
  for (const goal of report.goals) {
    numbers.set(`goal-${goal.id}||readiness`, goal.readiness);
    add(`goal-${goal.id}`, goal.materials);
  }
  return numbers;
}

async function getMyGoals(url: string, token: string) {
  const res = await fetch(`${url}/mcp/account`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-06-18', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'get_my_goals', arguments: {} },
    }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as { result?: { structuredContent?: Report } }) : undefined,
  };
}

async function submit(page: Page, button: string) {
  await Promise.all([page.waitForNavigation(), page.click(button)]);
}

/** Rows naming the player in every table of the store (the user's id, or their email). */
async function rowsOfPlayer(store: Store, user: { id: string; email: string }) {
  const db = store.db;
  const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
  return {
    users: await count(
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', user.id), eb('email', '=', user.email)])),
    ),
    player_documents: await count(db.selectFrom('player_documents').select('kind').where('user_id', '=', user.id)),
    player_goals: await count(db.selectFrom('player_goals').select('id').where('user_id', '=', user.id)),
    site_sessions: await count(db.selectFrom('site_sessions').select('id_hash').where('user_id', '=', user.id)),
    mail_links: await count(db.selectFrom('mail_links').select('token_hash').where('user_id', '=', user.id)),
    pending_sign_ups: await count(db.selectFrom('pending_sign_ups').select('id').where('email', '=', user.email)),
    oidc_payloads: await count(
      db
        .selectFrom('oidc_payloads')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('account_id', '=', user.id),
            eb('payload', 'like', `%${user.id}%`),
            eb('payload', 'like', `%${user.email}%`),
          ]),
        ),
    ),
  };
}

/** Where the flow runs: the public URL the browser and the app use, each instance's own URL, and the store. */
interface Site {
  url: string;
  instances: readonly string[];
  store: Store;
  /** One instance: a revocation is seen by the next call. Several: once LIVE_GRANT_CACHE_MS has passed. */
  spread: boolean;
}

/** The flow, every step through the site's public URL (behind the balancer, a step lands on any instance). */
async function theWholeFlow(
  browser: Browser,
  smtp: TestSmtp,
  site: Site,
  watch: (context: BrowserContext) => void = () => undefined,
): Promise<void> {
  const email = `player-${Date.now()}@example.com`;
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 900 } });
  watch(context);
  const page = await context.newPage();
  // The app's redirect URI: a loopback listener; the browser's arrival there is the authorization response.
  const app = await callbackListener();
  const REDIRECT = app.url;

  // Sign up; the mail arrives; its link opens a page whose button creates the account.
  await page.goto(`${site.url}/account/sign-up`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=name]', 'E2E <b>Player</b>');
  await page.fill('input[name=password]', PASSWORD);
  await submit(page, 'button:text("Create account")');
  expect(await page.textContent('h1')).toBe('Check your inbox');
  const [mail] = smtp.to(email);
  expect(mail?.subject).toBe('Confirm your Kingshot Companion account');
  await page.goto(linkIn(mail!, `${site.url}/account/verify?token=`));
  await submit(page, 'button:text("Create my account")');
  const user = await site.store.users.findByEmail(email);
  expect(user?.name).toBe('E2E <b>Player</b>');

  // Sign in.
  await page.goto(`${site.url}/account/sign-in`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await submit(page, 'button:text("Sign in")');
  await page.goto(`${site.url}/account`);
  expect(await page.textContent('main')).toContain('Signed in as E2E <b>Player</b>');

  // The profile, through its form.
  await page.goto(`${site.url}/account/profile`);
  await page.fill('input[name="/profile/name"]', 'Ana of 241');
  await page.fill('input[name="/profile/player_id"]', '84721093');
  await page.fill('input[name="/profile/kingdom"]', '241');
  await page.fill('input[name="/profile/town_center_level"]', 'TG3');
  await page.fill('input[name="/profile/power"]', '48,650,000');
  await page.fill('input[name="/profile/governor_gear/crown/level"]', 'Gold T1 ★2');
  await page.fill('input[name="/profile/governor_gear/crown/charms/0"]', '11');
  await page.selectOption('select[name="/profile/heroes/0/key"]', 'amadeus');
  await page.fill('input[name="/profile/heroes/0/stars"]', '3★ 2/6');
  await page.fill('input[name="/profile/heroes/0/level"]', '60');
  await submit(page, 'button:text("Save profile")');
  await expectAt(page, `${site.url}/account/profile?saved=1`);

  // The inventory, on the other instance: the session lives in the store (cookies are per host, not per port).
  await page.goto(`${site.url}/account/inventory`);
  await page.fill('input[name="/inventory/governor_gear/satin"]', '150000');
  await page.fill('input[name="/inventory/governor_gear/gilded_threads"]', '1200');
  await page.fill('input[name="/inventory/governor_gear/artisans_vision"]', '300');
  await page.selectOption('select[name="/inventory/hero_shards/0/hero"]', 'amadeus');
  await page.fill('input[name="/inventory/hero_shards/0/amount"]', '180');
  await submit(page, 'button:text("Save inventory")');
  await expectAt(page, `${site.url}/account/inventory?saved=1`);

  // Two goals.
  await page.goto(`${site.url}/account/goals`);
  await page.click('summary:text("Governor Gear level")');
  await page.selectOption('#add-governor_gear--goal-piece', 'crown');
  await page.fill('#add-governor_gear--goal-target', 'Gold T3 ★0');
  await submit(page, '#add-governor_gear--goal-target >> xpath=ancestor::form//button[@value="add"]');
  await expectAt(page, `${site.url}/account/goals?saved=1`);
  await page.click('summary:text("Hero stars")');
  await page.selectOption('#add-hero_shards--goal-hero', 'amadeus');
  await page.fill('#add-hero_shards--goal-target', '5★');
  await submit(page, '#add-hero_shards--goal-target >> xpath=ancestor::form//button[@value="add"]');
  await expectAt(page, `${site.url}/account/goals?saved=1`);

  // The plan shows them.
  await page.goto(`${site.url}/account/plan`);
  const shown = await planNumbers(page);
  expect(await page.$$eval('section[data-goal] h3', (h) => h.map((n) => n.textContent))).toEqual([
    'Crown (Governor Gear): Gold T1 ★2 → Gold T3 ★0',
    'Amadeus stars: 3★ 2/6 → 5★ 6/6',
  ]);
  expect(shown.get('combined|satin|in_inventory')).toBe(150000);

  // An app connects as a client would: registration, PKCE, the player's consent (signed in on the site already).
  const config = await client.dynamicClientRegistration(
    new URL(site.url),
    {
      client_name: 'E2E Assistant',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
    client.None(),
    { execute: [client.allowInsecureRequests] },
  );
  expect(config.serverMetadata().issuer).toBe(site.url);
  const verifier = client.randomPKCECodeVerifier();
  const authorize = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  await page.goto(authorize.href);
  expect(await page.textContent('main')).toContain('E2E Assistant');
  await page.click('button[value=approve]');
  await expect.poll(() => app.hits.some((hit) => hit.pathname === '/callback')).toBe(true);
  const arrived = app.hits.find((hit) => hit.pathname === '/callback')!;
  const tokens = await client.authorizationCodeGrant(config, new URL(`${REDIRECT}${arrived.search}`), {
    pkceCodeVerifier: verifier,
  });
  await app.close();

  // get_my_goals answers the page's numbers, on every instance.
  for (const instance of site.instances) {
    const answer = await getMyGoals(instance, tokens.access_token);
    expect(answer.status).toBe(200);
    expect(answer.body?.result?.structuredContent, JSON.stringify(answer.body).slice(0, 500)).toBeDefined();
    expect(toolNumbers(answer.body!.result!.structuredContent!)).toEqual(shown);
  }

  // Revoke it on the apps page: its next call gets 401, on the instance that revoked and on the other.
  await page.goto(`${site.url}/account/apps`);
  expect(await page.textContent('section[data-grant] h3')).toBe('E2E Assistant');
  await submit(page, 'button:text("Revoke")');
  expect(await page.textContent('main')).toContain('No app has access to your data.');
  // Another instance may have found the grant standing within the last LIVE_GRANT_CACHE_MS: past that, every one
  // refuses it (the instance that revoked refuses it at once).
  if (site.spread) await new Promise((settle) => setTimeout(settle, LIVE_GRANT_CACHE_MS));
  for (const instance of site.instances)
    expect((await getMyGoals(instance, tokens.access_token)).status, instance).toBe(401);
  expect((await getMyGoals(site.url, tokens.access_token)).status).toBe(401);
  await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });

  // Delete the account: signing in fails, and no row of the player is left.
  await page.goto(`${site.url}/account/settings`);
  await page.fill('form[action="/account/settings/delete"] input[name=current]', PASSWORD);
  await submit(page, 'button:text("Delete my account")');
  expect(await page.textContent('h1')).toBe('Account deleted');
  await page.goto(`${site.url}/account/sign-in`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await submit(page, 'button:text("Sign in")');
  expect(page.url()).toContain('/account/sign-in');
  expect(await rowsOfPlayer(site.store, { id: user!.id, email })).toEqual({
    users: 0,
    player_documents: 0,
    player_goals: 0,
    site_sessions: 0,
    mail_links: 0,
    pending_sign_ups: 0,
    oidc_payloads: 0,
  });
  await context.close();
}

describe.skipIf(skip)('a player from sign-up to deletion, in Chromium', () => {
  let browser: Browser;
  let smtp: TestSmtp;
  const instances: Instance[] = [];
  beforeAll(async () => {
    [browser, smtp] = await Promise.all([launchSiteChromium({ webmcp: false }), startSmtp()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    for (const instance of instances) await instance.stop().catch(() => undefined);
  });

  it('on one instance (SQLite)', async () => {
    const one = await startInstance(await testStoreLocation('sqlite', { persistent: true }), smtp);
    instances.push(one);
    await theWholeFlow(browser, smtp, { url: one.url, instances: [one.url], store: one.services.store, spread: false });
  }, 120_000);

  describe.skipIf(!topologyRunnable)('spread over the instances of the topology (PostgreSQL, Redis, HAProxy)', () => {
    let topology: Topology;
    let redis: TestRedis;
    let database: { url: string; drop: () => Promise<void> };
    let store: Store;
    beforeAll(async () => {
      database = await createTestDatabase(postgres.adminUrl);
      redis = await startRedis();
      topology = await startTopology({
        databaseUrl: database.url,
        redisUrl: redis.url,
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Kingshot Companion <no-reply@kingshot.example>',
          RATE_LIMIT_NETWORKS: '127.0.0.1/32=1000000',
          AUTH_RATE_LIMIT_PER_MINUTE: '0',
          RATE_LIMIT_PREFIX: `ks-e2e-${process.pid}:`,
        },
      });
      store = await openStore({ kind: 'postgres', url: database.url }, { poolSize: 2 });
    }, 240_000);
    afterAll(async () => {
      await store?.close();
      await topology?.stop();
      await redis?.stop();
      await database?.drop();
    });

    it('every step through the balancer, answered by more than one instance', async () => {
      const servedBy = new Set<string>();
      const site: Site = {
        url: topology.baseUrl,
        instances: topology.instances.map((i) => i.url),
        store,
        spread: true,
      };
      const listener = (response: { headers(): Record<string, string> }) => {
        const name = response.headers()['x-served-by'];
        if (name) servedBy.add(name);
      };
      await theWholeFlow(browser, smtp, site, (context) => context.on('response', listener));
      expect(servedBy.size).toBeGreaterThan(1);
    }, 240_000);
  });
});
