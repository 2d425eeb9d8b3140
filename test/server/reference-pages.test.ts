/**
 * The reference pages: every URL of /sitemap.xml answers 200 in HTML and in Markdown, unknown keys are the 404
 * page, llms.txt lists every record, the tier list has link targets per role, and data text cannot inject markup.
 */
import { describe, expect, it } from 'vitest';
import type { Hero } from '../../generated/data/reference/types.js';
import { heroesFile } from '../../src/reference/records.js';
import { renderPage } from '../../src/pages/markdown.js';
import { heroMarkdown, text } from '../../src/pages/reference-markdown.js';
import { referenceSite } from '../../src/pages/reference-pages.js';
import { SITE_SCRIPT_SRC } from '../../src/pages/site-script.js';
import { BASE, testApp } from '../helpers.js';
import { CALCULATOR_PAGES, RECORD_PAGES, SITEMAP_PAGES } from '../support/sitemap-pages.js';

const app = testApp();

/** The tags every site page's shell has in its head. */
const SHELL_TAGS = [`<script src="${SITE_SCRIPT_SRC}" defer></script>`, '<link rel="icon" href="data:,">'];
const withoutShell = (html: string) => SHELL_TAGS.reduce((rest, tag) => rest.replace(tag, ''), html);
const get = (path: string, accept?: string) => app.request(`${BASE}${path}`, accept ? { headers: { accept } } : {});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

describe('/sitemap.xml', () => {
  it('lists every page as an absolute URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const urls = locs(xml);
    expect(urls).toHaveLength(SITEMAP_PAGES);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url.startsWith(`${BASE}/`), url).toBe(true);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${BASE}/`,
        `${BASE}/developers`,
        `${BASE}/tier-list`,
        `${BASE}/heroes/amane`,
        `${BASE}/masters/valora`,
        `${BASE}/items/satin`,
        `${BASE}/events/bear-hunt`,
      ]),
    );
  });

  it('every URL in it answers 200 as HTML and as Markdown', async () => {
    const urls = locs(await (await get('/sitemap.xml')).text());
    for (const url of urls) {
      const html = await app.request(url);
      expect(html.status, url).toBe(200);
      expect(html.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
      const body = await html.text();
      expect(body, url).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      // The page's own shell is the only script and link: the site script (same origin) and the empty favicon.
      expect(body, url).toContain(SHELL_TAGS[0]);
      expect(withoutShell(body), url).not.toMatch(/<(script|link|img|iframe)\b/i);
      const markdown = await app.request(url, { headers: { accept: 'text/markdown' } });
      expect(markdown.status, url).toBe(200);
      expect(markdown.headers.get('content-type'), url).toBe('text/markdown; charset=utf-8');
      expect(await markdown.text(), url).toMatch(/^# /);
    }
  });
});

describe('record pages', () => {
  it('show the record in HTML and Markdown, and at <path>.md', async () => {
    const html = await (await get('/heroes/amane')).text();
    expect(html).toContain('<h1>Amane</h1>');
    expect(html).toContain('Also known as: Mikoto (reported former name; kingshotdata.com slug).');
    expect(html).toContain('<h3>1. Tri-Phalanx (joiner skill)</h3>');
    const markdown = await (await get('/heroes/amane', 'text/markdown')).text();
    expect(markdown.startsWith('# Amane\n\nEpic archer hero · generation 1\n')).toBe(true);
    expect(markdown).toContain('| Attack up | 5% | 10% | 15% | 20% | 25% |');
    const suffixed = await get('/heroes/amane.md');
    expect(suffixed.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await suffixed.text()).toBe(markdown);
    expect(await (await get('/tier-list.md')).text()).toBe(await (await get('/tier-list', 'text/markdown')).text());
  });

  it('label stats and roles as the hero view does (src/reference/labels.ts)', async () => {
    const amadeus = await (await get('/heroes/amadeus', 'text/markdown')).text();
    expect(amadeus).toContain('| Roles | Rally leader, Bear Hunt leader, Rally joiner, Bear Hunt joiner |');
    expect(amadeus).toContain(`| [Bear Hunt joiner](${BASE}/tier-list/bear-hunt-joiner) | 7 | S |`);
    expect(await (await get('/heroes/marlin', 'text/markdown')).text()).toContain(
      '| No. of attacks | 8 | 7 | 7 | 6 | 5 |',
    );
    expect(await (await get('/heroes/triton', 'text/markdown')).text()).toContain(
      '| AoE damage up (% of ATK) | 100% | 110% | 120% | 130% | 140% |',
    );
    expect(await (await get('/heroes', 'text/markdown')).text()).toContain(
      '| Rally leader, Bear Hunt leader, Rally joiner, Bear Hunt joiner |',
    );
  });

  it('link events to their reward items and items to the events that grant them', async () => {
    const event = await (await get('/events/bear-hunt', 'text/markdown')).text();
    expect(event).toContain(`- [Forgehammer](${BASE}/items/forgehammer)\n`);
    expect(event).toContain('- alliance tokens\n');
    const item = await (await get('/items/satin', 'text/markdown')).text();
    expect(item).toContain(`- [Viking Vengeance](${BASE}/events/viking-vengeance)\n`);
    expect(item).toContain('Costs are counted by the governor\\_gear\\_cost tool (material `satin`).');
    const master = await (await get('/masters/wilson', 'text/markdown')).text();
    expect(master).toContain('| 10 | not published | 6 | 1.9 | 1.5 |');
  });

  it.each(['/heroes/nobody', '/masters/amadeus', '/items/xyz.md', '/events/', '/heroes/amane/extra'])(
    '%s is the 404 page',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Not found');
      const md = await get(path, 'text/markdown');
      expect(md.status).toBe(404);
      expect(await md.text()).toMatch(/^# Not found/);
    },
  );

  it('a .md address that names no record is the 404 page in Markdown, whatever the Accept header', async () => {
    const res = await get('/items/xyz.md');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await res.text()).toMatch(/^# Not found/);
  });

  it('/tier-list has a link target for every role and the lineups', async () => {
    const html = await (await get('/tier-list')).text();
    for (const role of ['bear_hunt_joiner', 'rally_leader', 'garrison', 'bear_hunt', 'joiner', 'overall', 'lineups'])
      expect(html).toContain(`id="${role}"`);
    const markdown = await (await get('/tier-list', 'text/markdown')).text();
    expect(markdown).toContain('## Bear Hunt joiner {#bear_hunt_joiner}');
  });

  it('shows S+ as a tier of its own, each hero with its rarity and troop type, the table before the notes', async () => {
    const html = await (await get('/tier-list/rally-leader')).text();
    expect(html).toContain(
      `<tr>\n<td class="word">S+</td>\n<td><a href="${BASE}/heroes/vivian">Vivian</a> (Mythic archer), <a href="${BASE}/heroes/yang">Yang</a> (Mythic archer)</td>`,
    );
    expect(html.indexOf('<table>')).toBeLessThan(html.indexOf('About this list'));
    const markdown = await (await get('/tier-list/garrison', 'text/markdown')).text();
    expect(markdown).toContain('Also called: Garrison leader, Defense.');
    expect(markdown).not.toMatch(/snake_case|s_plus|mechanical availability/);
  });

  it('/ and every page link to the reference', async () => {
    const home = await (await get('/')).text();
    expect(home).toContain('<a href="/reference">Game reference</a>');
    const index = await (await get('/reference', 'text/markdown')).text();
    for (const path of ['heroes', 'masters', 'items', 'events', 'tier-list'])
      expect(index).toContain(`](${BASE}/${path})`);
  });
});

describe('/llms.txt', () => {
  it('describes the site and links every record as Markdown, and every link works', async () => {
    const res = await get('/llms.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await res.text();
    expect(body).toMatch(/^# Kingshot Companion\n\n> Kingshot \(mobile strategy game\) reference data/);
    const links = [...body.matchAll(/\]\((http[^)]+)\)/g)].map((m) => m[1]!);
    for (const hero of heroesFile.heroes) expect(links).toContain(`${BASE}/heroes/${hero.key}.md`);
    // The reference indexes, the tier list's 7 other pages, the developer page, the guide, /connect, the calculators'
    // index and its pages (one per cost tool), and every record.
    expect(links.filter((l) => l.endsWith('.md'))).toHaveLength(7 + 7 + 1 + 1 + 1 + CALCULATOR_PAGES + RECORD_PAGES);
    for (const link of links) expect((await app.request(link)).status, link).toBe(200);
  });
});

describe('pages built from data cannot carry markup', () => {
  const evil = '<script>alert(1)</script><img src=x onerror=alert(2)> [click](javascript:alert(3)) **bold** | cell';
  const hero: Hero = {
    ...heroesFile.heroes[0],
    name: evil,
    aliases: [{ name: evil, note: evil }],
    shard_sources: [
      evil,
      '1. not a list',
      '# not a heading',
      ' - not a nested list',
      '---',
      ' 1. not a list either',
      '===',
      '+ x',
    ],
    notes: [evil],
    skills: heroesFile.heroes[0].skills.map((s) => ({ ...s, name: evil, effect: evil })) as Hero['skills'],
  };

  it('escapes script, image, link and table syntax in data text', () => {
    const { html, markdown } = renderPage({ title: 'x', markdown: heroMarkdown(hero, BASE) }, { fromData: true });
    expect(withoutShell(html)).not.toMatch(/<script|<img|href="javascript:|<strong>bold/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<h1>not a heading');
    // Only the page's own structure: no ordered list, rule or nested list from data, one <h1> (the page title is
    // the evil name, escaped), and the shard sources stay one flat bullet each.
    expect(html).not.toMatch(/<ol|<li>(?:(?!<\/li>)[^])*<ul>/);
    expect(html.match(/<hr>/g) ?? []).toHaveLength(1);
    expect(html.match(/<h1[ >]/g) ?? []).toHaveLength(1);
    expect(html).toContain('<li>- not a nested list</li>');
    expect(html).toContain('<li>---</li>');
    expect(html).toContain('<li>1. not a list either</li>');
    expect(markdown).toContain(text(evil));
  });

  it('escapes raw HTML that reaches the data renderer', () => {
    const { html } = renderPage(
      { title: 'x', markdown: '<script>alert(1)</script>\n\nText <b onclick="x()">bold</b>\n' },
      { fromData: true },
    );
    expect(withoutShell(html)).not.toMatch(/<script|<b /);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('are built once per base URL, and a page, once rendered, is kept', () => {
    expect(referenceSite(BASE)).toBe(referenceSite(BASE));
    const amane = referenceSite(BASE).pages.get('/heroes/amane')!;
    expect(amane().html).toContain('<h1>Amane</h1>');
    expect(amane()).toBe(amane());
  });
});
