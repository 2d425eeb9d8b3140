/**
 * What synchronous=FULL costs the SQLite store (issue 11: "use FULL (measure the cost in the benchmark)"). FULL
 * syncs the WAL at every commit, so a commit the CLI or a sign-in reported survives a power loss; NORMAL syncs only
 * at checkpoints and may lose the last commits. Both run the store's real writes on a file under a temporary folder,
 * rounds alternating (FULL, NORMAL, then NORMAL, FULL, ...) so drift on a shared machine cancels out:
 *
 * - a sign-in's writes through the OIDC adapter: interaction, session, grant, authorization code, its redemption
 *   (consume), refresh token (six commits, as one browser sign-in and code exchange make);
 * - an operator import: the demo player's profile, inventory and goals replaced in one transaction (the CLI's
 *   `import`).
 *
 *   npx tsx bench/store-durability.ts [--seconds 3] [--rounds 4]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { DEMO_PLAYER } from '../src/account/demo.js';
import { validatePlayerData } from '../src/account/validate.js';
import { oidcAdapterFactory } from '../src/store/oidc-adapter.js';
import { openStore, type Store } from '../src/store/store.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '3' }, rounds: { type: 'string', default: '4' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const MODES = ['FULL', 'NORMAL'] as const;
type Mode = (typeof MODES)[number];

const checked = validatePlayerData(DEMO_PLAYER);
if (!checked.ok) throw new Error('the demo player data is invalid');
const playerData = checked.data;

interface Workload {
  name: string;
  /** Commits one run of it makes. */
  commits: number;
  run(store: Store, userId: string): Promise<void>;
}

const WORKLOADS: Workload[] = [
  {
    name: "a sign-in's writes (6 commits)",
    commits: 6,
    async run(store, userId) {
      const Adapter = oidcAdapterFactory(store.db, { nowSeconds: store.nowSeconds });
      const grantId = randomUUID();
      const clientId = 'bench-client';
      const expires = 600;
      await new Adapter('Interaction').upsert(
        randomUUID(),
        { iat: store.nowSeconds(), exp: store.nowSeconds() + expires, returnTo: 'https://example.test/cb' },
        expires,
      );
      await new Adapter('Session').upsert(
        randomUUID(),
        { accountId: userId, uid: randomUUID(), loginTs: store.nowSeconds() },
        expires,
      );
      await new Adapter('Grant').upsert(
        grantId,
        { accountId: userId, clientId, openid: { scope: 'openid offline_access' } },
        expires,
      );
      const code = randomUUID();
      const codes = new Adapter('AuthorizationCode');
      await codes.upsert(code, { accountId: userId, clientId, grantId, uid: randomUUID() }, 60);
      await codes.consume(code);
      await new Adapter('RefreshToken').upsert(
        randomUUID(),
        { accountId: userId, clientId, grantId, iiat: store.nowSeconds(), rotations: 0 },
        expires,
      );
    },
  },
  {
    name: 'an operator import (1 commit)',
    commits: 1,
    async run(store, userId) {
      await store.players.replace(userId, playerData);
    },
  },
];

async function measure(mode: Mode, workload: Workload): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kingshot-durability-'));
  const store = await openStore(dataDir);
  try {
    // The store opens with FULL; the pragma is per connection and the SQLite store has one.
    await sql.raw(`pragma synchronous = ${mode}`).execute(store.db);
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(store.db);
    if (rows[0]?.synchronous !== (mode === 'FULL' ? 2 : 1))
      throw new Error(`synchronous is ${rows[0]?.synchronous}, not ${mode}`);
    const user = await store.users.create({
      email: 'bench@kingshot.example',
      name: 'Bench',
      password: 'bench-password-1',
    });
    await workload.run(store, user.id); // warm-up: statements prepared, file grown
    let runs = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      await workload.run(store, user.id);
      runs++;
    }
    return (runs * workload.commits) / ((performance.now() - started) / 1000);
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines = [
  `SQLite store, ${rounds} rounds x ${seconds} s per mode and workload, rounds alternating; commits per second (median of rounds)`,
  '',
  '| Workload | FULL commits/s | NORMAL commits/s | FULL / NORMAL | FULL per commit |',
  '| --- | ---: | ---: | ---: | ---: |',
];
for (const workload of WORKLOADS) {
  const rates: Record<Mode, number[]> = { FULL: [], NORMAL: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? MODES : [...MODES].reverse();
    for (const mode of order) rates[mode].push(await measure(mode, workload));
  }
  const full = median(rates.FULL);
  const normal = median(rates.NORMAL);
  lines.push(
    `| ${workload.name} | ${full.toFixed(0)} | ${normal.toFixed(0)} | ${(full / normal).toFixed(2)}x | ${(1000 / full).toFixed(2)} ms |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
