/**
 * The player's pages in the real Chromium, on a 390-px phone and a 1280-px desktop: each page answers with the
 * account layout, runs no script (the account pages' CSP allows none, so everything works without JavaScript) and
 * does not scroll sideways on the phone; a profile form with a mistake comes back with the problem beside its
 * field, and a corrected one is saved, all through the browser's own form submission. Screenshots of the profile,
 * goals, plan and apps pages at both widths go to test-artifacts/account-pages/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { oidcAdapterFactory } from '../../src/store/oidc-adapter.js';
import { listen, storeGrant, type ListeningService } from '../account-helpers.js';
import { chromiumAvailable, launchSiteChromium } from '../site/browser.js';
import { signedInPlayer, type SignedInPlayer } from '../support/site-account.js';
import { REPO } from '../views/browser.js';

const skip = !chromiumAvailable() && !process.env.CI;
const ARTIFACTS = join(REPO, 'test-artifacts/account-pages');
const PAGES = [
  '/account',
  '/account/profile',
  '/account/inventory',
  '/account/goals',
  '/account/plan',
  '/account/apps',
];

describe.skipIf(skip)('the player pages in Chromium', () => {
  let service: ListeningService;
  let browser: Browser;
  let player: SignedInPlayer;

  beforeAll(async () => {
    [service, browser] = await Promise.all([listen(), launchSiteChromium({ webmcp: false })]);
    const { store } = service.services;
    player = await signedInPlayer(store, service.services.keys, {
      name: 'Lord <b>Ana</b>',
      baseUrl: service.baseUrl,
    });
    await store.players.replace(player.user.id, {
      ...DEMO_PLAYER,
      goals: DEMO_PLAYER.goals.map((goal, i) => (i === 0 ? { ...goal, note: 'before <i>KvK</i>' } : goal)),
    });
    const Client = oidcAdapterFactory(store.db, { nowSeconds: store.nowSeconds });
    await new Client('Client').upsert(
      'client-desktop',
      {
        client_id: 'client-desktop',
        client_name: 'Claude Desktop',
        redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
      },
      0,
    );
    await storeGrant(service.services, player.user.id, 'client-desktop');
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  async function signedInPage(width: number) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const [name, value] = player.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: service.baseUrl }]);
    return { context, page: await context.newPage() };
  }

  it('every page works without scripts and is no wider than a 390-px phone; screenshots at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await signedInPage(width);
      for (const path of PAGES) {
        const response = await page.goto(`${service.baseUrl}${path}`);
        expect(response?.status(), path).toBe(200);
        const state = await page.evaluate(() => ({
          scripts: document.scripts.length,
          nav: document.querySelector('nav.account a[aria-current=page]')?.textContent,
          wide: document.documentElement.scrollWidth,
        }));
        expect(state.scripts, path).toBe(0);
        expect(state.nav, path).toBeDefined();
        if (width === 390) expect(state.wide, path).toBe(390);
        if (['/account/profile', '/account/goals', '/account/plan', '/account/apps'].includes(path))
          await page.screenshot({
            path: join(ARTIFACTS, `${path.split('/').pop()}-${width}.png`),
            fullPage: path !== '/account/profile',
          });
      }
      await context.close();
    }
  }, 120_000);

  it('a profile form with a mistake comes back with the problem beside its field; corrected, it is saved', async () => {
    const { context, page } = await signedInPage(390);
    await page.goto(`${service.baseUrl}/account/profile`);
    await page.fill('input[name="/profile/governor_gear/crown/level"]', 'Gold T9 ★1');
    await Promise.all([page.waitForNavigation(), page.click('button:text("Save profile")')]);
    const problem = await page.textContent('#f-profile-governor_gear-crown-level-problem');
    expect(problem).toMatch(/Gold T9 ★1/);
    expect(await page.getAttribute('input[name="/profile/governor_gear/crown/level"]', 'aria-invalid')).toBe('true');
    await page.screenshot({ path: join(ARTIFACTS, 'profile-problem-390.png') });
    await page.fill('input[name="/profile/governor_gear/crown/level"]', 'Gold T2 ★1');
    await Promise.all([page.waitForNavigation(), page.click('button:text("Save profile")')]);
    expect(page.url()).toBe(`${service.baseUrl}/account/profile?saved=1`);
    const saved = await service.services.store.players.readerFor(player.user.id).profile();
    expect(saved?.value.governor_gear.crown?.level).toBe('Gold T2 ★1');
    await context.close();
  }, 60_000);
});
