/**
 * How the account pages plug into the app (kept out of app.ts): the sub-app at /account inside the account stack,
 * and the site session read on the authorization server's interaction pages, so a player signed in on the website
 * who connects an app is asked only for consent.
 */
import type { Context, Hono } from 'hono';
import type { AccountServices } from '../auth/account-services.js';
import type { SignInGuard } from '../auth/interaction-routes.js';
import type { Config } from '../config.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { RateLimits } from '../http/rate-limits.js';
import type { ServiceEnv } from '../http/service-env.js';
import type { SignUpBounds } from '../store/site-accounts.js';
import type { AccountEvents, LinkLifetimes, SiteAccountContext } from './context.js';
import {
  accountMail,
  MAIL_WINDOW_MS,
  type AccountMail,
  type MailKind,
  type MailOutcome,
  type MailTransport,
} from './mail.js';
import { siteAccountRoutes } from './routes.js';
import { siteSessionMiddleware, type SessionSettings } from './session.js';

export interface SiteAccountMountOptions {
  baseUrl: string;
  clock: () => Date;
  clientKey: (c: Context<ServiceEnv>) => string;
  signIn: SignInGuard;
  signInLimit?: RateLimiter;
  mail: AccountMail;
  events: AccountEvents;
  sessions: Pick<SessionSettings, 'idleSeconds' | 'maxSeconds'>;
  links: LinkLifetimes;
  signUpBounds: SignUpBounds;
}

/** The settings of the account pages (config.ts reads and checks them); absent ones take the documented defaults. */
export type SiteAccountConfig = Pick<
  Config,
  | 'siteSessionIdleSeconds'
  | 'siteSessionMaxSeconds'
  | 'signUpLinkSeconds'
  | 'resetLinkSeconds'
  | 'emailChangeLinkSeconds'
  | 'pendingSignUpsPerAddress'
  | 'pendingSignUpsMax'
  | 'mailsPerRecipientPerHour'
  | 'mailsPerAddressPerHour'
>;

export const SITE_ACCOUNT_DEFAULTS: SiteAccountConfig = {
  siteSessionIdleSeconds: 7 * 24 * 3600,
  siteSessionMaxSeconds: 30 * 24 * 3600,
  signUpLinkSeconds: 24 * 3600,
  resetLinkSeconds: 3600,
  emailChangeLinkSeconds: 24 * 3600,
  pendingSignUpsPerAddress: 3,
  pendingSignUpsMax: 10_000,
  mailsPerRecipientPerHour: 3,
  mailsPerAddressPerHour: 20,
};

/** The mount options from the configuration, the shared rate limits and the mail transport. */
export function siteAccountOptions(options: {
  config: Partial<SiteAccountConfig> & { baseUrl: string };
  rateLimits: RateLimits;
  transport: MailTransport;
  clock: () => Date;
  clientKey: (c: Context<ServiceEnv>) => string;
  signIn: SignInGuard;
  signInLimit?: RateLimiter;
  events: AccountEvents;
  onMail?: (kind: MailKind, outcome: MailOutcome) => void;
}): SiteAccountMountOptions {
  const config = { ...SITE_ACCOUNT_DEFAULTS, ...options.config };
  const window = { windowMs: MAIL_WINDOW_MS };
  return {
    baseUrl: config.baseUrl,
    clock: options.clock,
    clientKey: options.clientKey,
    signIn: options.signIn,
    ...(options.signInLimit ? { signInLimit: options.signInLimit } : {}),
    mail: accountMail({
      transport: options.transport,
      perRecipient: options.rateLimits.limiter('mail:recipient', { limit: config.mailsPerRecipientPerHour, ...window }),
      perSender: options.rateLimits.limiter('mail:sender', { limit: config.mailsPerAddressPerHour, ...window }),
      ...(options.onMail ? { onMail: options.onMail } : {}),
    }),
    events: options.events,
    sessions: { idleSeconds: config.siteSessionIdleSeconds, maxSeconds: config.siteSessionMaxSeconds },
    links: {
      signUpSeconds: config.signUpLinkSeconds,
      resetSeconds: config.resetLinkSeconds,
      emailChangeSeconds: config.emailChangeLinkSeconds,
    },
    signUpBounds: { perAddress: config.pendingSignUpsPerAddress, total: config.pendingSignUpsMax },
  };
}

export function siteAccountContext(services: AccountServices, options: SiteAccountMountOptions): SiteAccountContext {
  return {
    store: services.store,
    liveGrants: services.liveGrants,
    session: { baseUrl: options.baseUrl, cookieKeys: services.keys.cookies, ...options.sessions },
    links: options.links,
    signUpBounds: options.signUpBounds,
    clock: options.clock,
    clientKey: options.clientKey,
    signIn: options.signIn,
    ...(options.signInLimit ? { signInLimit: options.signInLimit } : {}),
    mail: options.mail,
    events: options.events,
  };
}

/** Mounts /account on `app` and reads the site session on /interaction/* (call before the authorization server). */
export function mountSiteAccount(
  app: Hono<ServiceEnv>,
  services: AccountServices,
  options: SiteAccountMountOptions,
): void {
  const ctx = siteAccountContext(services, options);
  app.use('/interaction/*', siteSessionMiddleware(ctx.store, ctx.session));
  app.route('/account', siteAccountRoutes(ctx));
}
