/**
 * The operator's endpoints. `/ready`: 200 when the instance can serve, 503 with the reason otherwise (a load
 * balancer's check); it answers whatever the Host header, since probes address instances by IP, and says nothing
 * but ready or why not. `/metrics`: the Prometheus text format; with METRICS_TOKEN it takes only that bearer
 * token (compared in constant time) and no Host check is needed (a browser never sends the token by itself);
 * without one it is behind the host guard like the pages. Neither is rate-limited: a scraper or a probe polls on
 * a fixed period, and a limit would hide the instance's state just when it is busiest.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { hostRefusal } from '../http/guards.js';
import type { ServiceMetrics } from './metrics.js';
import type { Readiness } from './readiness.js';

export interface OperationsOptions {
  readiness?: Readiness;
  metrics?: ServiceMetrics;
  metricsToken?: string;
  allowedHosts: ReadonlySet<string>;
}

const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether the Authorization header carries `token` as a bearer token; the same time whatever was sent. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  // Digests of equal length: timingSafeEqual then takes the same time for any presented value.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export function operationsRoutes(options: OperationsOptions): Hono {
  const app = new Hono();
  const { readiness, metrics, metricsToken } = options;
  if (readiness) {
    app.on(['GET', 'HEAD'], '/ready', async (c) => {
      const report = await readiness.report();
      return report.ready
        ? c.json({ status: 'ready' }, 200, NO_STORE)
        : c.json({ status: 'not_ready', reason: report.reason }, 503, NO_STORE);
    });
  }
  if (metrics) {
    app.get('/metrics', async (c) => {
      if (metricsToken === undefined) {
        const refused = hostRefusal(c, options.allowedHosts);
        if (refused) return refused;
      } else if (!bearerMatches(c.req.header('authorization'), metricsToken)) {
        return c.json(
          {
            error: 'unauthorized',
            error_description: '/metrics needs the METRICS_TOKEN as a bearer token: Authorization: Bearer <token>',
          },
          401,
          { ...NO_STORE, 'WWW-Authenticate': 'Bearer realm="metrics"' },
        );
      }
      return c.body(await metrics.render(), 200, { 'Content-Type': PROMETHEUS_TEXT, ...NO_STORE });
    });
  }
  return app;
}
