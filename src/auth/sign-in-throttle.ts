/**
 * Sign-in throttling per account, on top of the per-address limit: repeated failures for one email slow down its
 * next attempts (5 free, then 1 s, 2 s, 4 s … at most 30 s from the last attempt), from any number of addresses and
 * on every instance (the backoff lives in the rate-limit store: Redis when configured). Unknown emails are throttled
 * exactly like accounts (the key is the email as typed, normalised and hashed, whether or not an account has it), so
 * the answers and their timing say nothing about which accounts exist. A browser that signed in to the account
 * before (known-device.ts) is throttled on its own key, so a flood against the account cannot lock its player out.
 * A throttled attempt is refused before its password is hashed; an attempt answered "busy" (no password-hash slot,
 * hash-gate.ts) is not counted.
 */
import { createHash } from 'node:crypto';
import type { Backoff, BackoffPolicy } from '../http/backoff.js';

export const SIGN_IN_BACKOFF: BackoffPolicy = { free: 5, baseMs: 1_000, capMs: 30_000, forgetMs: 15 * 60_000 };

/** The backoff key of an attempt: the known device's own, or the email's (hashed: Redis never holds an address). */
export function signInKey(email: string, deviceId: string | undefined): string {
  return deviceId
    ? `device:${deviceId}`
    : `email:${createHash('sha256').update(email).digest('base64url').slice(0, 32)}`;
}

/** Seconds to wait before this attempt may go ahead, or 0 when it goes ahead now (counted as a failure until `succeeded` or `withdraw`). */
export async function signInWait(backoff: Backoff, key: string, nowMs: number): Promise<number> {
  const decision = await backoff.attempt(key, nowMs);
  return decision.allowed ? 0 : Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
