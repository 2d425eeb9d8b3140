/**
 * The game-reference site: /reference, /heroes, /masters, /items, /events (indexes), one page per record at
 * /<kind>/<key>, /tier-list, /sitemap.xml and /llms.txt. Every page is rendered on its first request and kept (per
 * base URL), then served as HTML or, for `Accept: text/markdown` or a `.md` path, as Markdown. An unknown key is
 * the 404 page (in Markdown at a `.md` path).
 */
import { Hono, type Context } from 'hono';
import { eventsFile, heroesFile, itemsFile, mastersFile, summaryOf, tierListFile } from '../reference/records.js';
import { keyLabel } from '../reference/labels.js';
import { KINDS } from '../reference/kinds.js';
import { RECORD_KINDS, type RecordKind } from '../reference/search.js';
import { CALCULATOR_LINKS, CALCULATOR_PATHS, CALCULATORS_PATH } from './calculators/calculator-list.js';
import { CONNECT_PATH, SEARCH_PATH } from './home.js';
import { escapeHtml } from './layout.js';
import { pageOnFirstRequest, sendMarkdown, sendPage, type RenderedPage } from './markdown.js';
import { notFoundPage } from './site.js';
import {
  eventMarkdown,
  eventsIndexMarkdown,
  heroesIndexMarkdown,
  heroMarkdown,
  itemMarkdown,
  lineupsMarkdown,
  overallListsMarkdown,
  TIER_LIST_LINEUPS_PATH,
  TIER_LIST_OVERALL_PATH,
  tierRoleMarkdown,
  tierRolePath,
  itemsIndexMarkdown,
  masterMarkdown,
  mastersIndexMarkdown,
  referenceIndexMarkdown,
  tierListMarkdown,
} from './reference-markdown.js';

const SITE = 'Kingshot Companion';

/** Pages of the rest of the site that the sitemap lists too (they also answer in Markdown). */
const SITE_PATHS = ['/', SEARCH_PATH, CONNECT_PATH, '/guide', '/developers', CALCULATORS_PATH, ...CALCULATOR_PATHS];

export interface ReferenceSite {
  /**
   * Path -> the page, in sitemap order. Each renders on its first request and is kept: rendering all 142 with
   * marked took 0.7-0.9 s in a fresh process (measured 2026-11-26 on two shared cores), which start-up should not
   * wait for.
   */
  readonly pages: ReadonlyMap<string, () => RenderedPage>;
  readonly sitemapXml: string;
  readonly llmsTxt: string;
}

function page(title: string, description: string, markdown: () => string): () => RenderedPage {
  return pageOnFirstRequest(() => ({ title: `${title} - ${SITE}`, description, markdown: markdown() }), {
    fromData: true,
  });
}

function buildReferenceSite(baseUrl: string): ReferenceSite {
  const pages = new Map<string, () => RenderedPage>();
  pages.set(
    '/reference',
    page('Game reference', 'Kingshot heroes, Masters, items, events and tier lists.', () =>
      referenceIndexMarkdown(baseUrl),
    ),
  );
  pages.set(
    '/heroes',
    page('Heroes', 'Every Kingshot hero.', () => heroesIndexMarkdown(baseUrl)),
  );
  pages.set(
    '/masters',
    page('Masters', 'The Kingshot Master Academy Masters.', () => mastersIndexMarkdown(baseUrl)),
  );
  pages.set(
    '/items',
    page('Items', 'Kingshot items and where to get them.', () => itemsIndexMarkdown(baseUrl)),
  );
  pages.set(
    '/events',
    page('Events', 'Kingshot events, rewards and tips.', () => eventsIndexMarkdown(baseUrl)),
  );
  pages.set(
    '/tier-list',
    page('Hero tier lists', 'Community Kingshot hero tier lists by role and generation.', () =>
      tierListMarkdown(baseUrl),
    ),
  );
  for (const role of tierListFile.roles)
    pages.set(
      tierRolePath(role.key),
      page(`${keyLabel(role.key)} tier list`, `Kingshot heroes rated for ${keyLabel(role.key)}, by generation.`, () =>
        tierRoleMarkdown(role, baseUrl),
      ),
    );
  pages.set(
    TIER_LIST_OVERALL_PATH,
    page('Overall tier lists', 'Overall Kingshot hero tier lists of other sites, side by side.', () =>
      overallListsMarkdown(baseUrl),
    ),
  );
  pages.set(
    TIER_LIST_LINEUPS_PATH,
    page('Lead lineups', 'Kingshot three-hero lead lineups by generation.', () => lineupsMarkdown(baseUrl)),
  );
  for (const hero of heroesFile.heroes)
    pages.set(
      `/heroes/${hero.key}`,
      page(hero.name, summaryOf('hero', hero.key), () => heroMarkdown(hero, baseUrl)),
    );
  for (const master of mastersFile.masters)
    pages.set(
      `/masters/${master.key}`,
      page(master.name, summaryOf('master', master.key), () => masterMarkdown(master, baseUrl)),
    );
  for (const item of itemsFile.items)
    pages.set(
      `/items/${item.key}`,
      page(item.name, summaryOf('item', item.key), () => itemMarkdown(item, baseUrl)),
    );
  for (const event of eventsFile.events)
    pages.set(
      `/events/${event.key}`,
      page(event.name, summaryOf('event', event.key), () => eventMarkdown(event, baseUrl)),
    );

  const urls = [...SITE_PATHS, ...pages.keys()].map((path) => `${baseUrl}${path}`);
  const sitemapXml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return { pages, sitemapXml, llmsTxt: llmsTxt(baseUrl) };
}

/** https://llmstxt.org: what the site is, then its pages as Markdown links with one line each. */
function llmsTxt(baseUrl: string): string {
  const section = (title: string, kind: RecordKind, list: readonly { key: string; name: string }[]) => [
    `## ${title}`,
    '',
    ...list.map(
      (r) =>
        `- [${r.name}](${baseUrl}/${KINDS[kind].path}/${r.key}.md): ${summaryOf(kind, r.key).replace(/\s+/g, ' ')}`,
    ),
    '',
  ];
  return [
    `# ${SITE}`,
    '',
    '> Kingshot (mobile strategy game) reference data - heroes, Masters, items, events, community tier lists - and upgrade-cost calculators, with sources and confidence for every record. For people as web pages and for AI assistants as an MCP server.',
    '',
    `Every page below is Markdown (the same URL without \`.md\` is the HTML page; \`Accept: text/markdown\` also gives Markdown). The MCP endpoint is ${baseUrl}/mcp (Streamable HTTP, no sign-in): call \`search_database\` with a name (typos and aliases are fine), then \`get_hero\`, \`get_master\`, \`get_item\` or \`get_event\` with the key it returns.`,
    '',
    '## Reference',
    '',
    `- [Game reference](${baseUrl}/reference.md): what is here and how it is sourced`,
    `- [Heroes](${baseUrl}/heroes.md): all ${heroesFile.heroes.length} heroes`,
    `- [Masters](${baseUrl}/masters.md): the ${mastersFile.masters.length} Masters`,
    `- [Items](${baseUrl}/items.md): all ${itemsFile.items.length} items`,
    `- [Events](${baseUrl}/events.md): all ${eventsFile.events.length} events`,
    `- [Tier lists](${baseUrl}/tier-list.md): community tier lists by role and generation`,
    ...tierListFile.roles.map(
      (r) => `- [${keyLabel(r.key)} tier list](${baseUrl}${tierRolePath(r.key)}.md): every generation of the role`,
    ),
    `- [Overall tier lists](${baseUrl}${TIER_LIST_OVERALL_PATH}.md): other sites' overall lists side by side`,
    `- [Lead lineups](${baseUrl}${TIER_LIST_LINEUPS_PATH}.md): three-hero lineups by generation`,
    `- [Search](${baseUrl}${SEARCH_PATH}.md?q=amane): search_database as a page; put the words after \`q=\``,
    `- [Connect an assistant](${baseUrl}${CONNECT_PATH}.md): the MCP endpoints and how to add them`,
    `- [Developer reference](${baseUrl}/developers.md): every MCP tool, its arguments and results`,
    `- [Site guide](${baseUrl}/guide.md): the sections, and the in-page WebMCP tools every page registers`,
    '',
    '## Calculators',
    '',
    `Upgrade costs step by step, with totals, confidence and sources; the arguments go in the query string (the Markdown answers \`Accept: text/markdown\`). [All calculators](${baseUrl}${CALCULATORS_PATH}.md).`,
    '',
    ...CALCULATOR_LINKS.map(({ path, title }) => `- [${title}](${baseUrl}${path}.md)`),
    '',
    ...section('Heroes', 'hero', heroesFile.heroes),
    ...section('Masters', 'master', mastersFile.masters),
    ...section('Items', 'item', itemsFile.items),
    ...section('Events', 'event', eventsFile.events),
    '## Optional',
    '',
    `- [Sitemap](${baseUrl}/sitemap.xml): every page URL`,
    '',
  ].join('\n');
}

const sites = new Map<string, ReferenceSite>();

/** The site for a base URL, built on first use and kept (the data cannot change while the process runs). */
export function referenceSite(baseUrl: string): ReferenceSite {
  let site = sites.get(baseUrl);
  if (!site) {
    site = buildReferenceSite(baseUrl);
    sites.set(baseUrl, site);
  }
  return site;
}

export function referencePages(options: { baseUrl: string }): Hono {
  const site = referenceSite(options.baseUrl);
  const app = new Hono();
  const serve = (path: string) => (c: Context) => sendPage(c, site.pages.get(path)!());
  for (const path of site.pages.keys()) {
    if (path.split('/').length > 2 && !path.startsWith('/tier-list/')) continue;
    app.get(path, serve(path));
    app.get(`${path}.md`, () => sendMarkdown(site.pages.get(path)!().markdown));
  }
  for (const kind of RECORD_KINDS.map((k) => KINDS[k].path)) {
    app.get(`/${kind}/:key`, (c) => {
      const key = c.req.param('key');
      const markdownPath = key.endsWith('.md');
      const found = site.pages.get(`/${kind}/${markdownPath ? key.slice(0, -3) : key}`)?.();
      if (markdownPath) return sendMarkdown((found ?? notFoundPage()).markdown, found ? 200 : 404);
      return sendPage(c, found ?? notFoundPage(), found ? 200 : 404);
    });
  }
  app.get(
    '/sitemap.xml',
    () =>
      new Response(site.sitemapXml, {
        headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
      }),
  );
  app.get(
    '/llms.txt',
    () =>
      new Response(site.llmsTxt, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
      }),
  );
  return app;
}
