/**
 * `npx tsx bench/grant-check.ts [postgres-url]`: what the revocation check costs when its memory of a grant has run
 * out — one read of the grant by primary key (store.grants.isLive) — timed over 2,000 reads on a SQLite store and,
 * given a URL, on PostgreSQL. The account endpoint pays this once per grant and instance every LIVE_GRANT_CACHE_MS;
 * every other request answers from memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { oidcAdapterFactory } from '../src/store/oidc-adapter.js';
import { openStore, type Store } from '../src/store/store.js';
import { median } from './stats.js';

const READS = 2_000;

async function measure(name: string, store: Store): Promise<void> {
  const Adapter = oidcAdapterFactory(store.db, { nowSeconds: store.nowSeconds });
  // A store with some grants in it, as a live one has.
  for (let i = 0; i < 500; i++)
    await new Adapter('Grant').upsert(
      `g${i}`,
      { accountId: `a${i}`, clientId: 'c', kind: 'Grant', jti: `g${i}` },
      3600,
    );
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await store.grants.isLive(`g${i % 500}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `${name}: median ${median(times).toFixed(3)} ms, p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(3)} ms per grant check (${READS} reads)\n`,
  );
  await store.close();
}

const dir = mkdtempSync(join(tmpdir(), 'grant-check-'));
await measure('SQLite', await openStore(dir));
rmSync(dir, { recursive: true, force: true });
const url = process.argv[2];
if (url) await measure('PostgreSQL', await openStore({ kind: 'postgres', url }, { poolSize: 2 }));
