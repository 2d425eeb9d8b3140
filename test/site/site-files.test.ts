/**
 * The site's own files and sections without a browser: /robots.txt, the developer page's generated "Website tools
 * (WebMCP)" section (HTML and Markdown), and the calculators in /llms.txt named by their tools' titles.
 */
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../generated/tools/index.js';
import { WEBSITE_TOOLS } from '../../generated/website/tools.js';
import { BASE, testApp } from '../helpers.js';

const app = testApp();
const get = (path: string, accept?: string) => app.request(`${BASE}${path}`, accept ? { headers: { accept } } : {});

describe('/robots.txt', () => {
  it('allows every crawler everything and names the absolute sitemap URL', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${BASE}/sitemap.xml\n`);
  });
});

describe('the developer page lists the website tools', () => {
  /** Name, title, read-only: as the catalogue (catalog/website/*.yaml) says; test/catalogue-facts.json pins them. */
  const IN_PAGE = WEBSITE_TOOLS.map((t) => [t.name, t.title, t.annotations.readOnlyHint] as const);

  it('in Markdown (/developers.md and Accept: text/markdown): the section, its table, one heading each and whether it is read-only', async () => {
    const markdown = await (await get('/developers.md')).text();
    expect(await (await get('/developers', 'text/markdown')).text()).toBe(markdown);
    const section = markdown.slice(
      markdown.indexOf('## Website tools (WebMCP)\n'),
      markdown.indexOf('\n## Tool failures'),
    );
    expect(section).toContain(
      [
        '| Tool | Title | Read-only |',
        '| --- | --- | --- |',
        ...IN_PAGE.map(([name, title, readOnly]) => `| \`${name}\` | ${title} | ${readOnly ? 'yes' : 'no'} |`),
      ].join('\n'),
    );
    const headings = [...section.matchAll(/^### `([a-z_]+)` \(in page\): (.+)\n\n[^\n]+\n\n([^\n]+)/gm)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    expect(headings).toEqual([
      ['get_page_markdown', 'Read a page of this site as Markdown', 'Read-only.'],
      ['get_site_guide', 'What this site holds and how to use it', 'Read-only.'],
      ['open_page', 'Open a page of this site in this tab', 'Not read-only: it navigates the tab.'],
      [
        'search_database',
        'Search heroes, Masters, items and events',
        'Read-only. Same arguments, results and errors as the MCP tool `search_database` above.',
      ],
    ]);
  });

  it('in HTML: the same table rows', async () => {
    const res = await get('/developers');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const section = html.slice(html.indexOf('<h2>Website tools (WebMCP)</h2>'), html.indexOf('<h2>Tool failures</h2>'));
    // Tables take the focus (they may scroll) and one-word cells carry class "word": the attributes are not read.
    const table = /<table[^>]*>([\s\S]*?)<\/table>/.exec(section)![1]!;
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]),
    );
    expect(rows).toEqual([
      ['Tool', 'Title', 'Read-only'],
      ...IN_PAGE.map(([name, title, readOnly]) => [`<code>${name}</code>`, title, readOnly ? 'yes' : 'no']),
    ]);
    expect(section).toContain('<h3><code>open_page</code> (in page): Open a page of this site in this tab</h3>');
    expect(section).toContain('<p>Not read-only: it navigates the tab.</p>');
  });
});
describe('/llms.txt', () => {
  it("names each calculator by its tool's title", async () => {
    const llms = await (await get('/llms.txt')).text();
    const calculators = llms.slice(llms.indexOf('## Calculators\n'), llms.indexOf('\n## Heroes\n'));
    // Every cost tool of the catalogue, in catalogue order, by its title (test/catalogue-facts.json pins the set).
    expect([...calculators.matchAll(/^- (.+)$/gm)].map((m) => m[1])).toEqual(
      TOOLS.filter((tool) => tool.costSystem !== undefined).map(
        (tool) => `[${tool.title}](${BASE}/calculators/${tool.name.replaceAll('_', '-')}.md)`,
      ),
    );
    expect(calculators).toContain(`- [Governor Gear upgrade cost](${BASE}/calculators/governor-gear-cost.md)\n`);
  });
});
