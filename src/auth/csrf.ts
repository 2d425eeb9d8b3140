/**
 * CSRF tokens for the interaction forms: an HMAC of the interaction's uid under the server's cookie key. The uid is
 * also bound to the browser by oidc-provider's signed interaction cookie, so a forged POST from another site has
 * neither the token nor (with SameSite=Lax) the cookie.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function csrfToken(key: string, uid: string): string {
  return createHmac('sha256', key).update(`interaction-csrf:${uid}`).digest('base64url');
}

export function csrfValid(keys: readonly string[], uid: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const given = Buffer.from(presented);
  return keys.some((key) => {
    const expected = Buffer.from(csrfToken(key, uid));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
