/**
 * Store growth under a registration flood, and what the expiry sweep gives back (issue 11: "2,000 registrations
 * from 67 addresses grew the store from 4.3 MB to 122 MB"). Registers N clients, each the largest registration the
 * registration bounds accept (src/auth/registration-bounds.ts), through the real app (SQLite store under a temporary DATA_DIR, the default per-address limit, X-Forwarded-For from a trusted
 * loopback proxy spreading them over many addresses), then moves the store's clock past the unused-client TTL,
 * sweeps, and prints the database file sizes (main + WAL, after a checkpoint) at each step.
 *
 *   npx tsx bench/store-growth.ts [--clients 2000] [--addresses 100]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { createAccountServices } from '../src/auth/account-services.js';
import { createApp } from '../src/app.js';
import { largestRegistration, REGISTRATION_BOUNDS } from '../src/auth/registration-bounds.js';
import { seedDemoPlayer } from '../src/store/seed.js';
import { DATABASE_FILE } from '../src/store/sqlite-database.js';
import { openStore } from '../src/store/store.js';

const { values } = parseArgs({
  options: { clients: { type: 'string', default: '2000' }, addresses: { type: 'string', default: '100' } },
});
const clients = Number(values.clients);
const addresses = Number(values.addresses);

const dataDir = mkdtempSync(join(tmpdir(), 'kingshot-growth-'));
let now = Date.now();
const store = await openStore(dataDir, { clock: () => new Date(now) });
await seedDemoPlayer(store, { password: 'growth-password' });
const port = 3650;
const baseUrl = `http://127.0.0.1:${port}`;
const services = await createAccountServices({ baseUrl, store });
const app = createApp({
  config: {
    baseUrl,
    rateLimitPerMinute: 60,
    authRateLimitPerMinute: 30,
    allowedHosts: new Set([`127.0.0.1:${port}`]),
    allowedOrigins: new Set([baseUrl]),
    trustedProxies: new Set(['127.0.0.1']),
  },
  account: services,
  clock: () => new Date(now),
});
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });

async function megabytes(): Promise<string> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
  const file = join(dataDir, DATABASE_FILE);
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return ((size(file) + size(`${file}-wal`)) / 1e6).toFixed(1);
}

// Each registration as large as the bounds allow: a body of 8 KiB with 10 redirect URIs of 512 characters.
const registration = largestRegistration();
const before = await megabytes();
let registered = 0;
let refused = 0;
for (let i = 0; i < clients; i++) {
  const address = `198.51.100.${i % addresses}`;
  const res = await fetch(`${baseUrl}/api/auth/mcp/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: registration,
  });
  await res.arrayBuffer();
  if (res.status === 201) registered++;
  else refused++;
}
const afterFlood = await megabytes();
const rows = async () =>
  Number(
    (
      await store.db
        .selectFrom('oidc_payloads')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('type', '=', 'Client')
        .executeTakeFirstOrThrow()
    ).n,
  );
const allRows = async () =>
  Number(
    (
      await store.db
        .selectFrom('oidc_payloads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const clientRows = await rows();
const recordsAfterFlood = await allRows();
now += (store.clientLifetimes.unusedSeconds + 1) * 1000;
const swept = await store.deleteExpired();
const afterSweep = await megabytes();
process.stdout.write(
  [
    `registrations: ${registered} accepted, ${refused} refused (${addresses} addresses, 30 per address per minute; ${REGISTRATION_BOUNDS.bodyBytes}-byte bodies, ${REGISTRATION_BOUNDS.redirectUris} redirect URIs of ${REGISTRATION_BOUNDS.redirectUriLength} characters)`,
    `store before: ${before} MB`,
    `after the flood: ${afterFlood} MB (${clientRows} client rows, ${recordsAfterFlood} OAuth records of any type)`,
    `after the sweep one unused-TTL later: ${afterSweep} MB (${swept} rows deleted, ${await rows()} client rows and ${await allRows()} OAuth records of any type left)`,
  ].join('\n') + '\n',
);
server.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });
