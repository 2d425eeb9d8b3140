/**
 * Starts the service: configuration from the environment, then the Hono app on Node's HTTP server. The account
 * stack (the store — SQLite under DATA_DIR, or PostgreSQL with DATABASE_URL — created and migrated on first start,
 * the demo player, the keys and the authorization server) comes up in the background: the public endpoint answers
 * at once, and requests to the account paths wait the fraction of a second until it is ready. While the store
 * cannot be reached they answer 503 and the stack retries by itself; any other start failure exits.
 */
import type { AddressInfo } from 'node:net';
import { ENDPOINTS } from '../generated/endpoints.js';
import { createApp } from './app.js';
import { startAccountStack, storeLocation } from './auth/startup.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createNodeServer } from './http/node-server.js';
import { isStoreUnavailable } from './store/errors.js';
import type { Store } from './store/store.js';

/** Expired codes, sessions and tokens are swept this often (and once at start). */
const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;

function configFromEnv(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = configFromEnv();
const accountStack = startAccountStack(config);
const accountStartup = accountStack.started;
// ioredis is loaded only when the limits are shared; the embedded default never pays for it.
const rateLimits = config.redisUrl ? new (await import('./http/redis-rate-limits.js')).RedisRateLimits({ url: config.redisUrl, prefix: config.rateLimitPrefix, commandTimeoutMs: config.redisTimeoutMs }) : undefined;
// Up to a second for Redis, so the first requests are counted there too; past it the service starts in-process.
await rateLimits?.connected(1_000);
const app = createApp({ config, account: accountStartup.then((started) => started.services), accountWaiting: accountStack.waitingForStore, ...(rateLimits ? { rateLimits } : {}) });
let store: Store | undefined;

async function sweep(): Promise<void> {
  try {
    await store?.deleteExpired();
  } catch (error) {
    if (isStoreUnavailable(error)) return; // the outage is logged once by the store; the next sweep catches up
    process.stderr.write(`cleanup of expired OAuth records failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

// Node's HTTP server, whose own refusals (oversized headers, a bad Host, …) answer in JSON like the app's.
const server = createNodeServer(app.fetch, {
  requestTimeout: config.requestTimeoutMs,
  headersTimeout: config.headersTimeoutMs,
  keepAliveTimeout: 5_000,
  // Node enforces the two timeouts above only when it sweeps connections (every 30 s by default).
  connectionsCheckingInterval: 1_000,
});
server.listen(config.port, config.host, () => {
  const info = server.address() as AddressInfo;
  process.stdout.write(`kingshot-mcp listening on http://${config.host.includes(':') ? `[${info.address}]` : info.address}:${info.port} (public URL ${config.baseUrl})\n`);
  for (const endpoint of ENDPOINTS) process.stdout.write(`  ${endpoint.title}${endpoint.auth === 'oauth' ? ' (OAuth sign-in)' : ''}: ${config.baseUrl}${endpoint.path}\n`);
  process.stdout.write(`  Developer reference: ${config.baseUrl}/developers\n`);
  process.stdout.write(`  Rate limits: ${rateLimits ? `shared through Redis (${rateLimits.where})` : 'in this process'}\n`);
});

accountStartup.then(
  async ({ services, demo }) => {
    store = services.store;
    if (demo) {
      const password = demo.generated ? `${demo.password}   (generated, shown only now; change it with: npm run cli -- set-password ${demo.email})` : '(from DEMO_PASSWORD)';
      process.stdout.write(`  Demo player created. Sign in as ${demo.email}  password ${password}\n`);
    }
    process.stdout.write(`  account endpoint ready (store: ${storeLocation(config).description})\n`);
    await sweep();
    setInterval(() => void sweep(), CLEANUP_INTERVAL_MS).unref();
  },
  (error: unknown) => {
    process.stderr.write(`the account endpoint could not start (store: ${storeLocation(config).description}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

function shutdown(signal: string): void {
  process.stdout.write(`${signal}: shutting down\n`);
  server.close(() => {
    void Promise.allSettled([store?.close(), rateLimits?.close()]).finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
