/**
 * The public MCP endpoints' POSTs handed to a Hono app that holds only their routes. In the service's app a POST to
 * /mcp also matches the middleware registered for every path (the host guard, the pages' compression) and the
 * endpoint's own CORS and origin layers for its other methods; the route answers before any of them runs, but Hono
 * composes every match into a chain (a closure and two promises a request) unless a request matches one handler
 * only. The same route stays registered in the main app too, so a target the plain comparison below misses (a
 * percent-encoded path) is still routed there, as before.
 */
import type { Env, Hono } from 'hono';

/** The path of an absolute request URL (what the Node adapter builds), without its query. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}

/** `app`, whose fetch sends `method` requests for `paths` to `direct` first. */
export function withDirectRoutes<E extends Env>(
  app: Hono<E>,
  direct: Hono<E>,
  method: string,
  paths: ReadonlySet<string>,
): Hono<E> {
  const fetch = app.fetch;
  app.fetch = (request, env, executionCtx) =>
    request.method === method && paths.has(pathOf(request.url))
      ? direct.fetch(request, env, executionCtx)
      : fetch(request, env, executionCtx);
  return app;
}
