/**
 * GET /icons/<file>: the catalogue's icons (generated/icons.ts), named by serverInfo.icons and each tool's icons.
 * Served with a CSP that forbids everything but inline styles and with nosniff: an SVG opened on this origin must
 * not run anything (codegen refuses scripts in icons too). Unknown names are a plain 404.
 */
import { Hono } from 'hono';
import { ICON_FILES } from '../../generated/icons.js';
import { ICON_ROUTE } from '../mcp/icons.js';
import type { ServiceEnv } from '../http/service-env.js';

const HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'public, max-age=86400',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Allow-Origin': '*',
} as const;

export function iconRoutes(): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.get(`${ICON_ROUTE}/:file`, (c) => {
    const file = c.req.param('file');
    const svg = Object.hasOwn(ICON_FILES, file) ? ICON_FILES[file] : undefined;
    if (svg === undefined) return c.text('Not found', 404);
    return c.body(svg, 200, HEADERS);
  });
  return app;
}
