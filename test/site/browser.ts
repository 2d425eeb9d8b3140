/**
 * Browser plumbing for the site tests: Debian's Chromium (playwright-core, never a downloaded browser), with
 * WebMCP's native `document.modelContext` switched on or not, and one page of every kind the site serves.
 */
import { join } from 'node:path';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { CHROMIUM, REPO } from '../views/browser.js';

export { chromiumAvailable } from '../views/browser.js';

export const ARTIFACTS = join(REPO, 'test-artifacts/site');

/**
 * The machine notes' flags (root needs no sandbox; the network is closed), and WebMCP when asked for. Playwright
 * switches the back-forward cache off; `backForwardCache` leaves it on, for tests of what a page does when the
 * cache brings it back.
 */
export async function launchSiteChromium(options: { webmcp: boolean; backForwardCache?: boolean }): Promise<Browser> {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (options.webmcp) args.push('--enable-features=WebMCP');
  const ignoreDefaultArgs = options.backForwardCache ? ['--disable-back-forward-cache'] : [];
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args, ignoreDefaultArgs, timeout: 30_000 });
}

/**
 * One page of every kind: home, search, connect, guide, reference indexes and records, tier lists, developers,
 * calculators, 404.
 */
export const PAGE_KINDS: Readonly<Record<string, string>> = {
  home: '/',
  search: '/search?q=amnae',
  connect: '/connect',
  guide: '/guide',
  reference: '/reference',
  'heroes index': '/heroes',
  hero: '/heroes/amadeus',
  master: '/masters/valora',
  item: '/items/satin',
  event: '/events/bear-hunt',
  'tier list': '/tier-list',
  'tier list role': '/tier-list/rally-leader',
  developers: '/developers',
  calculators: '/calculators',
  'calculator form': '/calculators/truegold-upgrade-cost',
  'calculator result': '/calculators/governor-gear-cost?from=Gold+T2+%E2%98%851&to=Gold+T3+%E2%98%853&pieces=2',
  'not found': '/heroes/nobody',
};

/** Console messages and page errors, to assert there are none. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
