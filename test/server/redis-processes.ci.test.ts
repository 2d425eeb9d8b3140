/**
 * Shared rate limits across service processes: two services started with REDIS_URL share one count, and a service
 * whose Redis answers only after the second it waits at start says so and shares from then on. CI-only: each test
 * starts real service processes (test/server/redis-rate-limit.test.ts has the in-process checks).
 */
import { request } from 'node:http';
import { createServer as createTcpServer, connect, type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '../helpers.js';
import { randomPrefix, redisAvailable, startRedis, until, type TestRedis } from '../redis-server.js';
import { startService, type RunningService } from '../service.js';

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** Until the service's metrics say its rate limits reach Redis. */
async function untilSharing(service: RunningService, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/^kingshot_redis_up 1$/m.test(await (await fetch(`${service.baseUrl}/metrics`)).text())) {
    if (Date.now() > deadline) throw new Error(`kingshot_redis_up never became 1:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A POST on a connection of its own (none kept alive, so the service stops at once). */
function postOnce(url: string, body: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { ...MCP_HEADERS, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

describe.runIf(redisAvailable())('rate limits on Redis, across service processes', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('two service processes with REDIS_URL share one count', async () => {
    // A generous timeout: on a loaded machine a slow answer would count as Redis being down (and limit in-process).
    const env = {
      REDIS_URL: redis.url,
      RATE_LIMIT_PREFIX: randomPrefix(),
      RATE_LIMIT_PER_MINUTE: '5',
      REDIS_TIMEOUT_MS: '5000',
    };
    const services = await Promise.all([startService(env), startService(env)]);
    try {
      // On a loaded machine a service may reach Redis after the second it waits at start: wait until both share.
      for (const service of services) await untilSharing(service);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(await postOnce(`${services[i % 2]!.baseUrl}/mcp`, JSON.stringify(ping)));
      }
      expect(statuses, services.map((s) => s.output()).join('\n---\n')).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await Promise.all(services.map((s) => s.stop()));
    }
  });

  it('a service whose Redis answers only after its one-second wait at start says so, then shares its counts', async () => {
    // A proxy that holds each connection 1.5 s before it reaches Redis: longer than the service waits at start.
    const sockets = new Set<Socket>();
    const held = createTcpServer((socket) => {
      sockets.add(socket);
      socket.pause();
      const timer = setTimeout(() => {
        const upstream = connect(redis.port, '127.0.0.1');
        sockets.add(upstream);
        socket.pipe(upstream).pipe(socket);
        socket.resume();
        upstream.on('error', () => socket.destroy());
      }, 1_500);
      socket.on('error', () => clearTimeout(timer));
      socket.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((ready) => held.listen(0, '127.0.0.1', ready));
    const heldPort = (held.address() as AddressInfo).port;
    const prefix = randomPrefix();
    const service = await startService({
      REDIS_URL: `redis://127.0.0.1:${heldPort}`,
      RATE_LIMIT_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '5',
      REDIS_TIMEOUT_MS: '5000',
    });
    try {
      await until(() => service.stderr().includes('Operations:'), 'the start-up lines');
      expect(service.stderr()).toContain(
        `Rate limits: through Redis (redis://127.0.0.1:${heldPort}) once it answers; in this process until then`,
      );
      await untilSharing(service);
      // Its line is written before the gauge moves, but the log pipe may deliver it after the metrics response.
      await until(
        () =>
          /rate limits: Redis at redis:\/\/127\.0\.0\.1:\d+ answers; limits are shared from now on/.test(
            service.stdout(),
          ),
        'the log line',
      );
      // Shared from then on: the request is counted in Redis under the service's prefix.
      expect(await postOnce(`${service.baseUrl}/mcp`, JSON.stringify(ping))).toBe(200);
      const direct = new Redis(redis.url);
      try {
        expect((await direct.keys(`${prefix}*`)).length).toBeGreaterThan(0);
      } finally {
        direct.disconnect();
      }
    } finally {
      await service.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => held.close(done));
    }
  });
});
