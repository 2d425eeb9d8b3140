/**
 * The player's pages on both stores: forms with mistakes save nothing and show each problem beside its field; an
 * edit from an out-of-date page is refused (409) and loses nothing; script and HTML the player wrote come back
 * escaped on every page; goals are added, edited, moved, switched and deleted; the plan page shows the numbers
 * get_my_goals answers for the same player; an app is revoked from the apps page.
 */
import { expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { gearLevelIndex } from '../../src/calculators/governor-gear.js';
import { accountApp, callAccountTool, mintAccessToken, storeGrant } from '../account-helpers.js';
import { createAccountServices } from '../../src/auth/account-services.js';
import { profileValues } from '../../src/site-account/player-pages/profile-form.js';
import { inventoryValues } from '../../src/site-account/player-pages/inventory-form.js';
import { STALE_MESSAGE } from '../../src/site-account/player-pages/fields.js';
import { BASE } from '../helpers.js';
import { describeEachStore, testStore, type StoreKind } from '../support/stores.js';
import { CSRF, get, pagesApp, post, problemBeside, versionOn } from './harness.js';

const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>';
const escapedScript = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;';

async function setUp(kind: StoreKind) {
  const store = await testStore(kind);
  const user = await store.users.create({
    email: 'pages@example.com',
    name: 'Page Player',
    password: 'pages-password',
  });
  const forgotten: string[] = [];
  const app = pagesApp(store, { userId: user.id, name: user.name, email: user.email, csrfToken: CSRF }, forgotten);
  return { store, user, app, forgotten };
}

describeEachStore('the player pages', (kind) => {
  it('profile: a form with mistakes saves nothing and shows each problem beside its field', async () => {
    const { store, user, app } = await setUp(kind);
    const page = await get(app, '/account/profile');
    expect(page.status).toBe(200);
    const values = {
      ...profileValues(DEMO_PLAYER.profile),
      '/profile/governor_gear/crown/level': 'Gold T9 ★1',
      '/profile/kingdom': '0',
    };
    const refused = await post(app, '/account/profile', { ...values, csrf: CSRF, version: versionOn(page.html) });
    expect(refused.status).toBe(422);
    const gear = gearLevelIndex('/profile/governor_gear/crown/level', 'Gold T9 ★1');
    expect(problemBeside(refused.html, '/profile/governor_gear/crown/level')).toBe(
      !gear.ok ? gear.error.message.replaceAll('"', '&quot;').replaceAll("'", '&#39;') : 'accepted?',
    );
    expect(problemBeside(refused.html, '/profile/kingdom')).toBe('0 is out of range: from 1 to 99999');
    expect(refused.html).toContain('Nothing was saved.');
    // What was written stays in the form, to correct.
    expect(refused.html).toContain('value="Gold T9 ★1"');
    expect(await store.players.readerFor(user.id).profile()).toBeUndefined();

    const saved = await post(app, '/account/profile', {
      ...profileValues(DEMO_PLAYER.profile),
      csrf: CSRF,
      version: versionOn(page.html),
    });
    expect(saved).toMatchObject({ status: 303, location: '/account/profile?saved=1' });
    expect((await store.players.readerFor(user.id).profile())?.value.name).toBe(DEMO_PLAYER.profile.name);
  });

  it('profile and inventory: an edit from an out-of-date page is refused with a clear message, nothing lost', async () => {
    const { store, user, app } = await setUp(kind);
    const tabA = await get(app, '/account/profile');
    const tabB = await get(app, '/account/profile');
    const form = (name: string, html: string) => ({
      ...profileValues(DEMO_PLAYER.profile),
      '/profile/name': name,
      csrf: CSRF,
      version: versionOn(html),
    });
    expect((await post(app, '/account/profile', form('Saved by A', tabA.html))).status).toBe(303);
    const late = await post(app, '/account/profile', form('Saved by B', tabB.html));
    expect(late.status).toBe(409);
    expect(late.html).toContain(STALE_MESSAGE.replaceAll("'", '&#39;'));
    expect(late.html).toContain('value="Saved by A"');
    expect((await store.players.readerFor(user.id).profile())?.value.name).toBe('Saved by A');

    const invA = await get(app, '/account/inventory');
    const invForm = (satin: string, html: string) => ({
      ...inventoryValues(DEMO_PLAYER.inventory),
      '/inventory/governor_gear/satin': satin,
      csrf: CSRF,
      version: versionOn(html),
    });
    expect((await post(app, '/account/inventory', invForm('100', invA.html))).status).toBe(303);
    expect((await post(app, '/account/inventory', invForm('200', invA.html))).status).toBe(409);
    expect((await store.players.readerFor(user.id).inventory())?.value.governor_gear.satin).toBe(100);
  });

  it('inventory: a mistake is shown beside its field and nothing is saved', async () => {
    const { store, user, app } = await setUp(kind);
    const page = await get(app, '/account/inventory');
    const refused = await post(app, '/account/inventory', {
      ...inventoryValues(DEMO_PLAYER.inventory),
      '/inventory/charms/charm_guides': '12.5',
      csrf: CSRF,
      version: versionOn(page.html),
    });
    expect(refused.status).toBe(422);
    expect(problemBeside(refused.html, '/inventory/charms/charm_guides')).toBe(
      '&quot;12.5&quot; is not a whole number (0 to 1000000000000)',
    );
    expect(await store.players.readerFor(user.id).inventory()).toBeUndefined();
  });

  it('goals: add two, a target the tool refuses is refused beside it, then edit, move, switch off, delete', async () => {
    const { store, user, app } = await setUp(kind);
    await store.players.replace(user.id, { profile: DEMO_PLAYER.profile });
    const reader = store.players.readerFor(user.id);
    let page = await get(app, '/account/goals');
    const add = (fields: Record<string, string>) =>
      post(app, '/account/goals', { csrf: CSRF, version: versionOn(page.html), action: 'add', ...fields });
    const bad = await add({
      system: 'governor_gear',
      '/goal/piece': 'crown',
      '/goal/target': 'Gold T9',
      '/goal/active': 'on',
    });
    expect(bad.status).toBe(422);
    const gear = gearLevelIndex('/goals/0/target', 'Gold T9');
    expect(problemBeside(bad.html, '/goal/target', 'add-governor_gear-')).toBe(
      !gear.ok ? gear.error.message.replaceAll('"', '&quot;').replaceAll("'", '&#39;') : 'accepted?',
    );
    expect(await reader.goals()).toEqual([]);

    expect(
      (
        await add({
          system: 'governor_gear',
          '/goal/piece': 'crown',
          '/goal/target': 'Red T1 ★0',
          '/goal/active': 'on',
        })
      ).status,
    ).toBe(303);
    page = await get(app, '/account/goals');
    expect(
      (
        await add({
          system: 'truegold',
          '/goal/building': 'embassy',
          '/goal/target': 'TG5',
          '/goal/note': SCRIPT,
          '/goal/active': 'on',
        })
      ).status,
    ).toBe(303);
    let goals = await reader.goals();
    expect(goals.map((g) => g.goal)).toEqual([
      { system: 'governor_gear', piece: 'crown', target: 'Red T1 ★0', active: true },
      { system: 'truegold', building: 'embassy', target: 'TG5', note: SCRIPT, active: true },
    ]);
    const [first, second] = goals;

    page = await get(app, '/account/goals');
    const act = (id: number, action: string, fields: Record<string, string> = {}) =>
      post(app, '/account/goals', { csrf: CSRF, version: versionOn(page.html), id: String(id), action, ...fields });
    expect(
      (
        await act(first!.id, 'save', {
          system: 'governor_gear',
          '/goal/piece': 'crown',
          '/goal/target': 'Red T2 ★0',
          '/goal/active': 'on',
        })
      ).status,
    ).toBe(303);
    // The same page again: the save above changed the goals, so this is an out-of-date page.
    const stale = await act(second!.id, 'delete');
    expect(stale.status).toBe(409);
    expect((await reader.goals()).length).toBe(2);

    page = await get(app, '/account/goals');
    expect((await act(second!.id, 'up')).status).toBe(303);
    page = await get(app, '/account/goals');
    expect((await act(first!.id, 'toggle')).status).toBe(303);
    goals = await reader.goals();
    expect(goals.map((g) => [g.id, g.goal.active, g.goal.target])).toEqual([
      [second!.id, true, 'TG5'],
      [first!.id, false, 'Red T2 ★0'],
    ]);
    page = await get(app, '/account/goals');
    expect((await act(first!.id, 'delete')).status).toBe(303);
    expect((await reader.goals()).map((g) => g.id)).toEqual([second!.id]);
  });

  it('script and HTML the player wrote are shown escaped on every page', async () => {
    const { store, user, app } = await setUp(kind);
    await store.players.replace(user.id, {
      profile: { ...DEMO_PLAYER.profile, name: SCRIPT.slice(0, 40) },
      inventory: DEMO_PLAYER.inventory,
      goals: DEMO_PLAYER.goals.map((g) => ({ ...g, note: SCRIPT })),
    });
    const nameEscaped = escapedScript.slice(0, escapedScript.indexOf('&lt;img'));
    for (const path of ['/account', '/account/profile', '/account/inventory', '/account/goals', '/account/plan']) {
      const page = await get(app, path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).not.toContain('<script>');
      expect(page.html, path).not.toContain('<img');
    }
    expect((await get(app, '/account')).html).toContain(nameEscaped);
    expect((await get(app, '/account/goals')).html).toContain(escapedScript);
    expect((await get(app, '/account/plan')).html).toContain(escapedScript);
  });

  it('a POST without the session CSRF token is refused and changes nothing', async () => {
    const { store, user, app } = await setUp(kind);
    const page = await get(app, '/account/profile');
    const forged = await post(app, '/account/profile', {
      ...profileValues(DEMO_PLAYER.profile),
      csrf: 'another-sessions-token',
      version: versionOn(page.html),
    });
    expect(forged.status).toBe(403);
    expect(await store.players.readerFor(user.id).profile()).toBeUndefined();
  });
});

describeEachStore('the plan page and get_my_goals', (kind) => {
  it('show the same numbers for the same player', async () => {
    const store = await testStore(kind);
    const user = await store.users.create({ email: 'plan@example.com', name: 'Plan', password: 'plan-password' });
    await store.players.replace(user.id, DEMO_PLAYER);
    const services = await createAccountServices({ baseUrl: BASE, store });
    const tool = await callAccountTool(accountApp(services), await mintAccessToken(services, user.id), 'get_my_goals');
    expect(tool.status).toBe(200);
    const report = tool.structured as {
      goals: {
        id: number;
        readiness: number;
        materials: {
          key: string;
          hero?: string;
          needed: number;
          in_inventory: number;
          missing: number;
          readiness: number;
        }[];
      }[];
      combined: {
        readiness: number;
        materials: {
          key: string;
          hero?: string;
          needed: number;
          in_inventory: number;
          missing: number;
          readiness: number;
        }[];
      };
    };
    expect(report.goals.length).toBeGreaterThan(2);

    const page = await get(
      pagesApp(store, { userId: user.id, name: 'Plan', email: 'plan@example.com', csrfToken: CSRF }),
      '/account/plan',
    );
    const shown = new Map<string, number>();
    for (const m of page.html.matchAll(
      /data-scope="([^"]+)"(?: data-material="([^"]+)")? data-field="([^"]+)" data-value="([^"]+)"/g,
    ))
      shown.set(`${m[1]}|${m[2] ?? ''}|${m[3]}`, Number(m[4]));
    const expected = new Map<string, number>();
    const addMaterials = (scope: string, materials: typeof report.combined.materials) => {
      for (const m of materials)
        for (const field of ['needed', 'in_inventory', 'missing', 'readiness'] as const)
          expected.set(`${scope}|${m.key}${m.hero ? `|${m.hero}` : ''}|${field}`, m[field]);
    };
    addMaterials('combined', report.combined.materials);
    expected.set('combined||readiness', report.combined.readiness);
    for (const goal of report.goals) {
      addMaterials(`goal-${goal.id}`, goal.materials);
      expected.set(`goal-${goal.id}||readiness`, goal.readiness);
    }
    expect(expected.size).toBeGreaterThan(20);
    expect(shown).toEqual(expected);
  });
});

describeEachStore('the apps page', (kind) => {
  it("lists the player's apps only, and revoking one ends it and forgets it on this instance", async () => {
    const { store, user, app, forgotten } = await setUp(kind);
    const other = await store.users.create({ email: 'other@example.com', name: 'Other', password: 'other-password' });
    const services = await createAccountServices({ baseUrl: BASE, store });
    const mine = await storeGrant(services, user.id, 'client-of-mine');
    const theirs = await storeGrant(services, other.id, 'client-of-theirs');
    const page = await get(app, '/account/apps');
    expect(page.html).toContain(`data-grant="${mine}"`);
    expect(page.html).not.toContain(theirs);
    // Someone else's grant id posted with this session's token: nothing happens to it.
    await post(app, '/account/apps/revoke', { csrf: CSRF, grant: theirs });
    expect(await store.grants.isLive(theirs)).toBe(true);
    const revoked = await post(app, '/account/apps/revoke', { csrf: CSRF, grant: mine });
    expect(revoked).toMatchObject({ status: 303, location: '/account/apps?revoked=1' });
    expect(await store.grants.isLive(mine)).toBe(false);
    expect(forgotten).toEqual([mine]);
    expect((await get(app, '/account/apps')).html).not.toContain(`data-grant="${mine}"`);
  });
});
