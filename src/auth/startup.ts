/**
 * Brings up the account stack: opens (and on first start creates and migrates) the store, seeds the demo player
 * into an empty store, loads the persisted keys and builds the authorization server. The heavy modules (the store's
 * Kysely and database driver, oidc-provider) are imported here, dynamically, so the service can start answering on
 * its public endpoint before they have loaded. While the store cannot be reached (PostgreSQL down at start), it
 * retries with backoff in the background, logging once per outage; a fault retrying cannot fix rejects `started`.
 */
import type { Config } from '../config.js';
import { isTransientStoreError } from '../store/errors.js';
import { StoreHealth, type StoreErrorEvent } from '../store/health.js';
import type { StoreLocation } from '../store/database.js';
import type { Store } from '../store/store.js';
import type { AccountServices } from './account-services.js';

export interface AccountStartup {
  services: AccountServices;
  /** Set when this start created the demo player. */
  demo?: { email: string; password: string; generated: boolean };
}

export type AccountStackConfig = Pick<
  Config,
  | 'baseUrl'
  | 'dataDir'
  | 'databaseUrl'
  | 'demoEmail'
  | 'demoPassword'
  | 'clientUnusedTtlSeconds'
  | 'clientIdleTtlSeconds'
  | 'refreshReuseSeconds'
>;

export interface AccountStack {
  /** Resolves once the stack is up; rejects on a fault that retrying cannot fix (a failed migration, say). */
  readonly started: Promise<AccountStartup>;
  /** True once the store is open and migrated, the keys loaded and the authorization server built. */
  isUp(): boolean;
  /** True while the last attempt found the store unreachable and another is scheduled. */
  waitingForStore(): boolean;
  /** The open store once the stack is up (its `ping()` is the readiness probe). */
  store(): Store | undefined;
}

export interface AccountStackOptions {
  /** Where the outage lines go (default: stderr). */
  log?: (line: string) => void;
  /** Called once per failed store operation, at start and later (the metrics seam). */
  onStoreError?: (event: StoreErrorEvent) => void;
  /** Backoff between attempts while the store is unreachable (default 0.5 s doubling to 30 s). */
  retry?: { firstDelayMs: number; maxDelayMs: number };
  /** Most PostgreSQL connections this process holds (default 10). */
  poolSize?: number;
}

/** Where the store of `config` lives, and how log lines name it (never with a password). */
export function storeLocation(config: Pick<Config, 'dataDir' | 'databaseUrl'>): {
  location: StoreLocation;
  description: string;
} {
  if (config.databaseUrl === undefined)
    return { location: { kind: 'sqlite', dataDir: config.dataDir }, description: `SQLite in ${config.dataDir}` };
  const url = URL.parse(config.databaseUrl);
  if (url) url.password = '';
  return {
    location: { kind: 'postgres', url: config.databaseUrl },
    description: `PostgreSQL ${url ? url.toString() : '(DATABASE_URL)'}`,
  };
}

async function startOnce(
  config: AccountStackConfig,
  health: StoreHealth,
  options: AccountStackOptions,
): Promise<AccountStartup> {
  const [{ openStore }, { seedDemoPlayer }, { createAccountServices }] = await Promise.all([
    import('../store/store.js'),
    import('../store/seed.js'),
    import('./account-services.js'),
  ]);
  const store = await openStore(storeLocation(config).location, {
    health,
    clientLifetimes: { unusedSeconds: config.clientUnusedTtlSeconds, idleSeconds: config.clientIdleTtlSeconds },
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
  });
  try {
    const seeded = await seedDemoPlayer(store, {
      ...(config.demoEmail ? { email: config.demoEmail } : {}),
      ...(config.demoPassword ? { password: config.demoPassword } : {}),
    });
    const services = await createAccountServices({
      baseUrl: config.baseUrl,
      store,
      refreshReuseSeconds: config.refreshReuseSeconds,
    });
    return {
      services,
      ...(seeded.created
        ? { demo: { email: seeded.email, password: seeded.password, generated: seeded.generated } }
        : {}),
    };
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}

export function startAccountStack(config: AccountStackConfig, options: AccountStackOptions = {}): AccountStack {
  const { description } = storeLocation(config);
  const health = new StoreHealth({
    description,
    ...(options.log ? { log: options.log } : {}),
    ...(options.onStoreError ? { onStoreError: options.onStoreError } : {}),
  });
  const retry = options.retry ?? { firstDelayMs: 500, maxDelayMs: 30_000 };
  let up: AccountStartup | undefined;
  let waiting = false;

  async function run(): Promise<AccountStartup> {
    for (let delay = retry.firstDelayMs; ; delay = Math.min(delay * 2, retry.maxDelayMs)) {
      try {
        up = await startOnce(config, health, options);
        waiting = false;
        return up;
      } catch (error) {
        if (!isTransientStoreError(error)) throw error;
        // The health tracker has logged the outage (once); account requests answer 503 until an attempt succeeds.
        waiting = true;
        await new Promise((wake) => setTimeout(wake, delay * (0.8 + Math.random() * 0.4)));
      }
    }
  }

  return {
    started: run(),
    isUp: () => up !== undefined,
    waitingForStore: () => waiting,
    store: () => up?.services.store,
  };
}
