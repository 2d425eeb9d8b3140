/**
 * The store's and Redis's error seams reach the log and /metrics on the real service (spawned): PostgreSQL and
 * Redis both unreachable at start (ports with nothing listening). /ready says why it is not ready, the store's
 * errors and Redis's outage and fallbacks are counted, and each outage is one JSON log line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '../helpers.js';
import { freePort, startService, type RunningService } from '../service.js';

let service: RunningService | undefined;
afterAll(async () => {
  await service?.stop();
});

function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('store and Redis outages in the log and the metrics', () => {
  it(
    'counts store errors, the Redis outage and the in-process fallbacks, and logs each outage once',
    { timeout: 60_000 },
    async () => {
      const [pgPort, redisPort] = [await freePort(), await freePort()];
      service = await startService({
        DATABASE_URL: `postgres://kingshot:pw-never-logged@127.0.0.1:${pgPort}/kingshot`,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        RATE_LIMIT_PER_MINUTE: '60',
      });
      const base = service.baseUrl;
      for (let i = 0; i < 100 && !service.output().includes('store unreachable'); i++)
        await new Promise((r) => setTimeout(r, 100));

      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'not_ready',
        reason: 'store unreachable: the account stack is waiting for it',
      });
      for (let id = 1; id <= 2; id++) {
        const res = await fetch(`${base}/mcp`, {
          method: 'POST',
          headers: MCP_HEADERS,
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }),
        });
        expect(res.status).toBe(200);
      }
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(series(metrics, 'kingshot_store_errors_total{kind="unavailable"}')).toBeGreaterThanOrEqual(1);
      expect(series(metrics, 'kingshot_store_errors_total{kind="query"}')).toBe(0);
      expect(series(metrics, 'kingshot_redis_up')).toBe(0);
      expect(series(metrics, 'kingshot_rate_limit_fallbacks_total{limiter="mcp"}')).toBe(2);

      const lines = service
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const storeLines = lines.filter((l) => l.component === 'store');
      expect(storeLines).toHaveLength(1);
      expect(storeLines[0]).toMatchObject({
        level: 'warn',
        msg: expect.stringMatching(
          new RegExp(`^store unreachable \\(PostgreSQL postgres://kingshot@127\\.0\\.0\\.1:${pgPort}/kingshot\\): `),
        ),
      });
      const redisLines = lines.filter((l) => l.component === 'rate-limits');
      expect(redisLines).toHaveLength(1);
      expect(redisLines[0]).toMatchObject({
        level: 'warn',
        msg: expect.stringMatching(
          new RegExp(`^rate limits: Redis at redis://127\\.0\\.0\\.1:${redisPort} unreachable \\(`),
        ),
      });
      // The Redis outage counter: the start found it down (the gauge says so), no outage after being up.
      expect(series(metrics, 'kingshot_redis_outages_total')).toBe(redisLines.length);
      expect(service.output()).not.toContain('pw-never-logged');
    },
  );
});
