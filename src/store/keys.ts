/**
 * The authorization server's secrets: the ES256 signing key set and the cookie-signing keys. Generated on the
 * first start and stored, so every restart and every instance on the same store signs and verifies with the same
 * keys (a per-process key would log everyone out and invalidate every token on restart).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from './database.js';

export interface ServerKeys {
  /** Private JWKs (ES256), newest first; the provider signs with the first. */
  signing: JWK[];
  /** HMAC keys for oidc-provider's signed cookies and this service's CSRF tokens, newest first. */
  cookies: string[];
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

/** Reads a stored value, or stores the generated one; when two instances race, the first insert wins for both. */
async function loadOrCreate<T>(db: Db, name: string, create: () => Promise<T>, nowSeconds: number): Promise<T> {
  const existing = await db.selectFrom('keys').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return JSON.parse(existing.value) as T;
  const value = await create();
  await db
    .insertInto('keys')
    .values({ name, value: JSON.stringify(value), created_at: nowSeconds })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db.selectFrom('keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return JSON.parse(stored.value) as T;
}

export async function loadServerKeys(db: Db, nowSeconds: number): Promise<ServerKeys> {
  const signing = await loadOrCreate(db, 'signing_jwks', async () => [await newSigningKey()], nowSeconds);
  const cookies = await loadOrCreate(
    db,
    'cookie_keys',
    async () => [randomBytes(32).toString('base64url')],
    nowSeconds,
  );
  return { signing, cookies };
}

/** The public half of a private JWK (what the JWKS endpoint publishes and the resource server verifies with). */
export function publicJwk(jwk: JWK): JWK {
  const { d: _d, ...rest } = jwk;
  return rest;
}
