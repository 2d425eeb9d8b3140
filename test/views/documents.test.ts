/**
 * The view documents without a browser: how codegen builds them (and reports a view that does not build), what
 * each generated document contains and must not contain, and how the server lists, reads and links them.
 */
import { resolve } from 'node:path';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../codegen/generate.js';
import { formatProblem, type Problem } from '../../codegen/problems.js';
import { buildView } from '../../codegen/build/views.js';
import { viewDocument } from '../../codegen/emit/views.js';
import { VIEWS } from '../../generated/views/index.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/protocol-versions.js';
import { VIEW_MIME_TYPE } from '../../src/mcp/resources.js';
import { fixtureRoot } from '../codegen/fixture-root.js';
import { rpc, testApp } from '../helpers.js';

const { catalog } = loadCatalog(resolve(import.meta.dirname, '../..'));
const tools = catalog!.tools;
/**
 * Every tool with a view and its view's URI, in URI order (the order of VIEWS and resources/list), read from the
 * tools' YAML (`view:`): the catalogue is the one place that says which tool has which view.
 */
const VIEW_OF_TOOL: Record<string, string> = Object.fromEntries(
  tools
    .flatMap((t) => (t.view === undefined ? [] : [[t.name, t.view] as const]))
    .sort(([, a], [, b]) => a.localeCompare(b)),
);

describe('building a view', () => {
  it('bundles the entry and its imports, CSS included, into one script and one stylesheet', async () => {
    const root = fixtureRoot({
      'views/demo/main.ts':
        "import './demo.css';\nimport { greeting } from '../shared/text.js';\ndocument.title = greeting('</script>');\n",
      'views/demo/demo.css': 'main { color: rebeccapurple; }\nmain::after { content: "</style>"; }\n',
      'views/shared/text.ts': 'export const greeting = (name: string): string => `hello ${name}`;\n',
    });
    const built = await buildView(root, 'demo', new Map());
    if (Array.isArray(built)) throw new Error(JSON.stringify(built));
    expect(built.css.trim()).toBe('main{color:#639}main:after{content:"<\\/style>"}');
    expect(built.js).toContain('hello ');
    // esbuild writes "<\/script>" and "<\/style>" inside strings, so neither inline element is closed by its own data
    // (codegen relies on this and checks only for what esbuild leaves, "<!--").
    expect(built.js).not.toMatch(/<\/script/i);
    expect(built.css).not.toMatch(/<\/style/i);
  });

  it('refuses a bundle with "<!--" in the inline script, which esbuild does not escape', async () => {
    // In script data, "<!--" then "<script" puts the HTML parser where our "</script>" no longer closes the element.
    const root = fixtureRoot({ 'views/comment/main.ts': "document.title = '<!--<script>';\n" });
    const built = await buildView(root, 'comment', new Map());
    expect(Array.isArray(built)).toBe(true);
    expect((built as Problem[]).map(formatProblem)).toEqual([
      'views/comment/main.ts:1:1 (document): the bundled script contains "<!--", which can keep the inline <script> from ending at its </script>; build that text at run time (esbuild folds "<!" + "--" back into "<!--")',
    ]);
  });

  it.each([
    [
      'a syntax error',
      { 'views/bad/main.ts': 'const x = ;\n' },
      /^views\/bad\/main\.ts:1:11 \(document\): esbuild: Unexpected ";"$/,
    ],
    [
      'a missing import',
      { 'views/bad/main.ts': "import '../shared/nope.js';\n" },
      /^views\/bad\/main\.ts:1:8 \(document\): esbuild: Could not resolve "\.\.\/shared\/nope\.js"$/,
    ],
  ])('reports %s with file, line and column', async (_, files, expected) => {
    const built = await buildView(fixtureRoot(files), 'bad', new Map());
    expect(Array.isArray(built)).toBe(true);
    expect((built as Problem[]).map(formatProblem)).toEqual([expect.stringMatching(expected)]);
  });

  it('writes the document around the bundle, escaping the title', () => {
    const html = viewDocument(
      { uri: 'ui://kingshot/demo', name: 'demo', title: 'Tom & "Jerry" <3' },
      { js: 'run();', css: 'p{margin:0}' },
    );
    expect(html).toBe(
      [
        '<!doctype html>',
        '<html lang="en" data-view="demo">',
        '<head>',
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light dark">',
        '<title>Tom &amp; &quot;Jerry&quot; &lt;3</title>',
        '<!-- ui://kingshot/demo: built by `npm run codegen` from views/demo/ -->',
        '<style>p{margin:0}</style>',
        '</head>',
        '<body>',
        '<main id="app"></main>',
        '<script>run();</script>',
        '</body>',
        '</html>',
        '',
      ].join('\n'),
    );
  });
});

describe('the generated view documents', () => {
  it('one per tool that declares a view, each linked from exactly its tool', () => {
    // Which tools have a view is the catalogue's to say (a view is optional, docs/views.md); the set is pinned once,
    // in test/catalogue-facts.json.
    expect(VIEWS.map((v) => v.tools)).toEqual(Object.keys(VIEW_OF_TOOL).map((t) => [t]));
    expect(VIEWS.map((v) => v.uri)).toEqual(Object.values(VIEW_OF_TOOL));
    for (const view of VIEWS) {
      expect(view.uri).toBe(`ui://kingshot/${view.name}`);
      expect(tools.find((t) => t.name === view.tools[0])!.view).toBe(view.uri);
    }
  });

  it.each(VIEWS.map((v) => [v.name, v] as const))(
    '%s: a self-contained HTML5 document that loads nothing',
    (name, view) => {
      const { html } = view;
      expect(html.startsWith(`<!doctype html>\n<html lang="en" data-view="${name}">\n`)).toBe(true);
      expect(html).toContain(`<title>${view.title}</title>`);
      expect(html.match(/<script/gi)).toHaveLength(1);
      expect(html.match(/<\/script>/gi)).toHaveLength(1);
      expect(html.match(/<style/gi)).toHaveLength(1);
      // Nothing fetched: no src/href attributes, no CSS imports or url()s, no network APIs in the script.
      expect(html).not.toMatch(/\s(src|href|srcset)=|@import|url\(|<link|<iframe/i);
      expect(html).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon|import\(/);
      // Of the server's code only the import-free modules the views share (src/mcp/server-info.ts,
      // src/reference/labels.ts): not, say, the protocol-version list src/mcp/initialize.ts would bring along.
      for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect(html).not.toContain(version);
      // Small: a few kilobytes of our own code (the official App class would add about 500 KB).
      expect(Buffer.byteLength(html)).toBeLessThan(30_000);
    },
  );
});

describe('views on the wire', () => {
  const app = testApp();

  it('resources/list lists every view with the MCP Apps mimeType and _meta.ui', async () => {
    expect(VIEW_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    const { resources } = (await rpc(app, 'resources/list')).json.result;
    expect(resources).toEqual(
      VIEWS.map((v) => ({
        uri: v.uri,
        name: v.name,
        title: v.title,
        description: v.description,
        mimeType: 'text/html;profile=mcp-app',
        _meta: { ui: { prefersBorder: true } },
      })),
    );
    expect(resources.map((r: { uri: string }) => r.uri)).toEqual(Object.values(VIEW_OF_TOOL));
    expect(resources[2]).toEqual({
      uri: 'ui://kingshot/hero',
      name: 'hero',
      title: 'Hero details',
      description:
        "MCP Apps view of the get_hero result. The tool's text content carries the same data for hosts without views.",
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { prefersBorder: true } },
    });
    expect(resources[1]).toEqual({
      uri: 'ui://kingshot/governor-gear-cost',
      name: 'governor-gear-cost',
      title: 'Governor Gear upgrade cost',
      description:
        "MCP Apps view of the governor_gear_cost result. The tool's text content carries the same data for hosts without views.",
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { prefersBorder: true } },
    });
  });

  it.each(VIEWS.map((v) => [v.uri, v] as const))('resources/read %s returns the document', async (uri, view) => {
    const r = await rpc(app, 'resources/read', { uri });
    expect(r.json.result).toEqual({
      contents: [
        { uri, mimeType: 'text/html;profile=mcp-app', text: view.html, _meta: { ui: { prefersBorder: true } } },
      ],
    });
  });

  it('tools/list links each view tool to its view with both keys from 2025-06-18, and not before', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const listed = (await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': version })).json.result.tools;
      expect(
        listed
          .filter((t: { _meta?: unknown }) => t._meta !== undefined)
          .map((t: { name: string }) => t.name)
          .sort(),
      ).toEqual(Object.keys(VIEW_OF_TOOL).sort());
      for (const [name, uri] of Object.entries(VIEW_OF_TOOL)) {
        expect(listed.find((t: { name: string }) => t.name === name)._meta).toEqual({
          ui: { resourceUri: uri },
          'ui/resourceUri': uri,
        });
      }
    }
    const old = (await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2025-03-26' })).json.result.tools;
    expect(old.every((t: { _meta?: unknown }) => t._meta === undefined)).toBe(true);
  });

  it('the tool result stays a complete text fallback: the text content is the whole structured result', async () => {
    const r = await rpc(
      app,
      'tools/call',
      { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 } },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    const { content, structuredContent } = r.json.result;
    expect(JSON.parse(content[0].text)).toEqual(structuredContent);
    expect(structuredContent.totals).toEqual({ satin: 786000, gilded_threads: 7920, artisans_vision: 1530 });
  });
});
