/**
 * The website's own per-address budget (SITE_RATE_LIMIT_PER_MINUTE): pages and calculators run the public tools
 * and render HTML, so a flood of page requests from one address is held to its allowance like /mcp's calls are,
 * with its own counts (the limiter app.ts gives it, in-process or on Redis). A refused page is a short HTML page
 * with Retry-After; it renders nothing else.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimiter } from '../http/rate-limit.js';
import { escapeHtml } from './layout.js';

export interface SiteBudgetOptions {
  limiter: RateLimiter;
  clientKey: (c: Context) => string;
  clock: () => Date;
  /** Paths outside the budget (the health check a balancer polls). */
  exempt: readonly string[];
}

function tooManyRequests(limit: number, retryAfter: number): Response {
  const text = `This site answers at most ${limit} pages a minute from one address. Try again in ${retryAfter} seconds.`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Too many requests - Kingshot Companion</title></head>
<body><main><h1>Too many requests</h1><p>${escapeHtml(text)}</p></main></body></html>
`;
  return new Response(html, {
    status: 429,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(retryAfter),
      'Cache-Control': 'no-store',
    },
  });
}

export function siteBudget(options: SiteBudgetOptions): MiddlewareHandler {
  const exempt = new Set(options.exempt);
  return async (c, next) => {
    if (exempt.has(c.req.path)) return next();
    const pending = options.limiter.take(options.clientKey(c), options.clock().getTime());
    const decision = pending instanceof Promise ? await pending : pending;
    if (!decision.allowed) return tooManyRequests(decision.limit, decision.resetSeconds);
    return next();
  };
}
