/**
 * Child process for the SQLite multi-process test: opens (and migrates) the store in the given directory, seeds the
 * demo player and loads the keys, as a starting service does, then prints what it found as one JSON line.
 */
import { seedDemoPlayer } from '../../src/store/seed.js';
import { loadServerKeys } from '../../src/store/keys.js';
import { openStore } from '../../src/store/store.js';
import { appliedMigrations } from './applied-migrations.js';

const store = await openStore(process.argv[2]!);
const seeded = await seedDemoPlayer(store, { password: 'racing-password' });
const keys = await loadServerKeys(store.db, store.nowSeconds());
const migrations = await appliedMigrations(store.db);
process.stdout.write(
  `${JSON.stringify({ created: seeded.created, kid: keys.signing[0]!.kid, cookie: keys.cookies[0], migrations })}\n`,
);
await store.close();
