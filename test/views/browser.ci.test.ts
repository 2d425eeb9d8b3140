/**
 * The MCP Apps views in headless Chromium. For each cost tool and for get_hero (three heroes): the view HTML comes
 * from resources/read of the running service and the result from its tools/call; a host page embeds the view in a
 * sandboxed iframe under the host's default CSP and drives it with the official ext-apps AppBridge (handshake, tool
 * input, tool result, host context, teardown). The test checks the rendered figures, the size reports, the themes
 * and the narrow layout, and writes screenshots to test-artifacts/views/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';
import type { HostState } from './host/state.js';
import {
  ARTIFACTS,
  chromiumAvailable,
  fixtureView,
  launchChromium,
  startHostSite,
  until,
  type HostSite,
} from './browser.js';

// CI installs Chromium (.ci/run) and must not skip; elsewhere a machine without it skips with this reason.
const skip = !chromiumAvailable() && !process.env.CI;
if (skip)
  process.stderr.write(
    'test/views/browser.ci.test.ts: /usr/bin/chromium is missing (apt-get install -y chromium); skipping the browser tests\n',
  );

const LIGHT = { theme: 'light', locale: 'en-US', displayMode: 'inline', platform: 'web' } as const;
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
const DARK_BACKGROUND = 'rgb(23, 25, 29)';
const WIDE = 640;
const NARROW = 320;
/** The view id of the one test that breaks the CSP on purpose. */
const LEAKY_CONTROL = 'leaky-control';

interface Case {
  tool: string;
  args: Record<string, unknown>;
  from: string;
  to: string;
  steps: number;
  confidence: string;
  totals: Record<string, string>;
  perUnit?: Record<string, string>;
  quantity?: string;
  subject?: string;
  gap?: string;
  /** Legend lines of the materials the chart does not draw. */
  unused?: string[];
  /** The step table's Total row, material by material, where it is checked. */
  footer?: string[];
}

const CASES: Case[] = [
  {
    tool: 'governor_gear_cost',
    args: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 },
    from: 'Gold T2 ★1',
    to: 'Gold T3 ★3',
    steps: 6,
    confidence: 'High',
    totals: { satin: '786,000', gilded_threads: '7,920', artisans_vision: '1,530' },
    perUnit: { satin: '393,000', gilded_threads: '3,960', artisans_vision: '765' },
    quantity: '2',
  },
  {
    tool: 'governor_charm_cost',
    args: { from: 3, to: 6, charms: 3 },
    from: '3',
    to: '6',
    steps: 3,
    confidence: 'High',
    totals: { charm_guides: '900', charm_designs: '1,800' },
    perUnit: { charm_guides: '300', charm_designs: '600' },
    quantity: '3',
  },
  {
    tool: 'truegold_upgrade_cost',
    args: { building: 'town_center', from: '30', to: 'TG2' },
    from: '30',
    to: 'TG2',
    steps: 10,
    confidence: 'High',
    totals: { truegold: '1,450', tempered_truegold: '0' },
    subject: 'Town Center',
    unused: ['Tempered Truegold: none needed'],
  },
  {
    tool: 'hero_shards_cost',
    args: { from: '3★ 2/6', to: '5★' },
    from: '3★ 2/6',
    to: '5★ 6/6',
    steps: 16,
    confidence: 'High',
    totals: { shards: '985' },
  },
  {
    tool: 'hero_widgets_cost',
    args: { from: 0, to: 5 },
    from: '0',
    to: '5',
    steps: 5,
    confidence: 'High',
    totals: { widgets: '75' },
  },
  {
    tool: 'mastery_forging_cost',
    args: { track: 'red_gear', from: 'Gold 100', to: 'Red 103', pieces: 2 },
    from: 'Gold 100',
    to: 'Red 103',
    steps: 3,
    confidence: 'Medium',
    // The ascension's Forgehammers are unknown (null in the result): the word, never 0.
    totals: { forgehammers: 'unknown', mythic_gear_pieces: '4', mithril: '0', enhancement_xp: '10,100' },
    perUnit: { forgehammers: 'unknown', mythic_gear_pieces: '2', mithril: '0', enhancement_xp: '5,050' },
    footer: ['unknown', '2', '0', '5,050'],
    quantity: '2',
    subject: 'Red Gear Ascension',
    gap: 'Forgehammers for Gold 100 -> Red 101',
    unused: ['Forgehammers: amount unknown', 'Mithril: none needed'],
  },
];

describe.skipIf(skip)('MCP Apps views in Chromium', () => {
  let service: RunningService;
  let site: HostSite;
  let browser: { context: BrowserContext; close: () => Promise<void> };
  let nextId = 1;
  let nextPage = 1;

  async function rpc(method: string, params: Record<string, unknown>, version = '2025-06-18'): Promise<any> {
    const res = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': version,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    const json = (await res.json()) as { result?: unknown; error?: unknown };
    if (!json.result) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
    return json.result;
  }

  interface View {
    uri: string;
    /** The view's name, as in ui://kingshot/<id>. */
    id: string;
    html: string;
  }

  /** Each tool's view as a host finds it (tools/list → _meta.ui.resourceUri → resources/read), read once in beforeAll. */
  const views = new Map<string, View>();
  function viewOf(tool: string): View {
    const view = views.get(tool);
    if (!view) throw new Error(`tools/list links no view to ${tool}`);
    return view;
  }

  interface Opened {
    page: Page;
    frame: Frame;
    /** Where the host site serves this page's view document (the only request the view may make). */
    url: string;
    state: () => Promise<HostState>;
    /** CSP violation reports of this page's view. */
    cspReports: () => unknown[];
    problems: string[];
    requests: string[];
  }

  interface OpenOptions {
    hostContext?: Record<string, unknown>;
    width?: number;
    viewportHeight?: number;
    /** Run in every frame of the page before its own scripts (page.addInitScript), e.g. to count calls. */
    initScript?: () => void;
  }

  /** A fresh host page with the view loaded and the handshake done. */
  async function open(
    view: { id: string; html: string },
    { hostContext = LIGHT, width = WIDE, viewportHeight = 3000, initScript }: OpenOptions = {},
  ): Promise<Opened> {
    // Every page serves its document under an id of its own: CSP reports are filed by that id, so a report that
    // arrives late is still this page's, never the next test's.
    const pageId = `${view.id}-${nextPage++}`;
    const url = site.addView(pageId, view.html);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console ${message.type()}: ${message.text()}`);
    });
    // Everything the embedded document loads, its own navigation included.
    page.on('request', (request) => {
      if (request.frame() !== page.mainFrame()) requests.push(request.url());
    });
    // Tall enough for the view (a hero at 320 px is about 3,700 px): Chromium paints an iframe only where it meets
    // the viewport.
    await page.setViewportSize({ width: 1000, height: viewportHeight });
    if (initScript) await page.addInitScript(initScript);
    await page.goto(site.url);
    await page.evaluate(([src, context, w]) => (window as any).host.load(src, context, w), [
      url,
      hostContext,
      width,
    ] as const);
    const frame = page.frames().find((f) => f.url() === url);
    if (!frame) throw new Error(`no frame for ${url}`);
    return {
      page,
      frame,
      url,
      state: () => page.evaluate(() => (window as any).host.state as HostState),
      cspReports: () => site.cspReports(pageId),
      problems,
      requests,
    };
  }

  const hostCall = (page: Page, method: string, ...args: unknown[]) =>
    page.evaluate(([m, a]) => (window as any).host[m](...a), [method, args] as const);
  const viewState = (frame: Frame) => frame.evaluate(() => document.documentElement.dataset.state);
  const waitForState = (frame: Frame, state: string) =>
    until(
      `data-state=${state}`,
      () => viewState(frame),
      (s) => s === state,
    );
  const background = (frame: Frame) => frame.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const screenshot = (page: Page, name: string) =>
    page.locator('#view').screenshot({ path: join(ARTIFACTS, `${name}.png`) });

  /**
   * What every rendered view must do next: report its size, which the host's frame then fits; follow the host to
   * the dark theme; fit 320 px with nothing wider than the frame; follow it back to light; answer teardown; and
   * on the way raise no host error, log no error, make no request beyond its document and break no CSP rule.
   * Screenshots: test-artifacts/views/<name>-{light,dark,dark-narrow,light-narrow}.png.
   */
  async function checkSizeThemesAndNarrow(
    opened: Opened,
    name: string,
    check: { minHeight: number; atNarrow(frame: Frame): Promise<void> },
  ): Promise<void> {
    const { page, frame, state } = opened;
    const contentHeight = () =>
      frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    const [last, measured] = await until(
      `a size report of the rendered view at ${WIDE} px`,
      async () => [(await state()).sizes.at(-1), await contentHeight()] as const,
      ([size, height]) =>
        size?.width === WIDE &&
        size.height !== undefined &&
        size.height > check.minHeight &&
        Math.abs(size.height - height) <= 1,
    );
    expect(last?.width).toBe(WIDE);
    expect(Math.abs(last!.height! - measured)).toBeLessThanOrEqual(1);
    // Once at the handshake, again after rendering; when the view has already rendered by the handshake (seen on a
    // loaded machine), that one report carries the rendered height and no second one is due.
    const sizes = (await state()).sizes;
    expect(sizes.length >= 2 || Math.abs(sizes[0]!.height! - measured) <= 1).toBe(true);
    expect(await background(frame)).toBe(LIGHT_BACKGROUND);
    await screenshot(page, `${name}-light`);

    await hostCall(page, 'setContext', { ...LIGHT, theme: 'dark' });
    await until(
      'dark theme',
      () => frame.evaluate(() => document.documentElement.dataset.theme),
      (t) => t === 'dark',
    );
    expect(await background(frame)).toBe(DARK_BACKGROUND);
    expect(await frame.evaluate(() => getComputedStyle(document.querySelector('h1')!).color)).toBe(
      'rgb(232, 234, 237)',
    );
    await screenshot(page, `${name}-dark`);

    await hostCall(page, 'setWidth', NARROW);
    await until('a size report at 320 px', state, (s) => s.sizes.at(-1)?.width === NARROW);
    // Nothing wider than the frame: wide tables scroll inside their own region.
    const overflow = await frame.evaluate(
      (w) =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > w && !e.closest('.scroll'))
          .map((e) => `${e.tagName}.${e.className}`),
      NARROW,
    );
    expect(overflow).toEqual([]);
    expect(await frame.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW);
    await check.atNarrow(frame);
    await screenshot(page, `${name}-dark-narrow`);
    await hostCall(page, 'setContext', LIGHT);
    await until(
      'light theme',
      () => background(frame),
      (b) => b === LIGHT_BACKGROUND,
    );
    await screenshot(page, `${name}-light-narrow`);

    expect(await hostCall(page, 'teardown')).toEqual({});
    expect((await state()).errors).toEqual([]);
    expect(opened.problems).toEqual([]);
    expect(opened.requests).toEqual([opened.url]);
    expect(opened.cspReports()).toEqual([]);
    await page.close();
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [service, site, browser] = await Promise.all([startService(), startHostSite(), launchChromium()]);
    const { tools } = await rpc('tools/list', {});
    const documents = new Map<string, View>();
    for (const tool of tools as { name: string; _meta?: { ui?: { resourceUri?: string } } }[]) {
      const uri = tool._meta?.ui?.resourceUri;
      if (uri === undefined) continue;
      if (!documents.has(uri)) {
        const { contents } = await rpc('resources/read', { uri });
        expect(contents[0].mimeType).toBe('text/html;profile=mcp-app');
        documents.set(uri, { uri, id: uri.slice('ui://kingshot/'.length), html: contents[0].text });
      }
      views.set(tool.name, documents.get(uri)!);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled([browser?.close(), site?.close(), service?.stop()]);
  });

  it.each(CASES)('$tool: renders the real result, asks for a size, follows light/dark and fits 320 px', async (c) => {
    const view = viewOf(c.tool);
    const call = await rpc('tools/call', { name: c.tool, arguments: c.args });
    expect(call.isError).toBeUndefined();
    const opened = await open(view);
    const { page, frame, state } = opened;

    const handshake = await state();
    expect(handshake.initialized).toBe(true);
    expect(handshake.appInfo).toEqual({ name: `kingshot-${view.id}`, version: '1.0.0' });

    await hostCall(page, 'sendInput', c.args);
    await waitForState(frame, 'running');
    expect(await frame.locator('.status').textContent()).toBe(
      `Calculating ${String(c.args.from)} → ${String(c.args.to)}…`,
    );

    await hostCall(page, 'sendResult', call);
    await waitForState(frame, 'rendered');

    // The figures, exactly, as the host's locale writes them; the raw value in data-value.
    for (const [key, text] of Object.entries(c.totals)) {
      const cell = frame.locator(`[data-total="${key}"]`);
      expect(await cell.textContent(), key).toBe(text);
      expect(await cell.getAttribute('data-value'), key).toBe(String(call.structuredContent.totals[key]));
      expect(Number(await cell.getAttribute('data-value'))).toBe(Number(text.replaceAll(',', '')));
    }
    for (const [key, text] of Object.entries(c.perUnit ?? {}))
      expect(await frame.locator(`[data-per-unit="${key}"]`).textContent(), key).toBe(text);
    expect(await frame.locator('[data-quantity]').count()).toBe(c.quantity ? 1 : 0);
    if (c.quantity) expect(await frame.locator('[data-quantity]').textContent()).toBe(c.quantity);
    expect(await frame.locator('[data-level="from"]').textContent()).toBe(c.from);
    expect(await frame.locator('[data-level="to"]').textContent()).toBe(c.to);
    expect(await frame.locator('h1').textContent()).toBe(await frame.title());
    expect(await frame.locator('.facts .confidence').textContent()).toBe(c.confidence);
    expect(await frame.locator('table.steps tbody tr[data-step]').count()).toBe(c.steps);
    if (c.subject) expect(await frame.locator('.subject').textContent()).toBe(c.subject);
    if (c.gap) expect(await frame.locator('.gaps').textContent()).toContain(c.gap);
    else expect(await frame.locator('.gaps').count()).toBe(0);
    expect(await frame.locator('.legend .unused').allTextContents()).toEqual(c.unused ?? []);

    if (c.footer) expect(await frame.locator('table.steps tfoot td.num').allTextContents()).toEqual(c.footer);

    // The chart: one line per material the range uses, with a text alternative. It is drawn when its observer first
    // reports the holder's width, a frame after the result is rendered.
    const used = Object.entries(c.totals)
      .filter(([, t]) => t !== '0' && t !== 'unknown')
      .map(([k]) => k);
    expect(used.length).toBeGreaterThan(0);
    await until(
      'the chart drawn',
      () => frame.locator('svg.chart').count(),
      (count) => count === 1,
    );
    expect(
      await frame.locator('svg.chart g.series').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-series'))),
    ).toEqual(used);
    expect(await frame.locator('svg.chart desc').textContent()).toContain(
      `Share of each material's total spent after each of ${c.steps} steps`,
    );

    await checkSizeThemesAndNarrow(opened, view.id, {
      minHeight: 300,
      atNarrow: async (f) => {
        await until(
          'the chart redrawn for 320 px',
          async () => Number(await f.locator('svg.chart').getAttribute('width')),
          (w) => w <= NARROW - 20,
        );
      },
    });
  });

  /** A list (`ranges`) or budget (`have` → `reach`) result: no steps of its own unless asked, so no chart. */
  interface ListOrBudgetCase {
    name: string;
    tool: string;
    args: Record<string, unknown>;
    running: string;
    /** The heading's range, for a one-range budget. */
    range?: [string, string];
    /** The Upgrades fact and each range's row (subject, upgrade, units, totals..., confidence), for a list. */
    ranges?: string[][];
    totals: Record<string, string>;
    disputes?: Record<string, string>;
    reach?: {
      verdict: string;
      lines: string[];
      spent: Record<string, string>;
      left: Record<string, string>;
      shortForAll: Record<string, string>;
    };
  }

  it.each<ListOrBudgetCase>([
    {
      name: 'governor-gear-cost-budget',
      tool: 'governor_gear_cost',
      args: { from: 'Purple T1 ★1', have: { satin: 300_000, gilded_threads: 3_000, artisans_vision: 600 } },
      running: 'Calculating Purple T1 ★1 → as far as the materials go…',
      range: ['Purple T1 ★1', 'Red T6 ★3'],
      totals: { satin: '9,885,000', gilded_threads: '98,860', artisans_vision: '19,810' },
      disputes: { gilded_threads: 'Sources disagree: 98,860 to 98,890' },
      reach: {
        verdict: 'Not enough for every target.',
        lines: ["reaches Gold T1 ★3 (out of materials)Next step (to Gold T2 ★0) is short of 20 Artisan's Vision"],
        spent: { satin: '249,000', gilded_threads: '2,490', artisans_vision: '565' },
        left: { satin: '51,000', gilded_threads: '510', artisans_vision: '35' },
        shortForAll: { satin: '9,585,000', gilded_threads: '95,860', artisans_vision: '19,210' },
      },
    },
    {
      name: 'truegold-upgrade-cost-list-budget',
      tool: 'truegold_upgrade_cost',
      args: {
        ranges: [
          { building: 'town_center', from: 'TG6', to: 'TG7' },
          { building: 'barracks', from: 'TG6', to: 'TG7' },
        ],
        have: { truegold: 3_000, tempered_truegold: 100 },
      },
      running: 'Calculating 2 upgrades…',
      ranges: [
        ['1', 'Town Center', 'TG6 → TG7', '1', '1,080', '90', 'High'],
        ['2', 'Barracks', 'TG6 → TG7', '1', '486', '37', 'High'],
      ],
      totals: { truegold: '1,566', tempered_truegold: '127' },
      reach: {
        verdict: 'Not enough for every target.',
        lines: [
          'Town Center: reaches TG7 (target reached)',
          'Barracks: reaches TG6-1 (out of materials)Next step (to TG6-2) is short of 2 Tempered Truegold',
        ],
        spent: { truegold: '1,188', tempered_truegold: '96' },
        left: { truegold: '1,812', tempered_truegold: '4' },
        shortForAll: { truegold: '0', tempered_truegold: '27' },
      },
    },
    {
      name: 'governor-charm-cost-list',
      tool: 'governor_charm_cost',
      args: {
        ranges: [
          { from: 3, to: 6, charms: 3 },
          { from: 6, to: 9 },
        ],
      },
      running: 'Calculating 2 upgrades…',
      ranges: [
        ['1', '3 → 6', '3', '900', '1,800', 'High'],
        ['2', '6 → 9', '1', '640', '1,200', 'High'],
      ],
      totals: { charm_guides: '1,540', charm_designs: '3,000' },
    },
  ])('$name: renders a list or budget result exactly, follows light/dark and fits 320 px', async (c) => {
    const call = await rpc('tools/call', { name: c.tool, arguments: c.args });
    expect(call.isError).toBeUndefined();
    const opened = await open(viewOf(c.tool));
    const { page, frame } = opened;
    await hostCall(page, 'sendInput', c.args);
    await waitForState(frame, 'running');
    expect(await frame.locator('.status').textContent()).toBe(c.running);
    await hostCall(page, 'sendResult', call);
    await waitForState(frame, 'rendered');

    for (const [key, text] of Object.entries(c.totals))
      expect(await frame.locator(`[data-total="${key}"]`).textContent(), key).toBe(text);
    expect(await frame.locator('[data-dispute]').allTextContents()).toEqual(Object.values(c.disputes ?? {}));
    if (c.range) {
      expect(await frame.locator('[data-level="from"]').textContent()).toBe(c.range[0]);
      expect(await frame.locator('[data-level="to"]').textContent()).toBe(c.range[1]);
    } else expect(await frame.locator('[data-level]').count()).toBe(0);
    if (c.ranges) {
      expect(await frame.locator('[data-range-count]').textContent()).toBe(String(c.ranges.length));
      const rows = await frame
        .locator('table.ranges tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
      expect(rows).toEqual(c.ranges);
    } else expect(await frame.locator('table.ranges').count()).toBe(0);
    if (c.reach) {
      expect(await frame.locator('.reach-verdict').textContent()).toBe(c.reach.verdict);
      expect(await frame.locator('.reach-ranges li').allTextContents()).toEqual(c.reach.lines);
      for (const [attribute, expected] of [
        ['data-spent', c.reach.spent],
        ['data-left', c.reach.left],
        ['data-short-for-all', c.reach.shortForAll],
      ] as const)
        for (const [key, text] of Object.entries(expected))
          expect(await frame.locator(`[${attribute}="${key}"]`).textContent(), `${attribute} ${key}`).toBe(text);
    } else expect(await frame.locator('.reach-section').count()).toBe(0);
    // No steps in these answers (include_steps not given): no chart and no step table, never an empty one.
    expect(await frame.locator('svg.chart, table.steps:not(.ranges)').count()).toBe(0);

    await checkSizeThemesAndNarrow(opened, c.name, { minHeight: 200, atNarrow: async () => {} });
  });

  const ATTACK = '<img src=x onerror="window.parent.postMessage(1, \'*\')"><script>document.title = "owned"</script>';

  interface ViewCall {
    tool: string;
    args: Record<string, unknown>;
    /** The view's <title> and, in a failure, its only heading: the tool's catalogue title. */
    title: string;
  }

  it.each<ViewCall & { says: string }>([
    {
      tool: 'governor_gear_cost',
      args: { from: 'Gold T4 ★0', to: 'Red ★0' },
      title: 'Governor Gear upgrade cost',
      says: 'Gold T3 ★0',
    },
    { tool: 'get_hero', args: { key: 'Valora' }, title: 'Hero details', says: 'call get_master' },
  ])(
    '$tool: shows a tool failure as an alert with the message, not as a result',
    async ({ tool, args, title, says }) => {
      const call = await rpc('tools/call', { name: tool, arguments: args });
      expect(call.isError).toBe(true);
      const message = JSON.parse(call.content[0].text).error.message as string;
      expect(message).toContain(says);
      const { page, frame, problems } = await open(viewOf(tool));
      await hostCall(page, 'sendResult', call);
      await waitForState(frame, 'failed');
      expect(await frame.locator('[role="alert"]').textContent()).toBe(message);
      expect(await frame.locator('h1').allTextContents()).toEqual([title]);
      expect(await frame.locator('table').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each<ViewCall & { shows: Record<string, string> }>([
    {
      tool: 'hero_widgets_cost',
      args: { from: 0, to: 5 },
      title: 'Hero widgets (Exclusive Gear) cost',
      shows: { '[data-total="widgets"]': '75', 'tr[data-step="1"] + tr.step-notes': 'Unlocks the Exclusive Gear.' },
    },
    {
      tool: 'get_hero',
      args: { key: 'amadeus' },
      title: 'Hero details',
      shows: {
        h1: 'Amadeus',
        '[data-gear-name]': 'Aegis of Fate',
        '[data-skill="Combo Slash"] tr[data-stat="damage_up"] td[data-level="5"]': '224%',
      },
    },
  ])(
    '$tool: renders from the text content when the host passes no structuredContent (2025-03-26 result)',
    async ({ tool, args, title, shows }) => {
      const call = await rpc('tools/call', { name: tool, arguments: args }, '2025-03-26');
      expect(call.structuredContent).toBeUndefined();
      const { page, frame, problems } = await open(viewOf(tool));
      await hostCall(page, 'sendResult', call);
      await waitForState(frame, 'rendered');
      expect(await frame.title()).toBe(title);
      for (const [selector, text] of Object.entries(shows))
        expect(await frame.locator(selector).textContent(), selector).toBe(text);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each<ViewCall & { tamper(result: any): unknown; shownAt: string[] }>([
    {
      tool: 'hero_widgets_cost',
      args: { from: 0, to: 2 },
      title: 'Hero widgets (Exclusive Gear) cost',
      tamper: (result) => ({
        ...result,
        from: ATTACK,
        notes: [ATTACK],
        steps: result.steps.map((s: object) => ({ ...s, note: ATTACK })),
      }),
      shownAt: ['[data-level="from"]', '.notes li >> nth=0', 'tr[data-step="1"] + tr.step-notes .step-note'],
    },
    {
      tool: 'get_hero',
      args: { key: 'amane' },
      title: 'Hero details',
      tamper: (hero) => ({
        ...hero,
        name: ATTACK,
        notes: [ATTACK],
        roles: [ATTACK],
        skills: hero.skills.map((s: object) => ({
          ...s,
          effect: ATTACK,
          levels: { [ATTACK]: [ATTACK, '2', '3', '4', '5'] },
        })),
      }),
      shownAt: [
        'h1',
        '.notes li >> nth=-1',
        '.chips li',
        '.skill .effect >> nth=0',
        '.skill td[data-level="1"] >> nth=0',
      ],
    },
  ])(
    '$tool: writes result text as text: markup in the result is shown, never parsed',
    async ({ tool, args, title, tamper, shownAt }) => {
      const call = await rpc('tools/call', { name: tool, arguments: args });
      const tampered = { ...call, structuredContent: tamper(call.structuredContent) };
      const { page, frame, url, requests, problems } = await open(viewOf(tool));
      await hostCall(page, 'sendResult', tampered);
      await waitForState(frame, 'rendered');
      expect(await frame.locator('img, main script').count()).toBe(0);
      for (const selector of shownAt) expect(await frame.locator(selector).textContent(), selector).toBe(ATTACK);
      expect(await frame.title()).toBe(title);
      expect(requests).toEqual([url]);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('follows prefers-color-scheme until the host names a theme, and the host style variables over its own palette', async () => {
    const view = viewOf('hero_shards_cost');
    const call = await rpc('tools/call', { name: 'hero_shards_cost', arguments: { from: '0★', to: '1★' } });

    const dark = await open(view, { hostContext: { locale: 'en-US' } });
    await dark.page.emulateMedia({ colorScheme: 'dark' });
    await hostCall(dark.page, 'sendResult', call);
    await waitForState(dark.frame, 'rendered');
    expect(await background(dark.frame)).toBe(DARK_BACKGROUND);
    await hostCall(dark.page, 'setContext', { locale: 'en-US', theme: 'light' });
    await until(
      'light despite a dark system',
      () => background(dark.frame),
      (b) => b === LIGHT_BACKGROUND,
    );
    await dark.page.close();

    const styled = await open(view, {
      hostContext: {
        ...LIGHT,
        styles: {
          variables: { '--color-background-primary': 'rgb(250, 240, 230)', '--color-text-primary': 'rgb(10, 20, 30)' },
        },
      },
    });
    await hostCall(styled.page, 'sendResult', call);
    await waitForState(styled.frame, 'rendered');
    expect(await background(styled.frame)).toBe('rgb(250, 240, 230)');
    expect(await styled.frame.evaluate(() => getComputedStyle(document.querySelector('h1')!).color)).toBe(
      'rgb(10, 20, 30)',
    );
    await styled.page.close();
  });

  /** In the view's frame: counts ResizeObservers created and not yet disconnected (window.liveResizeObservers). */
  function countLiveResizeObservers(): void {
    if (window === window.top) return;
    const counter = window as unknown as { liveResizeObservers: number };
    counter.liveResizeObservers = 0;
    window.ResizeObserver = class extends window.ResizeObserver {
      #live = true;
      constructor(callback: ResizeObserverCallback) {
        super(callback);
        counter.liveResizeObservers += 1;
      }
      override disconnect(): void {
        if (this.#live) counter.liveResizeObservers -= 1;
        this.#live = false;
        super.disconnect();
      }
    };
  }

  it("writes figures in the host's locale, and again when the host changes it", async () => {
    const call = await rpc('tools/call', {
      name: 'governor_gear_cost',
      arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 },
    });
    expect(call.structuredContent.totals.satin).toBe(786000);
    const { page, frame, problems } = await open(viewOf('governor_gear_cost'), {
      hostContext: { ...LIGHT, locale: 'de-DE' },
      initScript: countLiveResizeObservers,
    });
    await hostCall(page, 'sendResult', call);
    await waitForState(frame, 'rendered');
    const figures = () =>
      Promise.all(
        ['[data-total="satin"]', '[data-per-unit="satin"]', '[data-total="gilded_threads"]'].map((selector) =>
          frame.locator(selector).textContent(),
        ),
      );
    expect(await figures()).toEqual(['786.000', '393.000', '7.920']);
    // The size reporter's observer and the chart's.
    const liveObservers = () =>
      frame.evaluate(() => (window as unknown as { liveResizeObservers: number }).liveResizeObservers);
    expect(await liveObservers()).toBe(2);

    await hostCall(page, 'setContext', { ...LIGHT, locale: 'en-US' });
    await until('the figures rewritten for en-US', figures, (texts) => texts[0] === '786,000');
    expect(await figures()).toEqual(['786,000', '393,000', '7,920']);
    expect(await viewState(frame)).toBe('rendered');
    // The new chart's observer replaced the old one's instead of joining it.
    expect(await liveObservers()).toBe(2);
    // The chart is drawn when its observer first reports the holder's width, a frame after the re-render.
    await until(
      'the new chart drawn',
      () => frame.locator('svg.chart').count(),
      (count) => count > 0,
    );
    expect(await frame.locator('svg.chart').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('ignores messages from any window but its host: a tool result posted inside the frame changes nothing', async () => {
    const call = await rpc('tools/call', { name: 'hero_widgets_cost', arguments: { from: 0, to: 5 } });
    const { page, frame, problems } = await open(viewOf('hero_widgets_cost'));
    expect(await viewState(frame)).toBe('waiting');
    // Sent by the view's own window, as any script or frame other than the host could: event.source is not the
    // parent. Messages to a window arrive in the order sent, so when the marker arrives the result has been handled.
    await frame.evaluate(
      (params) =>
        new Promise<void>((done) => {
          window.addEventListener('message', (event) => event.data === 'after-the-forged-result' && done());
          window.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params }, '*');
          window.postMessage('after-the-forged-result', '*');
        }),
      call,
    );
    expect(await viewState(frame)).toBe('waiting');
    expect(await frame.locator('table').count()).toBe(0);
    // The same message from the host is a result.
    await hostCall(page, 'sendResult', call);
    await waitForState(frame, 'rendered');
    expect(await frame.locator('[data-total="widgets"]').textContent()).toBe('75');
    expect(problems).toEqual([]);
    await page.close();
  });

  /** In the view's frame: counts JSON.parse calls (window.jsonParses). */
  function countJsonParses(): void {
    if (window === window.top) return;
    const counter = window as unknown as { jsonParses: number };
    counter.jsonParses = 0;
    const parse = JSON.parse;
    JSON.parse = (text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      counter.jsonParses += 1;
      return parse(text, reviver);
    };
  }

  it('parses the text content only when the host passes no structuredContent', async () => {
    const structured = await rpc('tools/call', { name: 'hero_widgets_cost', arguments: { from: 0, to: 5 } });
    const textOnly = await rpc(
      'tools/call',
      { name: 'hero_widgets_cost', arguments: { from: 0, to: 2 } },
      '2025-03-26',
    );
    expect(structured.structuredContent.totals.widgets).toBe(75);
    expect(textOnly.structuredContent).toBeUndefined();
    const { page, frame, problems } = await open(viewOf('hero_widgets_cost'), { initScript: countJsonParses });
    const parses = () => frame.evaluate(() => (window as unknown as { jsonParses: number }).jsonParses);
    const total = () => frame.locator('[data-total="widgets"]').textContent();

    await hostCall(page, 'sendResult', structured);
    await waitForState(frame, 'rendered');
    expect(await total()).toBe('75');
    expect(await parses()).toBe(0);

    await hostCall(page, 'sendResult', textOnly);
    const expected = String(JSON.parse(textOnly.content[0].text).totals.widgets);
    await until('the text-only result shown', total, (t) => t === expected);
    expect(await parses()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a range of zero steps says there is nothing to upgrade, without a chart or tables', async () => {
    const call = await rpc('tools/call', { name: 'governor_charm_cost', arguments: { from: 5, to: 5 } });
    expect(call.structuredContent.step_count).toBe(0);
    const { page, frame, problems } = await open(viewOf('governor_charm_cost'));
    await hostCall(page, 'sendResult', call);
    await waitForState(frame, 'rendered');
    expect(await frame.locator('main > p.status').textContent()).toBe(
      'Nothing to upgrade: the two levels are the same.',
    );
    expect(await frame.locator('table, svg.chart').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says when the call was cancelled', async () => {
    const { page, frame } = await open(viewOf('governor_charm_cost'));
    await hostCall(page, 'sendInput', { from: 1, to: 22 });
    await waitForState(frame, 'running');
    expect(await frame.locator('.status').textContent()).toBe('Calculating 1 → 22…');
    await hostCall(page, 'sendCancelled', 'user action');
    await waitForState(frame, 'cancelled');
    expect(await frame.locator('.status').textContent()).toBe('The tool call was cancelled: user action');
    await page.close();
  });

  it('a renderer that throws shows the failure with its message instead of staying at "Calculating…"', async () => {
    const html = await fixtureView(
      'thrower',
      'Thrower',
      "import { mountView } from './shared/mount.js';\nmountView({ render() { throw new TypeError('no width to draw at'); } });\n",
    );
    const call = await rpc('tools/call', { name: 'hero_widgets_cost', arguments: { from: 0, to: 5 } });
    const { page, frame, problems } = await open({ id: 'thrower', html });
    await hostCall(page, 'sendInput', { from: 0, to: 5 });
    await waitForState(frame, 'running');
    expect(await frame.locator('.status').textContent()).toBe('Calculating…');
    await hostCall(page, 'sendResult', call);
    await waitForState(frame, 'failed');
    expect(await frame.locator('h1').textContent()).toBe('Thrower');
    expect(await frame.locator('[role="alert"]').textContent()).toBe(
      'This result cannot be shown here: the view failed to draw it (no width to draw at)',
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the CSP check can fail: a view that loads an image from the network is reported', async () => {
    const view = viewOf('hero_widgets_cost');
    const leaky = view.html.replace(
      '<main id="app"></main>',
      '<main id="app"></main><img src="http://127.0.0.1:9/pixel.png" alt="">',
    );
    const { page, cspReports } = await open({ id: LEAKY_CONTROL, html: leaky });
    const reports = await until(
      'a CSP report',
      async () => cspReports(),
      (r) => r.length > 0,
    );
    expect(String(reports[0])).toContain('img-src');
    await page.close();
  });

  describe('the hero view (get_hero)', () => {
    interface Ladder {
      skill: string;
      stat: string;
      label: string;
      lv1: string;
      lv5: string;
    }
    interface HeroCase {
      /** The `key` argument (a name or alias works too). */
      key: string;
      name: string;
      rarity: string;
      troopType: string;
      generation: string;
      confidence: string;
      roles: string[];
      skill: Ladder;
      /** The joiner skill (expedition slot 1) and its ladder. */
      joiner: Ladder;
      /** Expedition skills' slots, in the order shown. */
      slots: string[];
      gear?: { name: string | null; skill: Ladder; stats?: Record<string, string> };
      noGear?: string;
      tiers: Record<string, string>;
      resolved?: string;
    }

    const HEROES: HeroCase[] = [
      {
        key: 'amadeus',
        name: 'Amadeus',
        rarity: 'Mythic',
        troopType: 'Infantry',
        generation: '1',
        confidence: 'High',
        roles: ['Rally leader', 'Bear Hunt leader', 'Rally joiner', 'Bear Hunt joiner'],
        skill: { skill: 'Combo Slash', stat: 'damage_up', label: 'Damage up', lv1: '160%', lv5: '224%' },
        joiner: { skill: 'Battle Ready', stat: 'lethality_up', label: 'Lethality up', lv1: '5%', lv5: '25%' },
        slots: ['1', '2', '3'],
        gear: {
          name: 'Aegis of Fate',
          skill: { skill: 'Discernment', stat: 'rally_attack_up', label: 'Rally attack up', lv1: '5%', lv5: '15%' },
          stats: { power: '281,250', hero_health: '8,437', infantry_lethality: '+62.50%' },
        },
        tiers: { bear_hunt_joiner: 'S', rally_leader: 'S', garrison: 'B', bear_hunt: 'S', joiner: 'A' },
      },
      {
        // Amane by her former name: the view says what the lookup matched.
        key: 'mikoto',
        name: 'Amane',
        rarity: 'Epic',
        troopType: 'Archer',
        generation: '1',
        confidence: 'High',
        roles: ['Rally joiner', 'Bear Hunt joiner', 'City growth'],
        skill: { skill: 'Fire Sigil', stat: 'damage_up', label: 'Damage up', lv1: '150%', lv5: '210%' },
        joiner: { skill: 'Tri-Phalanx', stat: 'attack_up', label: 'Attack up', lv1: '5%', lv5: '25%' },
        slots: ['1', '2'],
        noGear: 'None: only Mythic heroes have exclusive gear, and Amane is Epic.',
        tiers: { bear_hunt_joiner: 'S', rally_leader: 'Not rated', garrison: 'Not rated', bear_hunt: 'S', joiner: 'S' },
        resolved: 'Shown for “mikoto” (matched “Mikoto”).',
      },
      {
        // Generation 6: no source names the gear or publishes its level-10 stats; a value that never changes.
        key: 'yang',
        name: 'Yang',
        rarity: 'Mythic',
        troopType: 'Archer',
        generation: '6',
        confidence: 'Medium',
        roles: ['Rally leader'],
        skill: { skill: 'Ice Zone', stat: 'extra_damage_up', label: 'Extra damage up', lv1: '20%', lv5: '100%' },
        joiner: { skill: 'Avalanche', stat: 'damage_up', label: 'Damage up', lv1: '20%', lv5: '100%' },
        slots: ['1', '2', '3'],
        gear: {
          name: null,
          skill: { skill: 'Quick Draw', stat: 'knockdown_chance', label: 'Knockdown chance', lv1: '40%', lv5: '100%' },
        },
        tiers: { bear_hunt_joiner: 'B', rally_leader: 'S+', garrison: 'B', bear_hunt: 'S', joiner: 'Not rated' },
      },
    ];

    /** The Lv1 and Lv5 cells of one stat of one skill, and its row's label. */
    async function ladder(
      frame: Frame,
      scope: string,
      l: Ladder,
    ): Promise<[string | null, string | null, string | null]> {
      const row = frame.locator(`${scope} [data-skill="${l.skill}"] tr[data-stat="${l.stat}"]`);
      return [
        await row.locator('th').textContent(),
        await row.locator('td[data-level="1"]').textContent(),
        await row.locator('td[data-level="5"]').textContent(),
      ];
    }

    it.each(HEROES)(
      '$name: renders the real result, asks for a size, follows light/dark and fits 320 px',
      async (c) => {
        const view = viewOf('get_hero');
        expect(view.id).toBe('hero');
        const call = await rpc('tools/call', { name: 'get_hero', arguments: { key: c.key } });
        expect(call.isError).toBeUndefined();
        const hero = call.structuredContent;
        const opened = await open(view, { viewportHeight: 6000 });
        const { page, frame, state } = opened;

        expect((await state()).appInfo).toEqual({ name: 'kingshot-hero', version: '1.0.0' });
        await hostCall(page, 'sendInput', { key: c.key });
        await waitForState(frame, 'running');
        expect(await frame.locator('.status').textContent()).toBe(`Looking up ${c.key}…`);
        await hostCall(page, 'sendResult', call);
        await waitForState(frame, 'rendered');

        // Who the hero is.
        expect(await frame.title()).toBe('Hero details');
        expect(await frame.locator('h1').allTextContents()).toEqual([c.name]);
        expect(await frame.locator('.rarity').textContent()).toBe(c.rarity);
        expect(await frame.locator('[data-fact="troop-type"]').textContent()).toBe(c.troopType);
        expect(await frame.locator('[data-fact="generation"]').textContent()).toBe(c.generation);
        expect(await frame.locator('.facts .confidence').textContent()).toBe(c.confidence);
        expect(await frame.locator('.chips li').allTextContents()).toEqual(c.roles);
        if (c.resolved) expect(await frame.locator('.resolved').textContent()).toBe(c.resolved);
        else expect(await frame.locator('.resolved').count()).toBe(0);

        // Skills: every one with its ladder, the figures exactly as the result has them.
        expect(
          await frame
            .locator('.conquest-section .skill, .expedition-section .skill')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-skill'))),
        ).toEqual(hero.skills.map((s: { name: string }) => s.name));
        expect(await ladder(frame, '.skills', c.skill)).toEqual([c.skill.label, c.skill.lv1, c.skill.lv5]);
        expect(await frame.locator(`[data-skill="${c.skill.skill}"] thead th`).allTextContents()).toEqual([
          'Stat',
          'Lv1',
          'Lv2',
          'Lv3',
          'Lv4',
          'Lv5',
        ]);
        expect(
          await frame
            .locator('.expedition-section .skill')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-slot'))),
        ).toEqual(c.slots);

        // The joiner skill (expedition slot 1): one, marked, and named in the header.
        const joiner = frame.locator('.skill.joiner');
        expect(await joiner.count()).toBe(1);
        expect(await joiner.getAttribute('data-skill')).toBe(c.joiner.skill);
        expect(await joiner.locator('.badge').allTextContents()).toEqual(['Slot 1', 'Joiner skill']);
        expect(await ladder(frame, '.expedition-section', c.joiner)).toEqual([
          c.joiner.label,
          c.joiner.lv1,
          c.joiner.lv5,
        ]);
        expect(await frame.locator('header .joiner-callout').textContent()).toBe(
          `Joiner skill ${c.joiner.skill} (Lv5: ${c.joiner.label} ${c.joiner.lv5})`,
        );

        // Exclusive gear.
        if (c.gear) {
          if (c.gear.name)
            expect(await frame.locator('.gear-section h2').textContent()).toBe(`Exclusive gear: ${c.gear.name}`);
          else expect(await frame.locator('[data-gear-name-note]').textContent()).toBe(hero.exclusive_gear.name_note);
          expect(await frame.locator('[data-gear-name]').count()).toBe(c.gear.name ? 1 : 0);
          expect(
            await frame
              .locator('.gear-section .skill')
              .evaluateAll((els) => els.map((e) => e.getAttribute('data-skill'))),
          ).toEqual(hero.exclusive_gear.skills.map((s: { name: string }) => s.name));
          expect(await ladder(frame, '.gear-section', c.gear.skill)).toEqual([
            c.gear.skill.label,
            c.gear.skill.lv1,
            c.gear.skill.lv5,
          ]);
          for (const [stat, text] of Object.entries(c.gear.stats ?? {}))
            expect(await frame.locator(`.gear-stats tr[data-stat="${stat}"] td`).textContent(), stat).toBe(text);
          expect(await frame.locator('.gear-stats tbody tr').count()).toBe(
            Object.keys(hero.exclusive_gear.max_level_stats ?? {}).length,
          );
          expect(await frame.locator('[data-gear-stats-unknown]').count()).toBe(c.gear.stats ? 0 : 1);
        } else {
          expect(hero.exclusive_gear).toBeUndefined();
          expect(await frame.locator('[data-no-gear]').textContent()).toBe(c.noGear);
          expect(await frame.locator('.gear-section .skill').count()).toBe(0);
        }

        // Tier placements: one row per rating the result has.
        const tiers = await frame
          .locator('table.tiers tbody tr')
          .evaluateAll((rows) =>
            Object.fromEntries(
              rows.map((r) => [r.getAttribute('data-tier-role'), r.querySelector('.tier')!.textContent]),
            ),
          );
        expect(tiers).toEqual(c.tiers);

        // Confidence and sources; accessible structure: one h1, every table with column headers and a name.
        expect(await frame.locator('.sources li').count()).toBe(hero.sources.length);
        expect(await frame.locator('footer').textContent()).toBe(`Data version ${hero.data_version}`);
        const tables = await frame.locator('table').evaluateAll((ts) =>
          ts.map((t) => ({
            headers: t.querySelectorAll('thead th[scope="col"]').length > 0,
            name: document.getElementById(t.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
          })),
        );
        expect(tables.length).toBeGreaterThan(3);
        expect(tables.filter((t) => !t.headers || t.name === '')).toEqual([]);

        await checkSizeThemesAndNarrow(opened, `hero-${hero.key}`, {
          minHeight: 1000,
          // Every table (skill ladders, tiers, stats) fits without scrolling sideways at 320 px.
          atNarrow: async (f) => {
            expect(
              await f
                .locator('.scroll')
                .evaluateAll((els) =>
                  els
                    .filter((e) => e.scrollWidth > e.clientWidth)
                    .map(
                      (e) =>
                        e.getAttribute('aria-labelledby') &&
                        document.getElementById(e.getAttribute('aria-labelledby')!)?.textContent,
                    ),
                ),
            ).toEqual([]);
          },
        });
      },
    );

    it('with skill_levels, labels each ladder with the levels the result holds, and the callout with the highest', async () => {
      const args = { key: 'amadeus', skill_levels: { from: 3, to: 4 } };
      const call = await rpc('tools/call', { name: 'get_hero', arguments: args });
      const opened = await open(viewOf('get_hero'), { viewportHeight: 6000 });
      const { page, frame } = opened;
      await hostCall(page, 'sendInput', args);
      await hostCall(page, 'sendResult', call);
      await waitForState(frame, 'rendered');
      const battleReady = frame.locator('.expedition-section [data-skill="Battle Ready"]');
      expect(await battleReady.locator('thead th').allTextContents()).toEqual(['Stat', 'Lv3', 'Lv4']);
      expect(
        await battleReady
          .locator('tr[data-stat="lethality_up"] td')
          .evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-level'), td.textContent])),
      ).toEqual([
        ['3', '15%'],
        ['4', '20%'],
      ]);
      expect(await frame.locator('.talent-section thead th').allTextContents()).toEqual(['Stat', 'Lv3', 'Lv4']);
      expect(await frame.locator('header .joiner-callout').textContent()).toBe(
        'Joiner skill Battle Ready (Lv4: Lethality up 20%)',
      );
      expect(await frame.locator('.conquest-section .hint').textContent()).toBe(
        'Hero battle skills. Values at skill levels 3 to 4.',
      );
      await screenshot(page, 'hero-amadeus-levels-3-4');
      expect(opened.problems).toEqual([]);
      await page.close();
    });

    it('decides that a hero without gear is Mythic by the rarity key, not by its display name', async () => {
      const call = await rpc('tools/call', { name: 'get_hero', arguments: { key: 'amadeus' } });
      const { exclusive_gear: gear, ...hero } = call.structuredContent;
      expect(gear.name).toBe('Aegis of Fate');
      expect(hero.rarity.key).toBe('mythic');
      const renamed = { ...call, structuredContent: { ...hero, rarity: { ...hero.rarity, name: 'Legendary' } } };
      const { page, frame, problems } = await open(viewOf('get_hero'));
      await hostCall(page, 'sendResult', renamed);
      await waitForState(frame, 'rendered');
      expect(await frame.locator('.rarity').textContent()).toBe('Legendary');
      expect(await frame.locator('[data-no-gear]').textContent()).toBe('None: no source lists one for this hero.');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('says what it cannot read in a result of another shape', async () => {
      const call = await rpc('tools/call', { name: 'hero_widgets_cost', arguments: { from: 0, to: 5 } });
      const { page, frame, problems } = await open(viewOf('get_hero'));
      await hostCall(page, 'sendResult', call);
      await waitForState(frame, 'failed');
      expect(await frame.locator('[role="alert"]').textContent()).toBe(
        'This result cannot be shown here: name is not a string; generation is not a number; rarity is not a rarity; troop_type is not a string; roles is not a list of strings; skills is not a list of skills',
      );
      expect(problems).toEqual([]);
      await page.close();
    });
  });

  // Last: a report can arrive after its test has ended. Each page had an id of its own, so a late one shows here,
  // under the id of the page that caused it.
  it('no page but the CSP control drew a CSP report, late reports included', () => {
    const reports = Object.entries(site.allCspReports()).filter(([id]) => !id.startsWith(`${LEAKY_CONTROL}-`));
    expect(Object.fromEntries(reports)).toEqual({});
    expect(Object.keys(site.allCspReports()).filter((id) => id.startsWith(`${LEAKY_CONTROL}-`))).toHaveLength(1);
  });
});
