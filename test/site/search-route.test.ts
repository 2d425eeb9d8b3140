/**
 * What the site script asks of the service: /site/webmcp.js, and the site search (search_database run as /mcp
 * runs it) refusing other origins, bodies that are not a JSON object, and clients over its own budget. The site
 * pages' CSP lets that one script and same-origin requests through, nothing else.
 */
import { describe, expect, it } from 'vitest';
import { WEBSITE_SCRIPT } from '../../generated/website/script.js';
import { problemPage } from '../../src/auth/pages.js';
import { SITE_SCRIPT_SRC } from '../../src/pages/site-script.js';
import { BASE, callTool, fromAddress, post, testApp } from '../helpers.js';

const app = testApp();
const search = (
  body: string,
  headers: Record<string, string> = {},
  target = app,
  env?: ReturnType<typeof fromAddress>,
) =>
  target.request(
    `${BASE}/site/tools/search_database`,
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body },
    env,
  );

describe('the site script and the site search', () => {
  it('serves the script the pages name, as JavaScript', async () => {
    const res = await app.request(`${BASE}${SITE_SCRIPT_SRC}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe(WEBSITE_SCRIPT);
  });

  it("answers the MCP tool's result for the same arguments, from this site or without an Origin", async () => {
    const { result } = await callTool(app, 'search_database', { query: 'bear hunter', limit: 2 }, '2025-11-25');
    for (const headers of [{}, { origin: BASE }] as Record<string, string>[]) {
      const res = await search(JSON.stringify({ query: 'bear hunter', limit: 2 }), headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual(result);
    }
  });

  it('refuses another origin, a body that is not JSON or not an object, and a non-JSON content type', async () => {
    const cases: [string, Record<string, string>, number, string][] = [
      [
        '{"query":"amane"}',
        { origin: 'https://evil.example' },
        403,
        "The site search answers this site's own pages only; use the MCP endpoint /mcp from elsewhere.",
      ],
      ['{"query":', {}, 400, 'The search arguments are not valid JSON.'],
      ['["amane"]', {}, 400, 'The search arguments must be a JSON object, e.g. {"query": "amane"}.'],
      [
        '{"query":"amane"}',
        { 'content-type': 'text/plain' },
        415,
        'Send the search arguments as JSON (Content-Type: application/json).',
      ],
      [JSON.stringify({ query: 'x'.repeat(9000) }), {}, 413, 'The search arguments are larger than 8192 bytes.'],
    ];
    for (const [body, headers, status, message] of cases) {
      const res = await search(body, headers);
      expect(res.status, message).toBe(status);
      expect(await res.json(), message).toEqual({ code: 'REFUSED', message });
    }
  });

  it('counts against a per-client budget like /mcp: the request past it gets 429 with Retry-After', async () => {
    const limited = testApp({ config: { rateLimitPerMinute: 2 } });
    const env = fromAddress('192.0.2.7');
    for (let i = 0; i < 2; i++) expect((await search('{"query":"amane"}', {}, limited, env)).status).toBe(200);
    const refused = await search('{"query":"amane"}', {}, limited, env);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe('RATE_LIMITED');
    expect((await search('{"query":"amane"}', {}, limited, fromAddress('192.0.2.8'))).status).toBe(200);
  });

  it("has its own budget of the same size, counted apart from /mcp's", async () => {
    const limited = testApp({ config: { rateLimitPerMinute: 2 } });
    const env = fromAddress('192.0.2.9');
    const mcpSearch = () =>
      post(
        limited,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_database', arguments: { query: 'amane' } },
        },
        {},
        '/mcp',
        env,
      );
    // This client spends its two calls on /mcp; the site search still answers it twice, then refuses.
    expect([(await mcpSearch()).status, (await mcpSearch()).status, (await mcpSearch()).status]).toEqual([
      200, 200, 429,
    ]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await search('{"query":"amane"}', {}, limited, env)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('site pages allow their own script and same-origin requests only; the sign-in page loads no script', async () => {
    const page = await app.request(`${BASE}/heroes/amane`);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
    expect(await page.text()).toContain(`<script src="${SITE_SCRIPT_SRC}" defer></script>`);
    // The sign-in and consent pages share the shell but not the script (no in-page tools there).
    expect(problemPage('Sign-in failed', 'Try again.')).not.toContain('<script');
  });
});
