/** The site pages: landing, the generated developer reference (HTML and Markdown), /health and the 404 page. */
import { describe, expect, it } from 'vitest';
import { DATA_VERSION } from '../../generated/data/version.js';
import { TOOLS } from '../../generated/tools/index.js';
import { BASE, testApp } from '../helpers.js';

const app = testApp();

describe('pages', () => {
  it('/developers lists every tool, its arguments and the changelog, as HTML with no external assets', async () => {
    const res = await app.request(`${BASE}/developers`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    for (const tool of TOOLS) expect(html).toContain(tool.name);
    expect(html).toContain('id="changelog"');
    expect(html).toContain('<meta name="viewport"');
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });
  it('/developers in Markdown for Accept: text/markdown', async () => {
    const res = await app.request(`${BASE}/developers`, { headers: { accept: 'text/markdown' } });
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept, Accept-Encoding');
    const markdown = await res.text();
    expect(markdown).toMatch(/^# Kingshot MCP: developer reference/);
    expect(markdown).toContain('| `governor_gear_cost` |');
  });
  it('/ starts with the search box, then what each part gives a player; /connect has the endpoint', async () => {
    const html = await (await app.request(`${BASE}/`)).text();
    const search = html.indexOf('<form class="search" role="search" action="/search" method="get">');
    expect(search).toBeGreaterThan(html.indexOf('<h1>'));
    expect(search).toBeLessThan(html.indexOf('<h2>Calculators</h2>'));
    expect(html).toContain('<label for="search-q">Search heroes, Masters, items and events</label>');
    for (const section of ['Calculators', 'Tier list', 'Game reference']) expect(html).toContain(`<h2>${section}</h2>`);
    expect(html).toContain(`<a href="${BASE}/connect">Connect an assistant</a>`);
    expect(html).not.toContain('"servers"');
    const connect = await (await app.request(`${BASE}/connect`, { headers: { accept: 'text/markdown' } })).text();
    expect(connect).toMatch(/^# Connect an assistant\n/);
    expect(connect).toContain(`- \`${BASE}/mcp\`: `);
    const developers = await (await app.request(`${BASE}/developers.md`)).text();
    expect(developers).toContain('[Connect an assistant](/connect)');
    expect(developers).toContain('## Notes on the tier-list data');
  });
  it('/search runs search_database: a typo finds its record, each match links to its page', async () => {
    const res = await app.request(`${BASE}/search?q=amnae`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<input id="search-q" name="q" type="search" value="amnae"');
    expect(html).toContain(`<li><a href="${BASE}/heroes/amane">Amane</a>: Hero · Epic archer hero, generation 1</li>`);
    const markdown = await (await app.request(`${BASE}/search.md?q=Bear%20Hunter`)).text();
    expect(markdown).toContain(`- [Valora](${BASE}/masters/valora): Master`);
    expect(markdown).toContain('(matched “Bear Hunter”)');
  });
  it('/search without a query is the empty form; a refused query is a 400 page with the tool’s message', async () => {
    const empty = await app.request(`${BASE}/search`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Type a hero, Master, item or event');
    const long = await app.request(`${BASE}/search?q=${'a'.repeat(201)}`, { headers: { accept: 'text/markdown' } });
    expect(long.status).toBe(400);
    const body = await long.text();
    expect(body).toContain('## The search cannot use this query');
    const html = await (await app.request(`${BASE}/search?q=%3Cscript%3Ealert(1)%3C/script%3E`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
  it('/health reports the versions', async () => {
    expect(await (await app.request(`${BASE}/health`)).json()).toEqual({
      status: 'ok',
      name: 'kingshot-mcp',
      version: '1.0.0',
      data_version: DATA_VERSION,
    });
  });
  it('an unknown path is a 404 page, in Markdown on request', async () => {
    const res = await app.request(`${BASE}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Not found');
    const md = await app.request(`${BASE}/no/such/page`, { headers: { accept: 'text/markdown' } });
    expect(md.status).toBe(404);
    expect(await md.text()).toMatch(/^# Not found/);
  });
});
