/** withDirectRoutes: the listed POSTs go to the app of their own routes; everything else to the main app, as before. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { withDirectRoutes } from '../../src/http/direct-routes.js';

function apps() {
  const seen: string[] = [];
  const main = new Hono();
  main.use('*', async (c, next) => {
    seen.push(`middleware ${c.req.method} ${c.req.path}`);
    await next();
  });
  main.post('/mcp', (c) => c.text('main'));
  main.get('/mcp', (c) => c.text('main get'));
  main.post('/other', (c) => c.text('main other'));
  const direct = new Hono();
  direct.post('/mcp', (c) => c.text('direct'));
  return { app: withDirectRoutes(main, direct, 'POST', new Set(['/mcp'])), seen };
}

describe('withDirectRoutes', () => {
  it('sends a POST to a listed path to the direct app, past the main app middleware, query or not', async () => {
    const { app, seen } = apps();
    expect(await (await app.request('/mcp', { method: 'POST' })).text()).toBe('direct');
    expect(await (await app.request('http://example.test:8080/mcp?x=1', { method: 'POST' })).text()).toBe('direct');
    expect(seen).toEqual([]);
  });

  it('leaves other methods, other paths and a target it does not recognise to the main app', async () => {
    const { app, seen } = apps();
    expect(await (await app.request('/mcp')).text()).toBe('main get');
    expect(await (await app.request('/other', { method: 'POST' })).text()).toBe('main other');
    expect(await (await app.request('/mcp/', { method: 'POST' })).status).toBe(404);
    // Percent-encoded: Hono's router decodes it; the main app still has the route.
    expect(await (await app.request('/%6Dcp', { method: 'POST' })).text()).toBe('main');
    expect(seen).toEqual([
      'middleware GET /mcp',
      'middleware POST /other',
      'middleware POST /mcp/',
      'middleware POST /mcp',
    ]);
  });
});
