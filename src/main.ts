/** Starts the service: configuration from the environment, then the Hono app on Node's HTTP server. */
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';

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
mkdirSync(config.dataDir, { recursive: true });
const app = createApp({ config });

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
    process.stdout.write(`  MCP endpoint: ${config.baseUrl}/mcp    developer reference: ${config.baseUrl}/developers\n`);
  },
);

function shutdown(signal: string): void {
  process.stdout.write(`${signal}: shutting down\n`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
