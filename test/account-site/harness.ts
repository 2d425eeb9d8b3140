/**
 * The player's pages on a store, with the site session stood in for: a fixed signed-in player and a CSRF check of
 * the form's `csrf` field against that player's token (the session's own middlewares are tested with them; the
 * end-to-end test uses the real ones). Pages come back as text with their status and location.
 */
import { Hono } from 'hono';
import { escapeHtml } from '../../src/pages/layout.js';
import type { ServiceEnv } from '../../src/http/service-env.js';
import { playerPages, type SignedInPlayer } from '../../src/site-account/player-pages/routes.js';
import type { Store } from '../../src/store/store.js';

export const CSRF = 'csrf-token-of-the-test-session';

export function pagesApp(store: Store, who: SignedInPlayer, forgotten: string[] = []): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.route(
    '/account',
    playerPages({
      store,
      liveGrants: { forget: (grantId) => void forgotten.push(grantId) },
      player: () => who,
      page: (c, page) =>
        c.html(
          `<!doctype html><title>${escapeHtml(page.title)}</title><main>${page.body}</main>`,
          (page.status ?? 200) as 200,
        ),
      signedIn: async (_c, next) => next(),
      csrf: async (c, next) => {
        const body = await c.req.parseBody();
        if (body.csrf !== who.csrfToken) return c.text('forbidden: CSRF', 403);
        return next();
      },
    }),
  );
  return app;
}

export async function get(app: Hono<ServiceEnv>, path: string) {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

export async function post(app: Hono<ServiceEnv>, path: string, fields: Record<string, string>) {
  const res = await app.request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

/** The hidden `version` of the first form on a page whose action ends with `action`. */
export function versionOn(html: string): string {
  return /name="version" value="([^"]*)"/.exec(html)?.[1] ?? '';
}

/** The problem shown beside the field named `name` (its <small class="problem">), or undefined. */
export function problemBeside(html: string, name: string, idPrefix = 'f'): string | undefined {
  const id = `${idPrefix}${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const match = new RegExp(`<small class="problem" id="${id}-problem">([^<]*(?:<br>[^<]*)*)</small>`).exec(html);
  return match?.[1];
}
