/**
 * The website's pages and calculators have a per-address budget of their own
 * (SITE_RATE_LIMIT_PER_MINUTE), counted apart from /mcp's; a refused page is a 429 HTML page with Retry-After.
 */
import { describe, expect, it } from 'vitest';
import { BASE, fromAddress, rpc, testApp } from '../helpers.js';

const page = (app: ReturnType<typeof testApp>, path: string, address: string) =>
  app.request(`${BASE}${path}`, {}, fromAddress(address));

describe('the website budget per address', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  const app = testApp({ config: { siteRateLimitPerMinute: 3, rateLimitPerMinute: 0 }, clock: () => new Date(now) });

  it('lets an address see its allowance of pages and calculators, then answers 429 HTML with Retry-After', async () => {
    const statuses = [];
    for (const path of ['/', '/calculators', '/calculators/governor-charm-cost?from=0&to=22'])
      statuses.push((await page(app, path, '203.0.113.1')).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await page(app, '/calculators/governor-charm-cost?from=0&to=1', '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('retry-after')).toBe('61'); // the oldest one-second bucket counts whole (rate-limit.ts)
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const html = await refused.text();
    expect(html).toContain('<h1>Too many requests</h1>');
    expect(html).toContain('at most 3 pages a minute from one address');
    expect(html).toContain('Try again in 61 seconds');
  });
  it('keeps other addresses and the health check apart', async () => {
    expect((await page(app, '/calculators', '203.0.113.2')).status).toBe(200);
    expect((await page(app, '/health', '203.0.113.1')).status).toBe(200);
  });
  it('does not draw on /mcp, and /mcp does not draw on it', async () => {
    const mcpApp = testApp({ config: { siteRateLimitPerMinute: 1, rateLimitPerMinute: 1 } });
    expect((await page(mcpApp, '/', '127.0.0.1')).status).toBe(200);
    expect((await rpc(mcpApp, 'ping')).status).toBe(200);
    expect((await page(mcpApp, '/', '127.0.0.1')).status).toBe(429);
  });
  it('is off at 0', async () => {
    const open = testApp({ config: { siteRateLimitPerMinute: 0 } });
    for (let i = 0; i < 5; i++) expect((await page(open, '/calculators', '203.0.113.9')).status).toBe(200);
  });
});
