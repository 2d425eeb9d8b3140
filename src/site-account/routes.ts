/**
 * The account pages under /account, as one Hono sub-app: the site session read on every request, then signing in
 * and out, signing up, account care, and the player's own data pages. mount.ts mounts it at /account inside the
 * account stack (it needs the store), so every path here is relative to /account.
 */
import { Hono } from 'hono';
import type { ServiceEnv } from '../http/service-env.js';
import type { SiteAccountContext } from './context.js';
import { passwordResetRoutes } from './password-reset.js';
import { playerPagesFor } from './player-pages/routes.js';
import { siteSessionMiddleware } from './session.js';
import { settingsRoutes } from './settings.js';
import { signInRoutes } from './sign-in.js';
import { signUpRoutes } from './sign-up.js';

export function siteAccountRoutes(ctx: SiteAccountContext): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.use('*', siteSessionMiddleware(ctx.store, ctx.session));
  app.route('/', signInRoutes(ctx));
  app.route('/', signUpRoutes(ctx));
  app.route('/', passwordResetRoutes(ctx));
  app.route('/', settingsRoutes(ctx));

  // The player's data pages (src/site-account/player-pages/): overview, profile, inventory, goals, plan, apps.
  app.route('/', playerPagesFor(ctx));
  return app;
}
