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
  it('/ introduces the service and its endpoint', async () => {
    const html = await (await app.request(`${BASE}/`)).text();
    expect(html).toContain(`${BASE}/mcp`);
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
