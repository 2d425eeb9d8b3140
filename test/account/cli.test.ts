/** The operator CLI on a throw-away store: accounts, and imports that are validated before anything is written. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { CliError, runCli, type CliIo } from '../../src/cli/main.js';
import { StoredDataError } from '../../src/store/errors.js';
import type { Store } from '../../src/store/store.js';
import { describeEachStore, testStore } from '../support/stores.js';

describeEachStore('the operator CLI', (kind) => {
  let store: Store;
  let out: string;
  let files: Map<string, string>;
  let stdin: string;
  const io: CliIo = {
    stdout: (t) => (out += t),
    readStdin: () => stdin,
    readFile: (p) =>
      files.get(p) ??
      (() => {
        throw new Error(`no file ${p}`);
      })(),
    writeFile: (p, t) => void files.set(p, t),
  };
  beforeEach(async () => {
    store = await testStore(kind);
    out = '';
    files = new Map();
    stdin = '';
  });
  afterEach(() => store.close());

  describe('accounts', () => {
    it('creates a user with a generated password (printed once) and lists it; the password signs in', async () => {
      await runCli(['create-user', 'Alice@Example.com', '--name', 'Alice'], store, io);
      const password = /password: (\S+)/.exec(out)![1]!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect((await store.users.authenticate('alice@example.com', password))?.name).toBe('Alice');
      out = '';
      await runCli(['list-users'], store, io);
      expect(out).toMatch(/^alice@example\.com\tAlice\t[0-9a-f-]{36}\tcreated /);
    });

    it('sets a password from stdin; refuses short ones and unknown users', async () => {
      await runCli(['create-user', 'bob@example.com'], store, io);
      stdin = 'a-new-password\n';
      await runCli(['set-password', 'bob@example.com', '--password-stdin'], store, io);
      expect(await store.users.authenticate('bob@example.com', 'a-new-password')).toMatchObject({
        email: 'bob@example.com',
      });
      stdin = 'short';
      await expect(runCli(['set-password', 'bob@example.com', '--password-stdin'], store, io)).rejects.toThrow(
        'at least 8 characters',
      );
      await expect(runCli(['set-password', 'nobody@example.com'], store, io)).rejects.toThrow(
        'no user with email nobody@example.com',
      );
      await expect(runCli(['create-user', 'bob@example.com'], store, io)).rejects.toThrow('already exists');
    });

    it('set-password also ends the website sessions; delete-user removes the user and everything of theirs', async () => {
      await runCli(['create-user', 'carol@example.com'], store, io);
      const carol = (await store.users.findByEmail('carol@example.com'))!;
      await store.players.replace(carol.id, DEMO_PLAYER);
      const session = { userId: carol.id, userAgent: 'cli-test', idleSeconds: 3600, maxSeconds: 7200 };
      await store.siteSessions.create({ idHash: 'session-1', ...session });
      stdin = 'a-new-password\n';
      await runCli(['set-password', 'carol@example.com', '--password-stdin'], store, io);
      expect(await store.siteSessions.listOfUser(carol.id)).toEqual([]);
      await store.siteSessions.create({ idHash: 'session-2', ...session });
      out = '';
      await runCli(['delete-user', 'carol@example.com'], store, io);
      expect(out).toBe('deleted carol@example.com and everything of it (data, sessions, links, app grants)\n');
      expect(await store.users.findByEmail('carol@example.com')).toBeUndefined();
      expect(await store.siteSessions.listOfUser(carol.id)).toEqual([]);
      expect(await store.players.export(carol.id)).toEqual({ goals: [] });
      await expect(runCli(['delete-user', 'carol@example.com'], store, io)).rejects.toThrow(
        'no user with email carol@example.com',
      );
      await expect(runCli(['delete-user'], store, io)).rejects.toThrow('delete-user <email>');
    });
  });

  describe('import and export', () => {
    beforeEach(async () => {
      await runCli(['create-user', 'p@example.com'], store, io);
    });

    it('round-trips the demo player through import and export', async () => {
      files.set('in.json', JSON.stringify(DEMO_PLAYER));
      await runCli(['import', 'p@example.com', 'in.json'], store, io);
      expect(out).toContain('imported profile, goals, inventory for p@example.com');
      await runCli(['export', 'p@example.com', 'out.json'], store, io);
      expect(JSON.parse(files.get('out.json')!)).toEqual(JSON.parse(JSON.stringify(DEMO_PLAYER)));
    });

    const bad: [string, Record<string, unknown>, string[]][] = [
      [
        'a goal target no calculator reads',
        { goals: [{ system: 'governor_gear', piece: 'top', target: 'Gold T4 ★0', active: true }] },
        ['/goals/0/target: "Gold T4 ★0" is not a Governor Gear level'],
      ],
      [
        'an unknown goal system',
        { goals: [{ system: 'pets', target: 3, active: true }] },
        ['/goals/0: "system" must be one of'],
      ],
      [
        'a hero with 7 stars',
        { profile: { ...DEMO_PLAYER.profile, heroes: [{ ...DEMO_PLAYER.profile.heroes[0]!, stars: 7 }] } },
        ['/profile/heroes/0/stars: must be <= 5'],
      ],
      [
        'a duplicate hero',
        {
          profile: { ...DEMO_PLAYER.profile, heroes: [DEMO_PLAYER.profile.heroes[0]!, DEMO_PLAYER.profile.heroes[0]!] },
        },
        ['/profile/heroes/1/key: hero "amadeus" is listed twice'],
      ],
      [
        'a negative amount and an unknown key',
        { inventory: { ...DEMO_PLAYER.inventory, charms: { charm_guides: -5, charm_designs: 1, charm_runes: 3 } } },
        ['/inventory/charms/charm_guides: must be >= 0', '/inventory/charms: unknown key "charm_runes"'],
      ],
      [
        'a gear level that does not exist',
        { profile: { ...DEMO_PLAYER.profile, governor_gear: { top: { level: 'Gold T9 ★0', charms: [0, 0, 0] } } } },
        ['/profile/governor_gear/top/level: "Gold T9 ★0" is not a Governor Gear level'],
      ],
      [
        'a hero the reference data does not know',
        { profile: { ...DEMO_PLAYER.profile, heroes: [{ ...DEMO_PLAYER.profile.heroes[0]!, key: 'amadeuss' }] } },
        ['/profile/heroes/0/key: unknown hero "amadeuss"', 'e.g. amadeus'],
      ],
      [
        'Exclusive Gear on an Epic hero',
        {
          profile: {
            ...DEMO_PLAYER.profile,
            heroes: [{ ...DEMO_PLAYER.profile.heroes[1]!, key: 'amane', exclusive_gear_level: 3 }],
          },
        },
        ['/profile/heroes/0/exclusive_gear_level: Amane is epic: only Mythic heroes have Exclusive Gear'],
      ],
      [
        'a widgets goal for an Epic hero',
        { goals: [{ system: 'hero_widgets', hero: 'chenko', target: 5, active: true }] },
        ['/goals/0/hero: Chenko is epic: only Mythic heroes have Exclusive Gear'],
      ],
      [
        'shards saved for an unknown hero',
        { inventory: { ...DEMO_PLAYER.inventory, hero_shards: { nobody: 5 } } },
        ['/inventory/hero_shards/nobody: unknown hero "nobody"'],
      ],
    ];
    it.each(bad)('rejects %s with the field at fault and writes nothing', async (_, file, messages) => {
      files.set('ok.json', JSON.stringify(DEMO_PLAYER));
      await runCli(['import', 'p@example.com', 'ok.json'], store, io);
      files.set('bad.json', JSON.stringify(file));
      const error = await runCli(['import', 'p@example.com', 'bad.json'], store, io).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CliError);
      for (const m of messages) expect((error as Error).message).toContain(m);
      await runCli(['export', 'p@example.com', 'after.json'], store, io);
      expect(JSON.parse(files.get('after.json')!)).toEqual(JSON.parse(JSON.stringify(DEMO_PLAYER)));
    });

    it('checks goals against the stored profile when the file brings none', async () => {
      files.set('ok.json', JSON.stringify(DEMO_PLAYER));
      await runCli(['import', 'p@example.com', 'ok.json'], store, io);
      stdin = JSON.stringify({
        goals: [{ system: 'truegold', building: 'war_academy', target: 'TG12', active: true }],
      });
      await expect(runCli(['import', 'p@example.com', '-'], store, io)).rejects.toThrow('/goals/0/target');
    });

    it('rejects a file that is not JSON', async () => {
      files.set('x.json', '{oops');
      await expect(runCli(['import', 'p@example.com', 'x.json'], store, io)).rejects.toThrow('x.json is not JSON');
    });

    it('a file it cannot read or write is a CLI error naming the file, and nothing is written', async () => {
      await expect(runCli(['import', 'p@example.com', 'missing.json'], store, io)).rejects.toThrow(
        new CliError('cannot read missing.json: no file missing.json'),
      );
      const readOnly: CliIo = {
        ...io,
        writeFile: (p) => {
          throw new Error(`EACCES: permission denied, open '${p}'`);
        },
      };
      await expect(runCli(['export', 'p@example.com', '/root/out.json'], store, readOnly)).rejects.toThrow(
        new CliError("cannot write /root/out.json: EACCES: permission denied, open '/root/out.json'"),
      );
      expect(await store.players.export((await store.users.findByEmail('p@example.com'))!.id)).toEqual({ goals: [] });
    });
  });

  describe('stored data that no longer passes its schema', () => {
    let id: string;
    beforeEach(async () => {
      await runCli(['create-user', 'p@example.com'], store, io);
      id = (await store.users.findByEmail('p@example.com'))!.id;
      files.set('ok.json', JSON.stringify(DEMO_PLAYER));
      await runCli(['import', 'p@example.com', 'ok.json'], store, io);
      // Edited by hand in the database: the profile lost its power, the inventory is not JSON at all.
      await store.db
        .updateTable('player_documents')
        .set({ document: JSON.stringify({ ...DEMO_PLAYER.profile, power: 'lots' }) })
        .where('user_id', '=', id)
        .where('kind', '=', 'profile')
        .execute();
      await store.db
        .updateTable('player_documents')
        .set({ document: '{not json' })
        .where('user_id', '=', id)
        .where('kind', '=', 'inventory')
        .execute();
    });

    it('is reported as such on read, JSON or not', async () => {
      await expect(store.players.readerFor(id).profile()).rejects.toThrow(
        new StoredDataError('profile', '/power: must be integer'),
      );
      await expect(store.players.readerFor(id).inventory()).rejects.toThrow(
        /^stored inventory is invalid: not JSON \(/,
      );
      await expect(runCli(['export', 'p@example.com'], store, io)).rejects.toBeInstanceOf(StoredDataError);
    });

    it('is repaired by importing the sections again, which is what the account tools tell the player', async () => {
      files.set('goals.json', JSON.stringify({ goals: DEMO_PLAYER.goals }));
      await expect(runCli(['import', 'p@example.com', 'goals.json'], store, io)).rejects.toThrow(
        new CliError(
          'stored profile is invalid: /power: must be integer; goals are checked against the profile, so import a file that includes a profile',
        ),
      );
      await runCli(['import', 'p@example.com', 'ok.json'], store, io);
      expect(JSON.parse(JSON.stringify(await store.players.export(id)))).toEqual(
        JSON.parse(JSON.stringify(DEMO_PLAYER)),
      );
    });
  });
});
