/**
 * The in-page WebMCP tools in Chromium with its native `document.modelContext` (--enable-features=WebMCP), against
 * the real service: on one page of every kind getTools() lists exactly the four catalogue tools with their schemas;
 * executeTool of each gives the expected result (search_database's structuredContent equals the MCP tool's, and
 * on every kind of page search_database and get_page_markdown({}) answer exactly); open_page navigates, and refuses
 * another origin, javascript:, data:, a missing page and an address that is not an HTML page without moving.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_VERSION } from '../../generated/data/version.js';
import { WEBSITE_TOOLS } from '../../generated/website/tools.js';
import { startService, type RunningService } from '../service.js';
import { chromiumAvailable, collectProblems, launchSiteChromium, PAGE_KINDS } from './browser.js';

// CI installs Chromium (.ci/run) and must not skip; elsewhere a machine without it skips with this reason.
const skip = !chromiumAvailable() && !process.env.CI;
if (skip)
  process.stderr.write(
    'test/site/webmcp.ci.test.ts: /usr/bin/chromium is missing (apt-get install -y chromium); skipping the browser tests\n',
  );

interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
  isError?: boolean;
}

describe.skipIf(skip)('WebMCP tools on every page', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [service, browser] = await Promise.all([startService(), launchSiteChromium({ webmcp: true })]);
    page = await browser.newPage();
    problems = collectProblems(page);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const goto = async (path: string) => {
    await page.goto(`${service.baseUrl}${path}`);
    // The script is deferred: it has registered once the document has loaded.
    await page.waitForLoadState('load');
  };

  async function execute(name: string, input: unknown): Promise<ToolResult> {
    const raw = await page.evaluate(
      async ([toolName, toolInput]) => {
        const context = (document as any).modelContext;
        const [tool] = (await context.getTools()).filter((t: { name: string }) => t.name === toolName);
        return context.executeTool(tool, toolInput);
      },
      [name, input] as const,
    );
    // Chromium 156 hands back the serialised result.
    return (typeof raw === 'string' ? JSON.parse(raw) : raw) as ToolResult;
  }

  async function mcpCall(name: string, args: unknown): Promise<ToolResult> {
    const res = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    return ((await res.json()) as { result: ToolResult }).result;
  }

  const errorOf = (result: ToolResult) =>
    JSON.parse(result.content[0]!.text).error as { code: string; message: string };

  it('getTools() lists exactly the four tools, with the catalogue titles, descriptions, schemas and annotations', async () => {
    for (const [kind, path] of Object.entries(PAGE_KINDS)) {
      await goto(path);
      // The 404 page's own status is the one console line a page may cause (Chromium logs every failed load).
      if (kind === 'not found')
        expect(problems.splice(0)).toEqual([
          'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
        ]);
      const tools = await page.evaluate(async () =>
        ((await (document as any).modelContext.getTools()) as any[]).map((t) => ({
          name: t.name,
          title: t.title,
          description: t.description,
          inputSchema: typeof t.inputSchema === 'string' ? JSON.parse(t.inputSchema) : t.inputSchema,
          readOnly: t.annotations.readOnlyHint,
        })),
      );
      expect(tools.map((t) => t.name).sort(), kind).toEqual([
        'get_page_markdown',
        'get_site_guide',
        'open_page',
        'search_database',
      ]);
      for (const tool of tools) {
        const expected = WEBSITE_TOOLS.find((t) => t.name === tool.name)!;
        expect(tool, `${kind}: ${tool.name}`).toEqual({
          name: expected.name,
          title: expected.title,
          description: expected.description,
          inputSchema: expected.inputSchema,
          readOnly: expected.annotations.readOnlyHint,
        });
      }
    }
    expect(WEBSITE_TOOLS.find((t) => t.name === 'open_page')!.annotations.readOnlyHint).toBe(false);
    expect(problems).toEqual([]);
  });

  it("search_database gives the MCP tool's result for the same arguments, errors included", async () => {
    await goto('/heroes/amane');
    for (const args of [
      { query: 'amnae' },
      { query: 'shard', kind: 'items', limit: 3 },
      { query: 'Amadeus', kind: 'event' },
      { query: 'xyzzy' },
    ]) {
      const [inPage, mcp] = await Promise.all([execute('search_database', args), mcpCall('search_database', args)]);
      expect(inPage.isError, JSON.stringify(args)).toBe(false);
      expect(inPage.structuredContent, JSON.stringify(args)).toEqual(mcp.structuredContent);
      expect(inPage.content, JSON.stringify(args)).toEqual(mcp.content);
      expect(mcp.isError, JSON.stringify(args)).toBeUndefined();
    }
    expect((await execute('search_database', { query: 'amnae' })).structuredContent!.matches[0]).toMatchObject({
      key: 'amane',
      url: `${service.baseUrl}/heroes/amane`,
    });
    for (const args of [{ query: '?!' }, { query: 'amadeus', kind: 'pets' }, {}]) {
      const [inPage, mcp] = await Promise.all([execute('search_database', args), mcpCall('search_database', args)]);
      expect(inPage.isError, JSON.stringify(args)).toBe(true);
      expect(errorOf(inPage), JSON.stringify(args)).toEqual(errorOf(mcp));
    }
    expect(errorOf(await execute('search_database', { query: '?!' })).message).toContain('letters or digits');
  });

  it("on every kind of page, search_database gives the MCP tool's result and get_page_markdown({}) that page's Markdown", async () => {
    const headings: Record<string, string> = {
      home: '# Kingshot Companion',
      search: '# Search',
      connect: '# Connect an assistant',
      guide: '# Site guide',
      reference: '# Game reference',
      'heroes index': '# Heroes',
      hero: '# Amadeus',
      master: '# Valora',
      item: '# Satin',
      event: '# Bear Hunt',
      'tier list': '# Hero tier lists',
      'tier list role': '# Rally leader tier list',
      developers: '# Kingshot MCP: developer reference',
      calculators: '# Upgrade-cost calculators',
      'calculator form': '# Truegold building upgrade cost',
      'calculator result': '# Governor Gear upgrade cost',
      'not found': '# Not found',
    };
    expect(Object.keys(headings)).toEqual(Object.keys(PAGE_KINDS));
    const search = { query: 'amnae' };
    const mcp = await mcpCall('search_database', search);
    expect(mcp.structuredContent).toEqual({
      query: 'amnae',
      kind: 'all',
      matches: [
        {
          key: 'amane',
          kind: 'hero',
          name: 'Amane',
          score: 0.745,
          url: `${service.baseUrl}/heroes/amane`,
          matched: 'Amane',
          match_type: 'words',
          summary: 'Epic archer hero, generation 1',
        },
      ],
      total_matches: 1,
      data_version: DATA_VERSION,
    });
    for (const [kind, path] of Object.entries(PAGE_KINDS)) {
      await goto(path);
      expect(await execute('search_database', search), kind).toEqual({
        content: mcp.content,
        structuredContent: mcp.structuredContent,
        isError: false,
      });

      const answer = await fetch(`${service.baseUrl}${path}`, { headers: { accept: 'text/markdown' } });
      const markdown = await answer.text();
      expect(markdown.split('\n')[0], kind).toBe(headings[kind]);
      const current = await execute('get_page_markdown', {});
      if (kind === 'not found') {
        expect(answer.status).toBe(404);
        expect(current).toEqual({
          content: [
            {
              type: 'text',
              text: JSON.stringify({
                error: {
                  code: 'NOT_FOUND',
                  message:
                    "There is no page at /heroes/nobody on this site. search_database finds records' pages; get_site_guide lists the sections.",
                  argument: '/url',
                },
              }),
            },
          ],
          isError: true,
        });
      } else {
        expect(answer.status, kind).toBe(200);
        expect(current, kind).toEqual({
          content: [{ type: 'text', text: markdown }],
          structuredContent: { url: `${service.baseUrl}${path}`, markdown },
          isError: false,
        });
      }
    }
    // The 404 page's load and the tool's read of it are the only console lines (Chromium logs every failed load).
    expect(problems.splice(0)).toEqual(
      Array(2).fill('error: Failed to load resource: the server responded with a status of 404 (Not Found)'),
    );
    // The result page's address keeps its query string: its Markdown is that result, not the bare form.
    await goto(PAGE_KINDS['calculator result']!);
    const gear = await execute('get_page_markdown', {});
    expect(gear.structuredContent!.url).toBe(
      `${service.baseUrl}/calculators/governor-gear-cost?from=Gold+T2+%E2%98%851&to=Gold+T3+%E2%98%853&pieces=2`,
    );
    expect(gear.content[0]!.text).toContain('## Gold T2 ★1 → Gold T3 ★3, 2 pieces');
    expect(gear.content[0]!.text).toContain('| Satin | 393,000 | 786,000 |');
  });

  it('get_page_markdown reads this page, a path or an absolute URL of this site as its Markdown, and refuses others', async () => {
    await goto('/heroes/amane');
    const markdownOf = async (path: string) =>
      (await fetch(`${service.baseUrl}${path}`, { headers: { accept: 'text/markdown' } })).text();
    const current = await execute('get_page_markdown', {});
    expect(current.isError).toBe(false);
    expect(current.content[0]!.text).toBe(await markdownOf('/heroes/amane'));
    expect(current.structuredContent).toEqual({
      url: `${service.baseUrl}/heroes/amane`,
      markdown: await markdownOf('/heroes/amane'),
    });
    expect((await execute('get_page_markdown', { url: '/tier-list' })).content[0]!.text).toBe(
      await markdownOf('/tier-list'),
    );
    expect((await execute('get_page_markdown', { url: `${service.baseUrl}/items/satin` })).content[0]!.text).toBe(
      await markdownOf('/items/satin'),
    );
    const calculator = '/calculators/hero-shards-cost?from=0★&to=5★';
    const shards = await execute('get_page_markdown', { url: calculator });
    expect(shards.content[0]!.text).toContain('| Hero Shards | 1,065 |');

    const other = await execute('get_page_markdown', { url: 'https://example.com/heroes/amane' });
    expect(other.isError).toBe(true);
    expect(errorOf(other)).toEqual(
      expect.objectContaining({
        code: 'INVALID_ARGUMENTS',
        message: `url "https://example.com/heroes/amane" is on another site (https://example.com); only pages of this site (${service.baseUrl}) can be read or opened.`,
      }),
    );
    const missing = await execute('get_page_markdown', { url: '/heroes/nobody' });
    expect(errorOf(missing)).toEqual(
      expect.objectContaining({
        code: 'NOT_FOUND',
        message:
          "There is no page at /heroes/nobody on this site. search_database finds records' pages; get_site_guide lists the sections.",
      }),
    );
    const bad = await execute('get_page_markdown', { url: 7 });
    expect(errorOf(bad)).toEqual(
      expect.objectContaining({
        code: 'INVALID_ARGUMENTS',
        message: 'Invalid arguments: url must be string, not an integer (7).',
      }),
    );
    const refused = await execute('get_page_markdown', {
      url: '/calculators/governor-gear-cost?from=Gold+T9&to=Gold+T3',
    });
    expect(errorOf(refused).message).toContain('"Gold T9" is not a Governor Gear level');
  });

  it('get_site_guide returns /guide as Markdown, naming the four tools and both MCP endpoints', async () => {
    await goto('/calculators');
    const guide = await execute('get_site_guide', {});
    const expected = await (await fetch(`${service.baseUrl}/guide.md`)).text();
    expect(guide.isError).toBe(false);
    expect(guide.content[0]!.text).toBe(expected);
    for (const name of ['search_database', 'get_page_markdown', 'get_site_guide', 'open_page'])
      expect(expected).toContain(`- \`${name}\``);
    expect(expected).toContain(`- \`${service.baseUrl}/mcp\` (no sign-in)`);
    expect(expected).toContain(`- \`${service.baseUrl}/mcp/account\` (OAuth sign-in`);
  });

  it('open_page navigates the tab to a page of this site', async () => {
    await goto('/heroes/amane');
    const result = await execute('open_page', { url: '/items/satin' });
    expect(result).toEqual({
      content: [{ type: 'text', text: `Opening ${service.baseUrl}/items/satin.` }],
      structuredContent: { url: `${service.baseUrl}/items/satin`, opened: true },
      isError: false,
    });
    await page.waitForURL(`${service.baseUrl}/items/satin`);
    expect(await page.locator('h1').first().textContent()).toBe('Satin');
    await page.waitForLoadState('load');
    await execute('open_page', { url: '/calculators/hero-widgets-cost?from=0&to=10' });
    await page.waitForURL(`${service.baseUrl}/calculators/hero-widgets-cost?from=0&to=10`);
    await page.waitForLoadState('load');
    // Back to the item page (from the back-forward cache or not): its tools are there again.
    await page.goBack();
    await page.waitForURL(`${service.baseUrl}/items/satin`);
    const names = await page.evaluate(async () =>
      ((await (document as any).modelContext.getTools()) as { name: string }[]).map((t) => t.name).sort(),
    );
    expect(names).toEqual(['get_page_markdown', 'get_site_guide', 'open_page', 'search_database']);
  });

  it('open_page refuses another origin, javascript:, data: and a page that does not exist, and stays put', async () => {
    await goto('/heroes/amane');
    const here = page.url();
    const cases: [string, string, string][] = [
      [
        'https://evil.example/heroes/amane',
        'INVALID_ARGUMENTS',
        `url "https://evil.example/heroes/amane" is on another site (https://evil.example); only pages of this site (${service.baseUrl}) can be read or opened.`,
      ],
      [
        '//evil.example/x',
        'INVALID_ARGUMENTS',
        `url "//evil.example/x" is on another site (http://evil.example); only pages of this site (${service.baseUrl}) can be read or opened.`,
      ],
      [
        'javascript:alert(1)',
        'INVALID_ARGUMENTS',
        `url "javascript:alert(1)" is a javascript: URL; only pages of this site (${service.baseUrl}) can be read or opened.`,
      ],
      [
        'data:text/html,<h1>x</h1>',
        'INVALID_ARGUMENTS',
        `url "data:text/html,<h1>x</h1>" is a data: URL; only pages of this site (${service.baseUrl}) can be read or opened.`,
      ],
      [
        '/heroes/nobody',
        'NOT_FOUND',
        "There is no page at /heroes/nobody on this site; the tab stays where it is. search_database finds records' pages.",
      ],
    ];
    for (const [url, code, message] of cases) {
      const result = await execute('open_page', { url });
      expect(result.isError, url).toBe(true);
      expect(errorOf(result), url).toEqual(expect.objectContaining({ code, message }));
    }
    const missing = await execute('open_page', {});
    expect(errorOf(missing)).toEqual(
      expect.objectContaining({
        code: 'INVALID_ARGUMENTS',
        message:
          'Invalid arguments: missing required argument "url" (A path of this site (`/heroes/amane`) or an absolute URL of this site).',
      }),
    );
    await page.waitForTimeout(300);
    expect(page.url()).toBe(here);
    // Chromium logs the checks' 404 answers itself (every failed load is logged); nothing else was said.
    expect(
      problems.filter((p) => !/^error: Failed to load resource: the server responded with a status of 40[04]/.test(p)),
    ).toEqual([]);
  });

  it('open_page refuses addresses that answer 200 but are not HTML pages (the script, /health, the sitemap, llms.txt, robots.txt, Markdown), and stays put', async () => {
    await goto('/heroes/amane');
    problems.splice(0);
    const here = page.url();
    const cases: [string, string][] = [
      ['/site/webmcp.js', 'text/javascript'],
      ['/health', 'application/json'],
      ['/sitemap.xml', 'application/xml'],
      ['/llms.txt', 'text/plain'],
      ['/robots.txt', 'text/plain'],
      ['/heroes/amane.md', 'text/markdown'],
      [`${service.baseUrl}/calculators.md`, 'text/markdown'],
    ];
    for (const [url, type] of cases) {
      const path = url.replace(service.baseUrl, '');
      const result = await execute('open_page', { url });
      expect(result, url).toEqual({
        content: [
          {
            type: 'text',
            text: JSON.stringify({
              error: {
                code: 'NOT_FOUND',
                message: `${path} is not a page of this site (it answers ${type}, not an HTML page); the tab stays where it is. get_page_markdown reads a page's Markdown; search_database finds records' pages.`,
                argument: '/url',
              },
            }),
          },
        ],
        isError: true,
      });
    }
    await page.waitForTimeout(300);
    expect(page.url()).toBe(here);
    expect(problems).toEqual([]);
  });
});
