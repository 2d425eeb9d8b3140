/** The site's own pages: the landing page, the guide, the generated developer reference, the 404 page, /robots.txt and /health. */
import { Hono } from 'hono';
import { DATA_VERSION } from '../../generated/data/version.js';
import { DEVELOPER_MARKDOWN } from '../../generated/developer-docs.js';
import type { EndpointMetadata } from '../../generated/metadata-types.js';
import { SERVER_NAME, SERVER_VERSION } from '../mcp/server-info.js';
import type { Calculator } from './calculators/calculator-list.js';
import { guideMarkdown } from './guide.js';
import { GUIDE_PATH } from './site-routes.js';
import { renderPage, sendMarkdown, sendPage } from './markdown.js';

function landingMarkdown(baseUrl: string, endpoints: readonly EndpointMetadata[]): string {
  return [
    '# Kingshot Companion',
    '',
    'Game reference data and upgrade-cost calculators for Kingshot, for AI assistants (MCP) and for people.',
    '',
    '## Connect an assistant',
    '',
    ...endpoints.map((e) => `- \`${baseUrl}${e.path}\`: ${e.description}`),
    '',
    'Add the URL as a remote MCP server (Streamable HTTP) in Claude, ChatGPT, VS Code or Cursor. For example,',
    "in VS Code's `.vscode/mcp.json`:",
    '',
    '```json',
    JSON.stringify({ servers: { kingshot: { type: 'http', url: `${baseUrl}/mcp` } } }, null, 2),
    '```',
    '',
    'Then ask: *"What does Gold T2 ★1 to Gold T3 ★3 cost for two pieces?"*',
    '',
    '## More',
    '',
    '- [Game reference](/reference): heroes, Masters, items, events and the community tier lists, as pages (also in Markdown).',
    '- [Calculators](/calculators): what an upgrade costs (Governor Gear and Charms, Truegold, hero shards, widgets, Mastery Forging), step by step.',
    '- [Site guide](/guide): the sections, and the in-page tools an agent in the browser can use (WebMCP).',
    '- [Developer reference](/developers): every tool, its arguments and results, and the deprecation changelog.',
    `- Game data version: \`${DATA_VERSION}\`.`,
    '',
  ].join('\n');
}

export function sitePages(options: {
  baseUrl: string;
  endpoints: readonly EndpointMetadata[];
  calculators: readonly Calculator[];
}): Hono {
  const guide = renderPage({
    title: 'Site guide - Kingshot Companion',
    description: 'What the Kingshot Companion site holds and how people and agents use it.',
    markdown: guideMarkdown(options.baseUrl, options.endpoints, options.calculators),
  });
  // Everything may be crawled; the sitemap lists every page.
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${options.baseUrl}/sitemap.xml\n`;
  const landing = renderPage({
    title: 'Kingshot Companion',
    description: 'Kingshot game data and upgrade-cost calculators for AI assistants.',
    markdown: landingMarkdown(options.baseUrl, options.endpoints),
  });
  const developers = renderPage({ title: 'Developer reference - Kingshot Companion', markdown: DEVELOPER_MARKDOWN });
  const app = new Hono();
  app.get('/', (c) => sendPage(c, landing));
  app.get('/developers', (c) => sendPage(c, developers));
  app.get('/developers.md', () => sendMarkdown(developers.markdown));
  app.get(GUIDE_PATH, (c) => sendPage(c, guide));
  app.get(`${GUIDE_PATH}.md`, () => sendMarkdown(guide.markdown));
  app.get(
    '/robots.txt',
    () =>
      new Response(robots, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
      }),
  );
  app.get('/health', (c) =>
    c.json({ status: 'ok', name: SERVER_NAME, version: SERVER_VERSION, data_version: DATA_VERSION }, 200, {
      'Cache-Control': 'no-store',
    }),
  );
  return app;
}

export const notFoundPage = renderPage({
  title: 'Not found - Kingshot Companion',
  markdown:
    '# Not found\n\nThere is no page at this address. Start from the [home page](/) or the [developer reference](/developers).\n',
});
