/**
 * Starts the service: configuration from the environment, the store under DATA_DIR (created and migrated on first
 * start, demo player seeded), the authorization server, then the Hono app on Node's HTTP server.
 */
import { serve } from '@hono/node-server';
import { seedDemoPlayer } from './account/seed.js';
import { createApp } from './app.js';
import { createAccountServices } from './auth/account-services.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openStore } from './store/store.js';

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
const store = await openStore(config.dataDir);
const seeded = await seedDemoPlayer(store, { ...(config.demoEmail ? { email: config.demoEmail } : {}), ...(config.demoPassword ? { password: config.demoPassword } : {}) });
const account = await createAccountServices({ baseUrl: config.baseUrl, store, authRateLimitPerMinute: config.authRateLimitPerMinute });
const app = createApp({ config, account });

async function sweep(): Promise<void> {
  try {
    await store.deleteExpired();
  } catch (error) {
    process.stderr.write(`cleanup of expired OAuth records failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
await sweep();
setInterval(() => void sweep(), CLEANUP_INTERVAL_MS).unref();

const server = serve(
  {
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    serverOptions: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      keepAliveTimeout: 5_000,
      // Node enforces the two timeouts above only when it sweeps connections (every 30 s by default).
      connectionsCheckingInterval: 1_000,
    },
  },
  (info) => {
    process.stdout.write(`kingshot-mcp listening on http://${config.host.includes(':') ? `[${info.address}]` : info.address}:${info.port} (public URL ${config.baseUrl})\n`);
    process.stdout.write(`  MCP endpoint: ${config.baseUrl}/mcp    account endpoint (OAuth): ${config.baseUrl}/mcp/account    developer reference: ${config.baseUrl}/developers\n`);
    if (seeded.created) {
      const password = seeded.generated ? `${seeded.password}   (generated, shown only now; change it with: npm run cli -- set-password ${seeded.email})` : '(from DEMO_PASSWORD)';
      process.stdout.write(`  Demo player created. Sign in as ${seeded.email}  password ${password}\n`);
    }
  },
);

function shutdown(signal: string): void {
  process.stdout.write(`${signal}: shutting down\n`);
  server.close(() => {
    void store.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
