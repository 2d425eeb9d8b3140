/**
 * The site script where only the older `navigator.modelContext` exists (Chromium before 150), in Chromium without
 * the WebMCP flag and an init script that stubs `navigator.modelContext.registerTool`: the script registers the
 * four catalogue tools there, each with an AbortSignal; the stub refuses every registration (two throw, two
 * reject, as a name taken by another script would) and the page says nothing about it; leaving the page aborts
 * the signals (pagehide), and a page the back-forward cache brings back registers again (pageshow).
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSITE_TOOLS } from '../../generated/website/tools.js';
import { startService, type RunningService } from '../service.js';
import { chromiumAvailable, launchSiteChromium } from './browser.js';

const skip = !chromiumAvailable() && !process.env.CI;
if (skip)
  process.stderr.write(
    'test/site/webmcp-fallback.test.ts: /usr/bin/chromium is missing (apt-get install -y chromium); skipping the browser tests\n',
  );

/** One registerTool call as the stub saw it. */
interface Registration {
  name: string;
  title: string;
  description: string;
  inputSchema: unknown;
  annotations: unknown;
  keys: string[];
  execute: string;
  signal: string;
}

/**
 * Runs in every document before the page's own scripts. `navigator.modelContext` with a registerTool that
 * records each call, keeps the tool and its signal, notes in sessionStorage (which outlives the page) when a
 * signal aborts, and refuses the registration: the first and third calls throw, the second and fourth reject.
 */
function stubNavigatorModelContext(): void {
  const w = window as unknown as {
    registrations: unknown[];
    tools: unknown[];
    signals: AbortSignal[];
    pageshows: boolean[];
  };
  w.registrations = [];
  w.tools = [];
  w.signals = [];
  w.pageshows = [];
  window.addEventListener('pageshow', (event) => w.pageshows.push(event.persisted));
  const modelContext = {
    registerTool(tool: Record<string, unknown>, options?: { signal?: unknown }) {
      const signal = options?.signal;
      w.registrations.push({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)),
        annotations: tool.annotations,
        keys: Object.keys(tool).sort(),
        execute: typeof tool.execute,
        signal:
          signal instanceof AbortSignal ? (signal.aborted ? 'aborted AbortSignal' : 'AbortSignal') : String(signal),
      });
      w.tools.push(tool);
      if (signal instanceof AbortSignal) {
        w.signals.push(signal);
        signal.addEventListener('abort', () => {
          const aborted = JSON.parse(sessionStorage.getItem('aborted') ?? '[]') as string[];
          sessionStorage.setItem('aborted', JSON.stringify([...aborted, `${location.pathname} ${String(tool.name)}`]));
        });
      }
      const refusal = new DOMException(
        `A tool named "${String(tool.name)}" is already registered.`,
        'InvalidStateError',
      );
      if (w.registrations.length % 2 === 1) throw refusal;
      return Promise.reject(refusal);
    },
  };
  Object.defineProperty(navigator, 'modelContext', { value: modelContext, configurable: true });
}

/** In catalogue order, the order the script registers them. */
const TOOL_NAMES = ['get_page_markdown', 'get_site_guide', 'open_page', 'search_database'];

describe.skipIf(skip)('the site script with only navigator.modelContext', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  /** Every console message of any type, and every page error. */
  const said: string[] = [];

  beforeAll(async () => {
    [service, browser] = await Promise.all([
      startService(),
      launchSiteChromium({ webmcp: false, backForwardCache: true }),
    ]);
    const context = await browser.newContext();
    await context.addInitScript(stubNavigatorModelContext);
    page = await context.newPage();
    page.on('console', (message: ConsoleMessage) => said.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const state = () =>
    page.evaluate(() => {
      const w = window as unknown as { registrations: Registration[]; signals: AbortSignal[]; pageshows: boolean[] };
      return {
        documentModelContext: typeof (document as { modelContext?: unknown }).modelContext,
        registrations: w.registrations,
        aborted: w.signals.map((s) => s.aborted),
        distinctSignals: new Set(w.signals).size,
        pageshows: w.pageshows,
        abortedElsewhere: JSON.parse(sessionStorage.getItem('aborted') ?? '[]') as string[],
      };
    });

  const expectedRegistrations = WEBSITE_TOOLS.map(({ mcpTool: _shared, ...tool }) => ({
    ...tool,
    inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)),
    keys: ['annotations', 'description', 'execute', 'inputSchema', 'name', 'title'],
    execute: 'function',
    signal: 'AbortSignal',
  }));

  it('registers the four catalogue tools there, each with an AbortSignal, and says nothing about the refusals', async () => {
    await page.goto(`${service.baseUrl}/heroes/amane`);
    await page.waitForLoadState('load');
    const first = await state();
    expect(first.documentModelContext).toBe('undefined');
    expect(first.registrations.map((r) => r.name)).toEqual(TOOL_NAMES);
    expect(WEBSITE_TOOLS.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(first.registrations).toEqual(expectedRegistrations);
    expect(first.aborted).toEqual([false, false, false, false]);
    // One controller per registration round: aborting it unregisters all four.
    expect(first.distinctSignals).toBe(1);
    expect(first.pageshows).toEqual([false]);
    expect(first.abortedElsewhere).toEqual([]);
    // The refused registrations still hand over working tools: the stub kept them.
    const search = await page.evaluate(async () => {
      const [tool] = (
        window as unknown as {
          tools: {
            name: string;
            execute(input: unknown): Promise<{ structuredContent: { matches: { key: string }[] } }>;
          }[];
        }
      ).tools.filter((t) => t.name === 'search_database');
      return (await tool!.execute({ query: 'amnae', limit: 1 })).structuredContent.matches.map((m) => m.key);
    });
    expect(search).toEqual(['amane']);
    await page.waitForTimeout(200);
    expect(said).toEqual([]);
  });

  it('leaving the page aborts its signals; the back-forward cache bringing it back registers the tools again', async () => {
    await page.goto(`${service.baseUrl}/heroes/amane`);
    await page.waitForLoadState('load');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${service.baseUrl}/calculators`);
    await page.waitForLoadState('load');
    const next = await state();
    // The hero page's pagehide aborted its four signals; the calculators page registered its own.
    expect(next.abortedElsewhere).toEqual(TOOL_NAMES.map((name) => `/heroes/amane ${name}`));
    expect(next.registrations).toEqual(expectedRegistrations);
    expect(next.aborted).toEqual([false, false, false, false]);

    // A page restored from the cache fires no load event: wait for the navigation to commit and the pageshow to run.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { pageshows: boolean[] }).pageshows.length === 2,
      undefined,
      { timeout: 10_000 },
    );
    const back = await state();
    // Restored from the cache (pageshow with persisted): the same document, its first four signals aborted, four new ones.
    expect(back.pageshows).toEqual([false, true]);
    expect(back.registrations).toEqual([
      ...expectedRegistrations.map((r) => ({ ...r, signal: 'AbortSignal' })),
      ...expectedRegistrations,
    ]);
    expect(back.aborted).toEqual([true, true, true, true, false, false, false, false]);
    expect(back.distinctSignals).toBe(2);
    expect(back.abortedElsewhere).toEqual([
      ...TOOL_NAMES.map((name) => `/heroes/amane ${name}`),
      ...TOOL_NAMES.map((name) => `/calculators ${name}`),
    ]);
    await page.waitForTimeout(200);
    expect(said).toEqual([]);
  });
});
