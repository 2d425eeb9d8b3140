/**
 * Starts the service: configuration from the environment, then the Hono app on Node's HTTP server. The account
 * stack (the store — SQLite under DATA_DIR, or PostgreSQL with DATABASE_URL — created and migrated on first start,
 * the demo player, the keys and the authorization server) comes up in the background: the public endpoint answers
 * at once, and requests to the account paths wait the fraction of a second until it is ready. While the store
 * cannot be reached they answer 503 and the stack retries by itself; any other start failure exits.
 *
 * stdout is the JSON log (pino) and nothing else, from its first line: one line per request, the start, the
 * store's and Redis's outages, errors, the drain; a log collector parses every line. The few plain lines for the
 * person starting it (the addresses, a generated demo password) go to stderr, beside the configuration errors: a
 * terminal shows both. /ready, /metrics and the drain on SIGTERM/SIGINT are wired here (src/observability/).
 */
import type { AddressInfo } from 'node:net';
import { ENDPOINTS } from '../generated/endpoints.js';
import { createApp } from './app.js';
import { startAccountStack, storeLocation } from './auth/startup.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createNodeServer } from './http/node-server.js';
import { McpFastPaths } from './http/node-fast-path.js';
import { AUTH_ROUTE_PATTERNS } from './auth/scopes.js';
import { pageRefusals } from './pages/error-pages.js';
import { drainOnSignals } from './observability/drain.js';
import { endpointClassifier } from './observability/endpoints.js';
import { createLogger, createRequestLogger, lineSink } from './observability/logger.js';
import { ServiceMetrics } from './observability/metrics.js';
import { Readiness, within } from './observability/readiness.js';
import { RequestObserver, requestIdOf } from './observability/request-observer.js';
import { isStoreUnavailable } from './store/errors.js';
import type { Store } from './store/store.js';
import { logTransport } from './site-account/mail.js';

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

/** Longest /ready waits for the store's answer before it says the store is unreachable. */
const READY_PING_MS = 2_000;

const config = configFromEnv();
const logger = createLogger(config.logLevel);
const metrics = new ServiceMetrics();
const accountStack = startAccountStack(config, {
  log: lineSink(logger, 'store'),
  onStoreError: (event) => metrics.storeError(event.unavailable),
});
const accountStartup = accountStack.started;
// ioredis is loaded only when the limits are shared; the embedded default never pays for it.
const rateLimits = config.redisUrl
  ? new (await import('./http/redis-rate-limits.js')).RedisRateLimits({
      url: config.redisUrl,
      prefix: config.rateLimitPrefix,
      commandTimeoutMs: config.redisTimeoutMs,
      log: lineSink(logger, 'rate-limits'),
      events: {
        onRedisDown: () => metrics.redisDown(),
        onRedisUp: () => metrics.redisUp(),
        onFallback: (limiter) => metrics.rateLimitFallback(limiter),
      },
    })
  : undefined;
// Up to a second for Redis, so the first requests are counted there too; past it the service starts in-process
// and shares its counts from the moment Redis answers.
const redisInTime = rateLimits ? await rateLimits.connected(1_000) : false;
if (rateLimits) {
  metrics.redisConfigured(redisInTime);
  if (!redisInTime) void rateLimits.reportLateConnection(() => metrics.redisUp());
}

/** Ready when the account stack is up (store open and migrated, keys loaded) and its store answers now. */
const readiness = new Readiness(async () => {
  const up = accountStack.store();
  if (!up)
    return accountStack.waitingForStore()
      ? 'store unreachable: the account stack is waiting for it'
      : 'starting: opening and migrating the store';
  try {
    await within(up.ping(), READY_PING_MS, 'the store');
    return undefined;
  } catch {
    return 'store unreachable';
  }
});
// The account pages' mails: SMTP when configured, else written to stderr and DATA_DIR/outbox/ for a laptop.
const mailTransport = config.smtpUrl
  ? (await import('./site-account/smtp-transport.js')).smtpTransport(config.smtpUrl, config.mailFrom)
  : logTransport({ dataDir: config.dataDir, from: config.mailFrom, write: (text) => process.stderr.write(text) });
// The public MCP endpoints' everyday POSTs, answered by Node without the adapter (src/http/node-fast-path.ts).
const mcpFastPaths = new McpFastPaths();
const app = createApp({
  config,
  mailTransport,
  account: accountStartup.then((started) => started.services),
  accountWaiting: accountStack.waitingForStore,
  ...(rateLimits ? { rateLimits } : {}),
  metrics,
  readiness,
  mcpFastPaths,
  logError: (error, request, incoming) =>
    logger.error(
      { request_id: incoming && requestIdOf(incoming), method: request.method, err: error },
      `error ${request.method} ${new URL(request.url).pathname}`,
    ),
});
const mcpPaths = ENDPOINTS.map((e) => e.path);
const requestLog = createRequestLogger(config.logLevel);
const observer = new RequestObserver({
  metrics,
  logger: requestLog,
  endpointOf: endpointClassifier(mcpPaths),
  mcpPaths: new Set(mcpPaths),
  trustedProxies: config.trustedProxies,
});
let store: Store | undefined;

async function sweep(): Promise<void> {
  try {
    await store?.deleteExpired();
  } catch (error) {
    if (isStoreUnavailable(error)) return; // the outage is logged once by the store; the next sweep catches up
    logger.error({ err: error }, 'cleanup of expired OAuth records failed');
  }
}

// Node's HTTP server, whose own refusals (oversized headers, a bad Host, …) answer in JSON like the app's.
const server = createNodeServer(
  observer.wrap((request, env) => app.fetch(request, env)),
  {
    requestTimeout: config.requestTimeoutMs,
    headersTimeout: config.headersTimeoutMs,
    keepAliveTimeout: 5_000,
    // Node enforces the two timeouts above only when it sweeps connections (every 30 s by default).
    connectionsCheckingInterval: 1_000,
  },
  // A refused request to a web page is answered with a page; the MCP endpoints and the JSON addresses keep JSON.
  pageRefusals([
    ...mcpPaths,
    ...AUTH_ROUTE_PATTERNS.map((pattern) => pattern.replace(/\/\*$/, '')),
    '/health',
    '/ready',
    '/metrics',
    '/site/',
  ]),
  { fastPaths: mcpFastPaths, observe: (incoming, outgoing) => observer.observe(incoming, outgoing, false) },
);
function describeRateLimits(): string {
  if (!rateLimits) return 'in this process';
  return redisInTime
    ? `shared through Redis (${rateLimits.where})`
    : `through Redis (${rateLimits.where}) once it answers; in this process until then`;
}

server.listen(config.port, config.host, () => {
  const info = server.address() as AddressInfo;
  const listening = `http://${config.host.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
  logger.info({ component: 'http', address: listening, public_url: config.baseUrl }, `listening on ${listening}`);
  process.stderr.write(`kingshot-mcp listening on ${listening} (public URL ${config.baseUrl})\n`);
  for (const endpoint of ENDPOINTS)
    process.stderr.write(
      `  ${endpoint.title}${endpoint.auth === 'oauth' ? ' (OAuth sign-in)' : ''}: ${config.baseUrl}${endpoint.path}\n`,
    );
  process.stderr.write(`  Developer reference: ${config.baseUrl}/developers\n`);
  process.stderr.write(`  Your account: ${config.baseUrl}/account/sign-up (mails ${mailTransport.describe})\n`);
  process.stderr.write(`  Rate limits: ${describeRateLimits()}\n`);
  process.stderr.write(
    `  Operations: ${config.baseUrl}/health (alive), ${config.baseUrl}/ready (can serve), ${config.baseUrl}/metrics (${config.metricsToken ? 'bearer METRICS_TOKEN' : 'no token: set METRICS_TOKEN before exposing it'}); the JSON log is on stdout\n`,
  );
});

accountStartup.then(
  async ({ services, demo }) => {
    store = services.store;
    if (demo) {
      const password = demo.generated
        ? `${demo.password}   (generated, shown only now; change it with: npm run cli -- set-password ${demo.email})`
        : '(from DEMO_PASSWORD)';
      // With the banner on stderr: no line of the JSON log carries a password.
      process.stderr.write(`  Demo player created. Sign in as ${demo.email}  password ${password}\n`);
    }
    logger.info({ component: 'store' }, `account endpoint ready (store: ${storeLocation(config).description})`);
    await sweep();
    setInterval(() => void sweep(), CLEANUP_INTERVAL_MS).unref();
  },
  (error: unknown) => {
    logger.fatal({ err: error }, `the account endpoint could not start (store: ${storeLocation(config).description})`);
    process.exit(1);
  },
);

drainOnSignals({
  server,
  timeoutMs: config.shutdownTimeoutMs,
  startDrain: () => {
    readiness.startDrain();
    observer.startDrain();
  },
  inFlight: () => observer.inFlight,
  closeResources: () => Promise.allSettled([store?.close(), rateLimits?.close()]),
  logger,
  flushLogs: (done) => requestLog.flush(() => done()),
  exit: (code) => process.exit(code),
});
