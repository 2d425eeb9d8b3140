/**
 * The site in Chromium as most visitors have it (no WebMCP): every kind of page loads with no console message and
 * no script error, registers nothing, and does not scroll sideways on a 390-px phone; the calculator page draws
 * the MCP Apps view's chart where JavaScript runs and shows the same numbers without it. Screenshots at 390 and
 * 1280 px, light and dark, go to test-artifacts/site/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';
import { SITEMAP_PAGES } from '../support/sitemap-pages.js';
import { ARTIFACTS, chromiumAvailable, collectProblems, launchSiteChromium, PAGE_KINDS } from './browser.js';

const skip = !chromiumAvailable() && !process.env.CI;
if (skip)
  process.stderr.write(
    'test/site/layout.ci.test.ts: /usr/bin/chromium is missing (apt-get install -y chromium); skipping the browser tests\n',
  );

const PHONE = 390;
const DESKTOP = 1280;
const GEAR = PAGE_KINDS['calculator result']!;

describe.skipIf(skip)('the site without WebMCP', () => {
  let service: RunningService;
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [service, browser] = await Promise.all([startService(), launchSiteChromium({ webmcp: false })]);
    phone = await browser.newContext({ viewport: { width: PHONE, height: 800 } });
    page = await phone.newPage();
    problems = collectProblems(page);
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('every kind of page loads silently, registers nothing and is no wider than a 390-px phone', async () => {
    for (const [kind, path] of Object.entries(PAGE_KINDS)) {
      const response = await page.goto(`${service.baseUrl}${path}`);
      await page.waitForLoadState('load');
      expect(response?.status(), kind).toBe(kind === 'not found' ? 404 : 200);
      const state = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        modelContext: typeof (document as any).modelContext,
        script: [...document.scripts].filter((s) => s.src).map((s) => new URL(s.src).pathname),
      }));
      expect(state, kind).toEqual({ width: PHONE, modelContext: 'undefined', script: ['/site/webmcp.js'] });
      const expected =
        kind === 'not found'
          ? ['error: Failed to load resource: the server responded with a status of 404 (Not Found)']
          : [];
      expect(problems.splice(0), kind).toEqual(expected);
    }
  });

  it('was 405 and 428 px wide before: /heroes/amadeus and /tier-list fit 390 px, and so does every page in the sitemap', async () => {
    const xml = await (await fetch(`${service.baseUrl}/sitemap.xml`)).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(urls).toHaveLength(SITEMAP_PAGES);
    const wide: string[] = [];
    const scrollingTables: string[] = [];
    for (const url of urls) {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      const { width, tables } = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        tables: [...document.querySelectorAll('table')].filter((t) => t.scrollWidth > t.clientWidth).length,
      }));
      if (width > PHONE) wide.push(`${url}: ${width}`);
      if (tables > 0) scrollingTables.push(new URL(url).pathname);
    }
    expect(wide).toEqual([]);
    // Tables fit too (smaller cells on phones), except the Masters' level tables (five columns of numbers such as
    // 33,691,200) and the developer reference's, which scroll inside their own box (and take the keyboard focus).
    expect(scrollingTables).toEqual([
      // The developer reference's tables of tool and field names (code words that are not broken).
      '/developers',
      '/masters/valora',
      '/masters/pan',
      '/masters/roman',
      '/masters/cassia',
      '/masters/guinevere',
      '/masters/wilson',
    ]);
    expect(problems).toEqual([]);
  }, 240_000);

  it('on a phone the step table puts each step above its amounts, all of them in view; on a desktop it is a table', async () => {
    const layoutAt = async (width: number) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const view = await context.newPage();
      await view.goto(`${service.baseUrl}${GEAR}`);
      const layout = await view.evaluate(() => {
        const table = document.querySelector<HTMLElement>('.result-details table')!;
        const box = table.getBoundingClientRect();
        const rows = [...table.querySelectorAll('tr')].map((tr) =>
          [...tr.children].map((cell) => cell.getBoundingClientRect()),
        );
        return {
          scrolls: table.scrollWidth > table.clientWidth,
          inside: rows.every((cells) => cells.every((c) => c.left >= box.left && c.right <= box.right + 0.5)),
          // Per row: are the step and its first amount on one line, and do the amounts share one line?
          stepBesideAmounts: rows.map((cells) => Math.abs(cells[1]!.top - cells[2]!.top) < 1),
          amountsOnOneLine: rows.every((cells) => cells.slice(2).every((c) => Math.abs(c.top - cells[2]!.top) < 1)),
          // The amounts of each material sit in one column: same left edge in every row.
          columnsAligned: rows.every((cells) =>
            cells.slice(2).every((c, i) => Math.abs(c.left - rows[0]![i + 2]!.left) < 1),
          ),
          text: [...table.querySelectorAll('tr')][1]!.textContent.replace(/\s+/g, ' ').trim(),
        };
      });
      await context.close();
      return layout;
    };
    const common = {
      scrolls: false,
      inside: true,
      amountsOnOneLine: true,
      columnsAligned: true,
      text: '1 Gold T2 ★1 → Gold T2 ★2 45,000 460 80',
    };
    expect(await layoutAt(PHONE)).toEqual({ ...common, stepBesideAmounts: Array(8).fill(false) });
    expect(await layoutAt(DESKTOP)).toEqual({ ...common, stepBesideAmounts: Array(8).fill(true) });
  });

  it("a calculator result draws the cost view's chart where JavaScript runs", async () => {
    await page.goto(`${service.baseUrl}${GEAR}`);
    await page.waitForSelector('.chart-section:not([hidden]) svg.chart');
    const chart = await page.evaluate(() => ({
      series: [...document.querySelectorAll('svg.chart .series')].map((g) => g.getAttribute('data-series')),
      legend: [...document.querySelectorAll('.legend li')].map((li) => li.textContent),
      width: Number(document.querySelector('svg.chart')!.getAttribute('width')),
      holder: Math.floor(document.querySelector<HTMLElement>('.chart-holder')!.clientWidth),
    }));
    expect(chart).toEqual({
      series: ['satin', 'gilded_threads', 'artisans_vision'],
      legend: ['Satin', 'Gilded Threads', "Artisan's Vision"],
      width: chart.holder,
      holder: chart.holder,
    });
    expect(chart.holder).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  });

  it('without JavaScript the calculator shows the same totals, and no chart', async () => {
    const context = await browser.newContext({ viewport: { width: PHONE, height: 800 }, javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto(`${service.baseUrl}${GEAR}`);
    const totals = await noScript.evaluate(() =>
      [...document.querySelectorAll('.result table tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    );
    expect(totals).toEqual([
      ['Material', 'Per piece', '2 pieces'],
      ['Satin', '393,000', '786,000'],
      ['Gilded Threads', '3,960', '7,920'],
      ["Artisan's Vision", '765', '1,530'],
    ]);
    expect(await noScript.locator('.chart-section').isHidden()).toBe(true);
    // The form submits with GET: the result of other levels is one request away.
    await noScript.selectOption('#field-pieces', '6');
    await noScript.fill('#field-from', 'not crafted');
    await noScript.fill('#field-to', 'Red T6 ★3');
    await Promise.all([noScript.waitForURL(/pieces=6/), noScript.click('button[type=submit]')]);
    const satin = await noScript.evaluate(() =>
      [...document.querySelectorAll('.result table tr')]
        .map((tr) => [...tr.children].map((c) => c.textContent))
        .find((row) => row[0] === 'Satin'),
    );
    expect(satin).toEqual(['Satin', '9,947,500', '59,685,000']);
    await context.close();
  });

  it('screenshots at 390 and 1280 px, light and dark; the dark theme follows the system', async () => {
    const shots = {
      calculator: GEAR,
      calculators: PAGE_KINDS.calculators!,
      form: PAGE_KINDS['calculator form']!,
      hero: '/heroes/amadeus',
      error: '/calculators/governor-gear-cost?from=Gold+T9&to=Gold+T3',
    };
    const backgrounds: Record<string, string> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [PHONE, DESKTOP]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
        const shot = await context.newPage();
        const shotProblems = collectProblems(shot);
        for (const [name, path] of Object.entries(shots)) {
          await shot.goto(`${service.baseUrl}${path}`);
          await shot.waitForLoadState('load');
          if (name === 'calculator') await shot.waitForSelector('svg.chart');
          expect(
            await shot.evaluate(() => document.documentElement.scrollWidth),
            `${name} ${width} ${colorScheme}`,
          ).toBe(width);
          await shot.screenshot({ path: join(ARTIFACTS, `${name}-${width}-${colorScheme}.png`), fullPage: true });
        }
        backgrounds[colorScheme] = await shot.evaluate(() => getComputedStyle(document.body).backgroundColor);
        // The error page answers 400, which Chromium logs like any failed load; nothing else.
        expect(shotProblems).toEqual([
          'error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
        ]);
        await context.close();
      }
    }
    expect(backgrounds).toEqual({ light: 'rgb(253, 253, 252)', dark: 'rgb(21, 23, 26)' });
  }, 120_000);
});
