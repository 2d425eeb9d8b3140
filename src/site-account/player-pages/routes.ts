/**
 * The player's own pages under /account: overview, profile, inventory, goals, plan and connected apps. Every page
 * needs a signed-in player and every form a valid CSRF token (the site session's middlewares, handed in); a form
 * with mistakes is answered 422 with each problem beside its field and nothing saved; a form from an out-of-date
 * page is answered 409 with what is saved now and nothing saved; a save is answered 303 to the page (post, redirect,
 * get), so a reload does not post again.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { LiveGrants } from '../../auth/live-grants.js';
import type { ServiceEnv } from '../../http/service-env.js';
import type { Store } from '../../store/store.js';
import type { SiteAccountContext } from '../context.js';
import { accountPage, accountResponse } from '../layout.js';
import { requireCsrf, requireSignedIn } from '../session.js';
import { myGoalsReport } from '../../tools/my-goals.js';
import { appsBody } from './apps-view.js';
import { NO_PROBLEMS, notice, PLAYER_PAGE_STYLE, STALE_MESSAGE, type FormValues } from './fields.js';
import { addGoalForms, goalCard, goalProblems, isSystem, readGoalForm, type GoalSystem } from './goals-form.js';
import { inventoryForm, inventoryProblems, inventoryValues, readInventoryForm } from './inventory-form.js';
import { overviewBody } from './overview-view.js';
import { planBody } from './plan-view.js';
import { profileForm, profileProblems, profileValues, readProfileForm } from './profile-form.js';
import type { FieldProblems } from './fields.js';

/** The signed-in player as these pages need them (from the site session). */
export interface SignedInPlayer {
  userId: string;
  name: string;
  email: string;
  csrfToken: string;
}

export interface PlayerPagesOptions {
  store: Store;
  /** A revoked grant is forgotten here at once, so this instance refuses its tokens from the next request. */
  liveGrants: Pick<LiveGrants, 'forget'>;
  player: (c: Context<ServiceEnv>) => SignedInPlayer;
  /** The account layout (navigation and all) around a page's body. */
  page: (
    c: Context<ServiceEnv>,
    page: { title: string; body: string; current: string; style: string; status?: number },
  ) => Response | Promise<Response>;
  /** Before every route: the player must be signed in. Before every POST: the form's CSRF token must match. */
  signedIn: MiddlewareHandler<ServiceEnv>;
  csrf: MiddlewareHandler<ServiceEnv>;
}

/** The largest form accepted (the profile with 100 heroes is about 60 KB). */
const FORM_BODY_LIMIT = 256 * 1024;

async function formValues(c: Context<ServiceEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') values[name] = value;
  return values;
}

function savedNotice(c: Context<ServiceEnv>, what: string): string {
  return c.req.query('saved') === '1' ? notice('saved', `${what} saved.`) : '';
}

/** The pages with the site session's own middlewares and layout (what the /account sub-app mounts). */
export function playerPagesFor(ctx: SiteAccountContext): Hono<ServiceEnv> {
  return playerPages({
    store: ctx.store,
    liveGrants: ctx.liveGrants,
    player: (c) => c.var.siteSession!,
    page: (c, page) =>
      accountResponse(
        accountPage({
          title: page.title,
          session: c.var.siteSession,
          body: page.body,
          current: page.current,
          style: page.style,
        }),
        page.status,
      ),
    signedIn: requireSignedIn,
    csrf: requireCsrf(ctx.session),
  });
}

export function playerPages(options: PlayerPagesOptions): Hono<ServiceEnv> {
  const { store, player } = options;
  const app = new Hono<ServiceEnv>();
  const limit = bodyLimit({ maxSize: FORM_BODY_LIMIT, onError: (c) => c.text('The form is too large.', 413) });
  const render = (c: Context<ServiceEnv>, title: string, body: string, status?: number) =>
    options.page(c, {
      title,
      body,
      current: new URL(c.req.url).pathname.replace(/\/$/, '') || '/account',
      style: PLAYER_PAGE_STYLE,
      ...(status ? { status } : {}),
    });
  for (const path of ['/', '/profile', '/inventory', '/goals', '/plan', '/apps', '/apps/revoke'])
    app.use(path, options.signedIn);
  app.post('*', limit, options.csrf);

  app.get('/', async (c) => {
    const me = player(c);
    const data = store.players.readerFor(me.userId);
    const [profile, inventory, goals, apps] = await Promise.all([
      data.profile(),
      data.inventory(),
      data.goals(),
      store.grants.appsOf(me.userId),
    ]);
    return render(c, 'Your account', overviewBody({ name: me.name, email: me.email, profile, inventory, goals, apps }));
  });

  // --- profile ---------------------------------------------------------------------------------------------------
  async function profilePage(
    c: Context<ServiceEnv>,
    state: { values?: FormValues; problems?: FieldProblems; banner?: string; status?: number } = {},
  ) {
    const me = player(c);
    const [saved, version] = await Promise.all([
      store.players.readerFor(me.userId).profile(),
      store.edits.documentVersion(me.userId, 'profile'),
    ]);
    const values = state.values ?? profileValues(saved?.value);
    const intro = `<p class="muted">Levels as you write them in the game: Governor Gear <code>Gold T2 ★1</code>, buildings <code>TG4-2</code>, hero stars <code>3★ 2/6</code>. Your assistant reads these through <code>get_my_profile</code>.</p>`;
    const body = `${state.banner ?? savedNotice(c, 'Profile')}${intro}${profileForm({ values, problems: state.problems ?? NO_PROBLEMS, csrf: me.csrfToken, version })}`;
    return render(c, 'Your profile', body, state.status);
  }
  app.get('/profile', (c) => profilePage(c));
  app.post('/profile', async (c) => {
    const me = player(c);
    const values = await formValues(c);
    const read = readProfileForm(values);
    if (!read.profile) return profilePage(c, { values, problems: profileProblems(values, read.problems), status: 422 });
    const outcome = await store.edits.saveDocument(me.userId, 'profile', read.profile, values.version ?? '');
    if (outcome === 'stale') return profilePage(c, { banner: notice('stale', STALE_MESSAGE), status: 409 });
    return c.redirect('/account/profile?saved=1', 303);
  });

  // --- inventory -------------------------------------------------------------------------------------------------
  async function inventoryPage(
    c: Context<ServiceEnv>,
    state: { values?: FormValues; problems?: FieldProblems; banner?: string; status?: number } = {},
  ) {
    const me = player(c);
    const [saved, version] = await Promise.all([
      store.players.readerFor(me.userId).inventory(),
      store.edits.documentVersion(me.userId, 'inventory'),
    ]);
    const values = state.values ?? inventoryValues(saved?.value);
    const body = `${state.banner ?? savedNotice(c, 'Inventory')}<p class="muted">What you hold now, by section. Your goals' plan compares what they need with these amounts.</p>${inventoryForm({ values, problems: state.problems ?? NO_PROBLEMS, csrf: me.csrfToken, version })}`;
    return render(c, 'Your inventory', body, state.status);
  }
  app.get('/inventory', (c) => inventoryPage(c));
  app.post('/inventory', async (c) => {
    const me = player(c);
    const values = await formValues(c);
    const read = readInventoryForm(values);
    if (!read.inventory)
      return inventoryPage(c, { values, problems: inventoryProblems(values, read.problems), status: 422 });
    const outcome = await store.edits.saveDocument(me.userId, 'inventory', read.inventory, values.version ?? '');
    if (outcome === 'stale') return inventoryPage(c, { banner: notice('stale', STALE_MESSAGE), status: 409 });
    return c.redirect('/account/inventory?saved=1', 303);
  });

  // --- goals -----------------------------------------------------------------------------------------------------
  interface RefusedGoal {
    /** The goal's id, or undefined for an added one. */
    id?: number;
    system: GoalSystem;
    values: FormValues;
    problems: FieldProblems;
  }
  async function goalsPage(
    c: Context<ServiceEnv>,
    state: { refused?: RefusedGoal; banner?: string; status?: number } = {},
  ) {
    const me = player(c);
    const [goals, version] = await Promise.all([
      store.players.readerFor(me.userId).goals(),
      store.edits.goalsVersion(me.userId),
    ]);
    const { refused } = state;
    const cards = goals
      .map((stored, index) =>
        goalCard({
          stored,
          index,
          total: goals.length,
          csrf: me.csrfToken,
          version,
          ...(refused?.id === stored.id ? { values: refused.values, problems: refused.problems } : {}),
        }),
      )
      .join('\n');
    const body = `${state.banner ?? savedNotice(c, 'Goals')}<p class="muted">Each goal is a target on one cost system, counted from the level in <a href="/account/profile">your profile</a>. Switched-off goals are kept but not counted. <a href="/account/plan">See what they still cost</a>.</p>
${goals.length > 0 ? cards : '<p>No goals yet.</p>'}
<h2>Add a goal</h2>
${addGoalForms({ csrf: me.csrfToken, version, ...(refused && refused.id === undefined ? { refused: { system: refused.system, values: refused.values, problems: refused.problems } } : {}) })}`;
    return render(c, 'Your goals', body, state.status);
  }
  app.get('/goals', (c) => goalsPage(c));
  app.post('/goals', async (c) => {
    const me = player(c);
    const values = await formValues(c);
    const version = values.version ?? '';
    const action = values.action ?? '';
    const id = /^\d{1,15}$/.test(values.id ?? '') ? Number(values.id) : undefined;
    const stale = () => goalsPage(c, { banner: notice('stale', STALE_MESSAGE), status: 409 });
    const done = async (change: Parameters<Store['edits']['changeGoals']>[2]) =>
      (await store.edits.changeGoals(me.userId, version, change)) === 'stale'
        ? stale()
        : c.redirect('/account/goals?saved=1', 303);
    const system = values.system ?? '';
    if ((action === 'add' || action === 'save') && isSystem(system)) {
      if (action === 'save' && id === undefined) return c.text('Which goal? The form names none.', 400);
      const profile = (await store.players.readerFor(me.userId).profile())?.value;
      const read = readGoalForm(system, values, profile);
      if (!read.goal)
        return goalsPage(c, {
          refused: {
            ...(id !== undefined ? { id } : {}),
            system,
            values,
            problems: goalProblems(system, read.problems),
          },
          status: 422,
        });
      return done(action === 'add' ? { kind: 'add', goal: read.goal } : { kind: 'update', id: id!, goal: read.goal });
    }
    if (id === undefined || !['toggle', 'up', 'down', 'delete'].includes(action))
      return c.text('The form asks for nothing this page does (add, save, toggle, up, down or delete a goal).', 400);
    if (action === 'delete') return done({ kind: 'delete', id });
    if (action === 'up' || action === 'down') return done({ kind: 'move', id, by: action === 'up' ? -1 : 1 });
    const stored = (await store.players.readerFor(me.userId).goals()).find((g) => g.id === id);
    if (!stored) return stale();
    return done({ kind: 'update', id, goal: { ...stored.goal, active: !stored.goal.active } });
  });

  // --- plan ------------------------------------------------------------------------------------------------------
  app.get('/plan', async (c) => {
    const report = await myGoalsReport(store.players.readerFor(player(c).userId));
    return render(
      c,
      'Your plan',
      `<p class="muted">What your active goals still cost, and how far your inventory covers them: what your assistant gets from <code>get_my_goals</code>.</p>${planBody(report)}`,
    );
  });

  // --- connected apps --------------------------------------------------------------------------------------------
  app.get('/apps', async (c) => {
    const me = player(c);
    const revoked = c.req.query('revoked') === '1' ? notice('saved', 'Access revoked.') : '';
    return render(c, 'Connected apps', revoked + appsBody(await store.grants.appsOf(me.userId), me.csrfToken));
  });
  app.post('/apps/revoke', async (c) => {
    const me = player(c);
    const grant = (await formValues(c)).grant ?? '';
    // Only the player's own grant goes; another's id (or one already revoked) changes nothing.
    if (await store.grants.revoke(me.userId, grant)) options.liveGrants.forget(grant);
    return c.redirect('/account/apps?revoked=1', 303);
  });

  return app;
}
