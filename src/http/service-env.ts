/**
 * The Hono environment of the service's routes: the Node adapter's request and response as bindings (oidc-provider
 * and the body readers need the raw Node objects). Optional, because `c.env` is undefined when the app is called
 * without the adapter (`app.request()` in tests passes no bindings).
 *
 * `c.var.siteSession` is the player signed in on the website (src/site-account/session.ts sets it from the session
 * cookie). It is declared on Hono's ContextVariableMap, as bearer.ts declares `accountClaims` (a `Variables` member
 * here would make Hono<ServiceEnv> unassignable to a plain Hono); its type lives here, below the site-account
 * folder, so every web module can read it without importing upwards.
 */
import type { HttpBindings } from '@hono/node-server';

/** A player signed in on the website, as the account pages see them. */
export interface SiteSession {
  /** The session id from the cookie (only its hash is stored); never logged. */
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  /** The token every form of this session carries (an HMAC of the session id). */
  csrfToken: string;
}

export interface ServiceEnv {
  Bindings?: HttpBindings;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The player signed in on the website; absent when the request carries no live session. */
    siteSession?: SiteSession;
  }
}
