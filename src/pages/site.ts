/** The site's own pages: the home page, /connect, the guide, the generated developer reference, the 404 page, /robots.txt and /health. */
import { Hono } from 'hono';
import { DATA_VERSION } from '../../generated/data/version.js';
import { developerMarkdown } from './developer-page.js';
import type { EndpointMetadata } from '../../generated/metadata-types.js';
import { SERVER_NAME, SERVER_VERSION } from '../mcp/server-info.js';
import type { Calculator } from './calculators/calculator-list.js';
import { guideMarkdown } from './guide.js';
import { CONNECT_PATH, connectMarkdown, HOME_PATH, homeHtmlBody, homeMarkdown } from './home.js';
import { GUIDE_PATH } from './site-routes.js';
import { pageOnFirstRequest, sendMarkdown, sendPage } from './markdown.js';

export function sitePages(options: {
  baseUrl: string;
  endpoints: readonly EndpointMetadata[];
  calculators: readonly Calculator[];
}): Hono {
  const guide = pageOnFirstRequest(() => ({
    title: 'Site guide - Kingshot Companion',
    description: 'What the Kingshot Companion site holds and how people and agents use it.',
    markdown: guideMarkdown(options.baseUrl, options.endpoints, options.calculators),
  }));
  // Everything may be crawled; the sitemap lists every page.
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${options.baseUrl}/sitemap.xml\n`;
  const home = pageOnFirstRequest(
    () => ({
      title: 'Kingshot Companion: heroes, tier list and upgrade costs',
      description: 'Search Kingshot heroes, Masters, items and events; hero tier lists; upgrade-cost calculators.',
      markdown: homeMarkdown(options.baseUrl, options.calculators),
    }),
    { arrangeBody: homeHtmlBody },
  );
  const connect = pageOnFirstRequest(() => ({
    title: 'Connect an assistant - Kingshot Companion',
    description: 'Use the Kingshot Companion data in Claude, ChatGPT, VS Code or Cursor over MCP.',
    markdown: connectMarkdown(options.baseUrl, options.endpoints),
  }));
  const developers = pageOnFirstRequest(() => ({
    title: 'Developer reference - Kingshot Companion',
    markdown: developerMarkdown(),
  }));
  const app = new Hono();
  app.get(HOME_PATH, (c) => sendPage(c, home()));
  app.get('/index.md', () => sendMarkdown(home().markdown));
  app.get(CONNECT_PATH, (c) => sendPage(c, connect()));
  app.get(`${CONNECT_PATH}.md`, () => sendMarkdown(connect().markdown));
  app.get('/developers', (c) => sendPage(c, developers()));
  app.get('/developers.md', () => sendMarkdown(developers().markdown));
  app.get(GUIDE_PATH, (c) => sendPage(c, guide()));
  app.get(`${GUIDE_PATH}.md`, () => sendMarkdown(guide().markdown));
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

export const notFoundPage = pageOnFirstRequest(() => ({
  title: 'Not found - Kingshot Companion',
  markdown:
    '# Not found\n\nThere is no page at this address. Start from the [home page](/) or the [developer reference](/developers).\n',
}));
