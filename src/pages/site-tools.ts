/**
 * What the site script asks of the service: the script itself, and search_database run exactly as on /mcp (the
 * in-page tool's results equal the MCP tool's). The search takes the arguments as a JSON body from this site's
 * own pages only (a browser's Origin must be this host), within its own per-client budget: the limiter app.ts
 * gives it ('site-search', RATE_LIMIT_PER_MINUTE searches a minute per client address), counted apart from /mcp's:
 * searches from the pages and calls to /mcp do not draw on one budget.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { RateLimiter } from '../http/rate-limit.js';
import { jsonContentType } from '../http/media-types.js';
import { SEARCH_ROUTE, SITE_SCRIPT_ROUTE } from './site-routes.js';
import { siteScriptResponse } from './site-script.js';
import type { ToolRunner } from './tool-runner.js';

/** The arguments of one search are a few hundred bytes at most. */
const MAX_BODY_BYTES = 8 * 1024;

function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ code: status === 429 ? 'RATE_LIMITED' : 'REFUSED', message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** A browser request from another origin (the Origin's host is not the one this request was sent to). */
function crossOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  try {
    return new URL(origin).host.toLowerCase() !== (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
  } catch {
    return true;
  }
}

export interface SiteToolsOptions {
  runner: ToolRunner;
  clock: () => Date;
  limiter?: RateLimiter;
  clientKey: (c: Context) => string;
}

export function siteTools(options: SiteToolsOptions): Hono {
  const { runner, clock, limiter } = options;
  const app = new Hono();
  app.get(SITE_SCRIPT_ROUTE, () => siteScriptResponse());
  app.post(
    SEARCH_ROUTE,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => refusal(413, `The search arguments are larger than ${MAX_BODY_BYTES} bytes.`),
    }),
    async (c) => {
      if (crossOrigin(c))
        return refusal(
          403,
          "The site search answers this site's own pages only; use the MCP endpoint /mcp from elsewhere.",
        );
      const now = clock();
      if (limiter) {
        const pending = limiter.take(options.clientKey(c), now.getTime());
        const decision = pending instanceof Promise ? await pending : pending;
        if (!decision.allowed) {
          return refusal(
            429,
            `Rate limit exceeded: at most ${decision.limit} searches per ${Math.round(limiter.windowMs / 1000)} seconds. Retry after ${decision.resetSeconds} seconds.`,
            { 'Retry-After': String(decision.resetSeconds) },
          );
        }
      }
      const contentType = jsonContentType(c.req.header('content-type'));
      if (!contentType.ok)
        return refusal(
          415,
          contentType.problem === 'charset'
            ? `Send the search arguments as UTF-8 JSON (Content-Type: application/json; charset=utf-8), not ${contentType.charset}.`
            : 'Send the search arguments as JSON (Content-Type: application/json).',
        );
      let args: unknown;
      try {
        args = JSON.parse(await c.req.text());
      } catch {
        return refusal(400, 'The search arguments are not valid JSON.');
      }
      if (args === null || typeof args !== 'object' || Array.isArray(args))
        return refusal(400, 'The search arguments must be a JSON object, e.g. {"query": "amane"}.');
      const run = runner.run('search_database', args as Record<string, unknown>, now);
      return new Response(JSON.stringify(run.result), {
        headers: {
          'Content-Type': 'application/json',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  );
  return app;
}
