/**
 * The resource server's token check, in-process against the authorization server's own public keys (the same
 * checks as oauth4webapi's validateJwtAccessToken, RFC 9068 §4): `typ` at+jwt, alg ES256 only, signature by a
 * known `kid`, `iss` = BASE_URL, `aud` contains the account endpoint, not expired, and `sub`, `client_id`, `iat`
 * and `jti` present. The time is passed in, so expiry is testable without waiting. Nothing else is read from the
 * request: a token in the query string or body is ignored.
 */
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { publicJwk } from '../store/keys.js';

/** What the endpoint uses of a verified token: whose it is, and until when (the other claims are only checked). */
export interface AccessTokenClaims {
  sub: string;
  exp: number;
}

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; description: string };

export interface AccessTokenVerifier {
  verify(token: string, now: Date): Promise<TokenCheck>;
}

const CLOCK_TOLERANCE_SECONDS = 5;
/** Verified tokens remembered (a client sends the same token for its 10 minutes); the oldest go first. */
const MAX_REMEMBERED_TOKENS = 10_000;

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the access token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'the access token is not for this resource (wrong audience)';
    if (error.claim === 'iss') return 'the access token was issued by another server';
    if (error.claim === 'typ') return 'not an access token (typ must be at+jwt)';
    return `the access token's ${error.claim} claim is invalid`;
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'the access token is signed with an algorithm this server does not accept';
  if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the access token signature does not verify';
  return 'the access token is malformed';
}

export function createAccessTokenVerifier(options: { issuer: string; audience: string; signingKeys: readonly JWK[] }): AccessTokenVerifier {
  const jwks = createLocalJWKSet({ keys: options.signingKeys.map(publicJwk) });
  // The same string is the same signature: once verified, only its expiry can change the verdict. This skips the
  // ES256 verification on every request after the first, which halved the account endpoint's throughput.
  const verified = new Map<string, AccessTokenClaims>();

  async function verifyFully(token: string, now: Date): Promise<TokenCheck> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['ES256'],
        typ: 'at+jwt',
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti'],
      });
      const claims = payload as JWTPayload & Record<string, unknown>;
      for (const name of ['sub', 'client_id', 'jti'] as const) {
        if (typeof claims[name] !== 'string' || claims[name] === '') return { ok: false, description: `the access token's ${name} claim is invalid` };
      }
      if (typeof claims.iat !== 'number' || claims.iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) return { ok: false, description: "the access token's iat claim is invalid" };
      return { ok: true, claims: { sub: claims.sub!, exp: claims.exp! } };
    } catch (error) {
      return { ok: false, description: describe(error) };
    }
  }

  return {
    async verify(token, now) {
      const known = verified.get(token);
      if (known) {
        // Same rule as jwtVerify with the tolerance: expired once exp is more than the tolerance in the past.
        if (known.exp > now.getTime() / 1000 - CLOCK_TOLERANCE_SECONDS) return { ok: true, claims: known };
        verified.delete(token);
        return { ok: false, description: 'the access token has expired' };
      }
      const check = await verifyFully(token, now);
      if (check.ok) {
        if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, check.claims);
      }
      return check;
    },
  };
}
