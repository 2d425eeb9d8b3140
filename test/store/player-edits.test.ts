/**
 * Edits from the website are refused when made from an out-of-date page: each save names the version its page
 * showed, and the database decides (a compare-and-swap), on both stores; two saves from one version, one wins.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import type { Goal } from '../../src/account/model.js';
import { NEVER_SAVED } from '../../src/store/player-edits.js';
import { describeEachStore, storeAvailable, testStore, testStoreLocation } from '../support/stores.js';

const gearGoal = (target: string): Goal => ({ system: 'governor_gear', piece: 'crown', target, active: true });

describeEachStore('versioned edits', (kind) => {
  it('a document saves from its version, and a second save from the same version is stale', async () => {
    const store = await testStore(kind);
    const user = await store.users.create({ email: 'edits@example.com', name: 'E', password: 'edits-password' });
    expect(await store.edits.documentVersion(user.id, 'profile')).toBe(NEVER_SAVED);
    expect(await store.edits.saveDocument(user.id, 'profile', DEMO_PLAYER.profile, NEVER_SAVED)).toBe('saved');
    expect(await store.edits.saveDocument(user.id, 'profile', DEMO_PLAYER.profile, NEVER_SAVED)).toBe('stale');
    const v1 = await store.edits.documentVersion(user.id, 'profile');
    const renamed = { ...DEMO_PLAYER.profile, name: 'Tab A' };
    expect(await store.edits.saveDocument(user.id, 'profile', renamed, v1)).toBe('saved');
    // Tab B still shows v1: refused, and Tab A's save stands.
    expect(await store.edits.saveDocument(user.id, 'profile', { ...renamed, name: 'Tab B' }, v1)).toBe('stale');
    expect((await store.players.readerFor(user.id).profile())?.value.name).toBe('Tab A');
  });

  it('goals: add, update, move, delete each need the current version; an import renews it', async () => {
    const store = await testStore(kind);
    const user = await store.users.create({ email: 'goals@example.com', name: 'G', password: 'goals-password' });
    const reader = store.players.readerFor(user.id);
    expect(await store.edits.goalsVersion(user.id)).toBe(NEVER_SAVED);
    expect(await store.edits.changeGoals(user.id, NEVER_SAVED, { kind: 'add', goal: gearGoal('Gold ★0') })).toBe(
      'saved',
    );
    expect(await store.edits.changeGoals(user.id, NEVER_SAVED, { kind: 'add', goal: gearGoal('Red ★0') })).toBe(
      'stale',
    );
    let version = await store.edits.goalsVersion(user.id);
    expect(await store.edits.changeGoals(user.id, version, { kind: 'add', goal: gearGoal('Gold T1 ★0') })).toBe(
      'saved',
    );
    const [first, second] = await reader.goals();
    version = await store.edits.goalsVersion(user.id);
    expect(await store.edits.changeGoals(user.id, version, { kind: 'move', id: second!.id, by: -1 })).toBe('saved');
    expect((await reader.goals()).map((g) => g.id)).toEqual([second!.id, first!.id]);
    version = await store.edits.goalsVersion(user.id);
    const paused = { ...gearGoal('Gold ★0'), active: false };
    expect(await store.edits.changeGoals(user.id, version, { kind: 'update', id: first!.id, goal: paused })).toBe(
      'saved',
    );
    expect(await store.edits.changeGoals(user.id, version, { kind: 'delete', id: first!.id })).toBe('stale');
    expect((await reader.goals()).map((g) => g.goal)).toEqual([gearGoal('Gold T1 ★0'), paused]);
    version = await store.edits.goalsVersion(user.id);
    await store.players.replace(user.id, { goals: [gearGoal('Red ★0')] });
    expect(await store.edits.changeGoals(user.id, version, { kind: 'delete', id: first!.id })).toBe('stale');
    expect((await reader.goals()).map((g) => g.goal)).toEqual([gearGoal('Red ★0')]);
    // An id that is gone (deleted elsewhere) is stale too, not a silent no-op.
    version = await store.edits.goalsVersion(user.id);
    expect(await store.edits.changeGoals(user.id, version, { kind: 'delete', id: first!.id })).toBe('stale');
    expect(await store.edits.goalsVersion(user.id)).toBe(version);
  });
});

describe.skipIf(!storeAvailable('postgres'))('two saves at once on PostgreSQL', () => {
  it('from one version: exactly one is saved', async () => {
    const location = await testStoreLocation('postgres', { persistent: true });
    const [a, b] = [await testStore('postgres', { location }), await testStore('postgres', { location })];
    const user = await a.users.create({ email: 'race@example.com', name: 'R', password: 'race-password' });
    for (let round = 0; round < 5; round++) {
      const version = await a.edits.goalsVersion(user.id);
      const outcomes = await Promise.all([
        a.edits.changeGoals(user.id, version, { kind: 'add', goal: gearGoal('Gold ★0') }),
        b.edits.changeGoals(user.id, version, { kind: 'add', goal: gearGoal('Red ★0') }),
      ]);
      expect(outcomes.sort()).toEqual(['saved', 'stale']);
      const profileVersion = await a.edits.documentVersion(user.id, 'profile');
      const saves = await Promise.all([
        a.edits.saveDocument(user.id, 'profile', { ...DEMO_PLAYER.profile, name: `A${round}` }, profileVersion),
        b.edits.saveDocument(user.id, 'profile', { ...DEMO_PLAYER.profile, name: `B${round}` }, profileVersion),
      ]);
      expect(saves.sort()).toEqual(['saved', 'stale']);
    }
    expect((await a.players.readerFor(user.id).goals()).length).toBe(5);
  });
});
