/**
 * Signed-in players for tests of the account pages, on either store: a verified user (created as the sign-up link
 * would create it) and a live site session for them, as the cookie header and the CSRF token a browser would send.
 */
import type { ServerKeys } from '../../src/store/keys.js';
import type { Store } from '../../src/store/store.js';
import type { User } from '../../src/store/users.js';
import { newSessionId, secretHash, sessionCookieName, siteCsrfToken } from '../../src/site-account/session.js';

export interface SignedInPlayer {
  user: User;
  password: string;
  /** The session id itself (what the cookie holds). */
  sessionId: string;
  /** `Cookie` header value for requests as this player. */
  cookie: string;
  /** The `csrf` field every form POST of this session carries. */
  csrf: string;
}

let next = 1;

/** A new verified user (unique email unless given). */
export async function verifiedUser(
  store: Store,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<{ user: User; password: string }> {
  const password = options.password ?? 'correct horse battery staple 42';
  const user = await store.users.create({
    email: options.email ?? `player${next++}-${Date.now()}@example.com`,
    name: options.name ?? 'Test Player',
    password,
  });
  return { user, password };
}

/** A live site session for `user` (what signing in on /account/sign-in stores). */
export async function siteSessionFor(
  store: Store,
  keys: ServerKeys,
  user: User,
  options: { baseUrl?: string; idleSeconds?: number; maxSeconds?: number; userAgent?: string } = {},
): Promise<{ sessionId: string; cookie: string; csrf: string }> {
  const sessionId = newSessionId();
  await store.siteSessions.create({
    idHash: secretHash(sessionId),
    userId: user.id,
    userAgent: options.userAgent ?? 'vitest',
    idleSeconds: options.idleSeconds ?? 7 * 24 * 3600,
    maxSeconds: options.maxSeconds ?? 30 * 24 * 3600,
  });
  return {
    sessionId,
    cookie: `${sessionCookieName(options.baseUrl ?? 'http://127.0.0.1:3000')}=${sessionId}`,
    csrf: siteCsrfToken(keys.cookies[0]!, sessionId),
  };
}

/** A verified user signed in on the website. */
export async function signedInPlayer(
  store: Store,
  keys: ServerKeys,
  options: { email?: string; name?: string; password?: string; baseUrl?: string } = {},
): Promise<SignedInPlayer> {
  const { user, password } = await verifiedUser(store, options);
  const session = await siteSessionFor(store, keys, user, options.baseUrl ? { baseUrl: options.baseUrl } : {});
  return { user, password, ...session };
}
