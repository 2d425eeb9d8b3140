/**
 * What every part of the account pages shares: the store, the session settings, the limits, the outgoing mail and
 * the counters. Built once by mount.ts; the page modules take it and nothing global.
 */
import type { Context } from 'hono';
import type { SignInGuard } from '../auth/interaction-routes.js';
import type { LiveGrants } from '../auth/live-grants.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { ServiceEnv } from '../http/service-env.js';
import type { SignUpBounds } from '../store/site-accounts.js';
import type { Store } from '../store/store.js';
import type { AccountMail } from './mail.js';
import type { SessionSettings } from './session.js';

/** What the account pages count (closed sets: never an email, an id or an address). */
export type AccountEvent =
  | 'sign_up'
  | 'verification'
  | 'sign_in'
  | 'sign_out'
  | 'password_change'
  | 'password_reset_request'
  | 'password_reset'
  | 'email_change'
  | 'export'
  | 'deletion';

export type AccountEventOutcome =
  'success' | 'refused' | 'invalid_link' | 'throttled' | 'busy' | 'mail_failed' | 'bounded' | 'everywhere';

export interface AccountEvents {
  event(event: AccountEvent, outcome: AccountEventOutcome): void;
}

export const NO_EVENTS: AccountEvents = { event: () => undefined };

export interface LinkLifetimes {
  signUpSeconds: number;
  resetSeconds: number;
  emailChangeSeconds: number;
}

export interface SiteAccountContext {
  store: Store;
  /** The resource server's memory of standing grants: a grant revoked on the apps page is forgotten at once. */
  liveGrants: Pick<LiveGrants, 'forget'>;
  session: SessionSettings;
  links: LinkLifetimes;
  signUpBounds: SignUpBounds;
  clock: () => Date;
  /** The client address of a request (rate limits, mail limits). */
  clientKey: (c: Context<ServiceEnv>) => string;
  /** The same per-account backoff and password-hash pool as the OAuth sign-in. */
  signIn: SignInGuard;
  /** Sign-in attempts per client address; absent when the auth rate limit is off. */
  signInLimit?: RateLimiter;
  mail: AccountMail;
  events: AccountEvents;
}
