/**
 * The SQLite store opened by several processes at once on one fresh file (the service and the CLI starting
 * together): the migrations run once, one process creates the demo player, and all agree on one key set.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'kingshot-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite opened by three processes at once', () => {
  it('migrates once, seeds once, and every process gets the same keys', { timeout: 120_000 }, async () => {
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/support/open-store-child.ts', dir], {
        cwd: root,
      });
    const outputs = await Promise.all([run(), run(), run()]);
    const found = outputs.map(
      ({ stdout }) =>
        JSON.parse(stdout.trim().split('\n').at(-1)!) as {
          created: boolean;
          kid: string;
          cookie: string;
          migrations: string[];
        },
    );
    expect(found.filter((f) => f.created)).toHaveLength(1);
    expect(new Set(found.map((f) => f.kid)).size).toBe(1);
    expect(new Set(found.map((f) => f.cookie)).size).toBe(1);
    for (const f of found)
      expect(f.migrations).toEqual([
        '0001_initial',
        '0002_client_expiry',
        '0003_site_accounts',
        '0004_grant_owner_and_use',
      ]);
  });
});
