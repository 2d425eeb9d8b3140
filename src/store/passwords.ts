/**
 * Password hashing with node:crypto scrypt. Each hash carries its own salt and cost parameters, so the cost can be
 * raised later without invalidating existing hashes (a hash with old parameters still verifies).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt baseline (N=2^17, r=8, p=1) costs 128 MiB per hash; 2^15 keeps sign-in fast on small machines. */
export const DEFAULT_SCRYPT: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParameters): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParameters = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * A stored hash no password matches (a random key: a match is a 2^-256 chance), with the parameters new hashes get:
 * checking a password against it costs exactly what checking against an account's hash costs. Made from random
 * bytes rather than by hashing, so creating it costs nothing and the first unknown email is answered like every
 * other (hashing it on first use made that one sign-in take a second hash).
 */
export function decoyHash(params: ScryptParameters = DEFAULT_SCRYPT): string {
  return `scrypt$${params.N}$${params.r}$${params.p}$${randomBytes(SALT_LENGTH).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random password for generated accounts (printed once). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
