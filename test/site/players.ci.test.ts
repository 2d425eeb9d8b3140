/**
 * The site as players use it, in the real Chromium: every kind of page at 390 and 1280 px has no word broken
 * inside (every link or cell whose text is one word lies on one line: one client rect per text piece), no sideways
 * scroll, and no serious or critical axe-core violation in the light or the dark theme; the home page's search
 * finds `amnae` → Amane with JavaScript off; the keyboard alone reaches the content and the search, with the
 * focus visible. Screenshots of home, /search, /tier-list, a hero and a calculator at both widths (full page, and
 * the first screen) go to test-artifacts/site/players-*.png.
 */
import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';
import { ARTIFACTS, chromiumAvailable, launchSiteChromium, PAGE_KINDS } from './browser.js';

const skip = !chromiumAvailable() && !process.env.CI;
if (skip)
  process.stderr.write(
    'test/site/players.ci.test.ts: /usr/bin/chromium is missing (apt-get install -y chromium); skipping the browser tests\n',
  );

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [390, 1280] as const;
/** Where the test serves the page a raw ★ in the request line gets (a browser always encodes, so it is fetched raw). */
const MALFORMED_PATH = '/__malformed-request-page';

/** The answer's body to a request line sent as raw bytes. */
function rawBody(port: number, text: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from(text, 'utf8')));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      const received = Buffer.concat(chunks).toString('utf8');
      done(received.slice(received.indexOf('\r\n\r\n') + 4));
    });
  });
}

/** Links and cells whose text is one word but lies on more than one line. */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll('a, td, th')) {
      const word = element.textContent.trim();
      if (word === '' || /\s/.test(word)) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent!.trim() === '') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.length > 1) broken.push(word);
      }
    }
    return broken;
  });
}

/** Serious and critical axe-core violations, as `rule: target` lines. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as any[]).flatMap((v) =>
      (v.nodes as any[]).map((n) => ({ id: v.id as string, impact: n.impact as string, target: String(n.target) })),
    );
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.target}`);
}

describe.skipIf(skip)('the site for players, in Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  let kinds: Record<string, string>;
  let malformedHtml: string;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startService(), launchSiteChromium({ webmcp: false })]);
    malformedHtml = await rawBody(
      service.port,
      `GET /calculators/governor-gear-cost?from=Gold+T2+★1&to=Gold+T3+★3&pieces=2 HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\n\r\n`,
    );
    kinds = { ...PAGE_KINDS, 'malformed request': MALFORMED_PATH };
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  async function open(width: number, colorScheme: 'light' | 'dark', javaScriptEnabled = true) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, javaScriptEnabled });
    await context.route(`${service.baseUrl}${MALFORMED_PATH}`, (route) =>
      route.fulfill({ status: 400, contentType: 'text/html; charset=utf-8', body: malformedHtml }),
    );
    return { context, page: await context.newPage() };
  }

  it('the malformed-request page served here is the one the service writes', () => {
    expect(malformedHtml).toContain('<h1>This link could not be read</h1>');
  });

  for (const width of WIDTHS) {
    it(`at ${width} px: no word broken inside a link or cell, no sideways scroll, on every kind of page`, async () => {
      const { context, page } = await open(width, 'light');
      const wrong: Record<string, unknown> = {};
      for (const [kind, path] of Object.entries(kinds)) {
        await page.goto(`${service.baseUrl}${path}`);
        const broken = await brokenWords(page);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (broken.length > 0 || scrollWidth !== width) wrong[kind] = { broken, scrollWidth };
      }
      await context.close();
      expect(wrong).toEqual({});
    }, 120_000);

    for (const colorScheme of ['light', 'dark'] as const)
      it(`at ${width} px, ${colorScheme}: axe-core finds no serious or critical violation on any kind of page`, async () => {
        const { context, page } = await open(width, colorScheme);
        const found: Record<string, string[]> = {};
        for (const [kind, path] of Object.entries(kinds)) {
          await page.goto(`${service.baseUrl}${path}`);
          const violations = await axeViolations(page);
          if (violations.length > 0) found[kind] = violations;
        }
        await context.close();
        expect(found).toEqual({});
      }, 180_000);
  }

  it('without JavaScript, the home page search finds amnae → Amane, and its link opens the hero', async () => {
    const { context, page } = await open(390, 'light', false);
    await page.goto(`${service.baseUrl}/`);
    await page.fill('#search-q', 'amnae');
    await Promise.all([page.waitForURL(/\/search\?q=amnae$/), page.press('#search-q', 'Enter')]);
    const first = page.locator('#results li a').first();
    expect(await first.textContent()).toBe('Amane');
    expect(await first.getAttribute('href')).toBe(`${service.baseUrl}/heroes/amane`);
    await Promise.all([page.waitForURL(/\/heroes\/amane$/), first.click()]);
    expect(await page.locator('h1').textContent()).toBe('Amane');
    await context.close();
  });

  it('the keyboard alone: Tab reaches "Skip to content" first, with a visible focus ring, then the search', async () => {
    const { context, page } = await open(1280, 'light');
    await page.goto(`${service.baseUrl}/`);
    await page.keyboard.press('Tab');
    const skipLink = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      const box = active.getBoundingClientRect();
      return {
        text: active.textContent,
        outline: style.outlineStyle,
        width: style.outlineWidth,
        onScreen: box.left >= 0,
      };
    });
    expect(skipLink).toEqual({ text: 'Skip to content', outline: 'solid', width: '3px', onScreen: true });
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe('#content');
    // The skip link moved the focus start to the content: the next stop is the search box.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q');
    await page.keyboard.type('bear hunter');
    await Promise.all([page.waitForURL(/\/search\?q=bear\+hunter$/), page.keyboard.press('Enter')]);
    expect(await page.locator('#results li a').first().textContent()).toBe('Valora');
    await context.close();
  });

  it('screenshots of home, /search, /tier-list, a hero and a calculator at 390 and 1280 px', async () => {
    const shots: Record<string, string> = {
      home: '/',
      search: '/search?q=amnae',
      'tier-list': '/tier-list',
      hero: '/heroes/amane',
      calculator: PAGE_KINDS['calculator result']!,
    };
    for (const width of WIDTHS) {
      const { context, page } = await open(width, 'light');
      for (const [name, path] of Object.entries(shots)) {
        await page.goto(`${service.baseUrl}${path}`);
        if (name === 'calculator') await page.waitForSelector('svg.chart');
        await page.screenshot({ path: join(ARTIFACTS, `players-${name}-${width}.png`), fullPage: true });
        // The first screen alone: what a player sees before scrolling (small enough for docs/screenshots/).
        await page.screenshot({ path: join(ARTIFACTS, `players-${name}-${width}-first-screen.png`) });
      }
      await context.close();
    }
  }, 120_000);
});
