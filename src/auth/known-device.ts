/**
 * The known-device cookie (OWASP's "device cookies" against online guessing): after a successful sign-in the browser
 * gets a signed cookie naming the account's email, and a later sign-in to that account from that browser is
 * throttled on its own (per device) instead of with everyone else's attempts at the account. A guessing flood then
 * slows the account down for strangers but cannot lock its player out of the browser they use. The cookie holds a
 * random device id, the issue time and an HMAC under the server's cookie key; the email itself is only in the HMAC.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'ks_device';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 3600;

function mac(key: string, deviceId: string, issued: number, email: string): string {
  return createHmac('sha256', key).update(`known-device:${deviceId}:${issued}:${email}`).digest('base64url');
}

/** A new cookie value for a browser that just signed in as `email` (normalised). */
export function knownDeviceCookie(key: string, email: string, nowSeconds: number): string {
  const deviceId = randomBytes(16).toString('base64url');
  return `${deviceId}.${nowSeconds}.${mac(key, deviceId, nowSeconds, email)}`;
}

/** The device id when `value` is a valid, unexpired cookie for `email` under one of `keys`; undefined otherwise. */
export function knownDevice(
  keys: readonly string[],
  value: string | undefined,
  email: string,
  nowSeconds: number,
): string | undefined {
  const parts = value?.split('.');
  if (!parts || parts.length !== 3) return undefined;
  const [deviceId, issuedText, presented] = parts as [string, string, string];
  const issued = Number(issuedText);
  if (
    !/^[A-Za-z0-9_-]{22}$/.test(deviceId) ||
    !Number.isSafeInteger(issued) ||
    nowSeconds - issued > KNOWN_DEVICE_MAX_AGE_SECONDS ||
    issued > nowSeconds + 300
  )
    return undefined;
  const given = Buffer.from(presented);
  const valid = keys.some((key) => {
    const expected = Buffer.from(mac(key, deviceId, issued, email));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? deviceId : undefined;
}
