/**
 * The resource server's token check, in-process against the authorization server's own public keys: oauth4webapi's
 * validateJwtAccessToken (RFC 9068 §4: `typ` at+jwt, the signature by a known `kid`, `iss` = BASE_URL, `aud`
 * contains the account endpoint, not expired, and `sub`, `client_id`, `iat` and `jti` present), with alg ES256 only,
 * and then what it leaves to the resource server: `sub`, `client_id` and `jti` not empty, `iat` not in the future.
 * The time is passed in, so expiry is testable without waiting. Nothing else is read from the request: a token in
 * the query string or body is ignored. Last, the token's grant (its `grant_id` claim, set by provider.ts) must still
 * stand in the store (live-grants.ts): a revoked app's tokens are refused within seconds, not at their expiry.
 */
import { decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import * as oauth from 'oauth4webapi';
import { publicJwk } from '../store/keys.js';
import type { LiveGrants } from './live-grants.js';
import { AUTH_PATHS } from './scopes.js';

/** What the endpoint uses of a verified token: whose it is, and until when (the other claims are only checked). */
export interface AccessTokenClaims {
  sub: string;
  exp: number;
  /** The grant (consent) the token was issued under; revoking it voids the token. */
  grantId: string;
}

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; description: string };

export interface AccessTokenVerifier {
  verify(token: string, now: Date): Promise<TokenCheck>;
}

const CLOCK_TOLERANCE_SECONDS = 5;
/** Verified tokens remembered (a client sends the same token for its 10 minutes); the oldest go first. */
const MAX_REMEMBERED_TOKENS = 10_000;
const ALGORITHM = 'ES256';
/** RFC 9068 §2.2's claims, each named in a refusal when it is missing or not of its type. */
const CLAIM_TYPES = {
  iss: 'string',
  exp: 'number',
  sub: 'string',
  iat: 'number',
  jti: 'string',
  client_id: 'string',
} as const;

const EXPIRED = 'the access token has expired';
const REVOKED = "the access token was revoked (the app's access was withdrawn or the account signed out everywhere)";
const BAD_SIGNATURE = 'the access token signature does not verify';
const MALFORMED = 'the access token is malformed';
const invalidClaim = (name: string) => `the access token's ${name} claim is invalid`;

function claimOf(cause: unknown): string {
  return typeof cause === 'object' && cause !== null && 'claim' in cause ? String(cause.claim) : 'unknown';
}

/**
 * Why the token was refused. oauth4webapi's codes name the claim of a failed time or value comparison, and the key
 * selection; its other checks (alg, typ, claim presence, signature) share one code, so for those the token itself
 * says what is wrong with it, read without trusting it, and a token with nothing else wrong has a bad signature.
 */
function describe(error: unknown, token: string): string {
  if (error instanceof oauth.OperationProcessingError) {
    if (error.code === oauth.JWT_TIMESTAMP_CHECK)
      return claimOf(error.cause) === 'exp' ? EXPIRED : invalidClaim(claimOf(error.cause));
    if (error.code === oauth.JWT_CLAIM_COMPARISON) {
      const claim = claimOf(error.cause);
      if (claim === 'aud') return 'the access token is not for this resource (wrong audience)';
      if (claim === 'iss') return 'the access token was issued by another server';
      return invalidClaim(claim);
    }
    if (error.code === oauth.KEY_SELECTION) return BAD_SIGNATURE;
  }
  let header: ReturnType<typeof decodeProtectedHeader>;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    header = decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    return MALFORMED;
  }
  if (header.alg !== ALGORITHM) return 'the access token is signed with an algorithm this server does not accept';
  if (header.typ?.toLowerCase().replace(/^application\//, '') !== 'at+jwt')
    return 'not an access token (typ must be at+jwt)';
  for (const [name, type] of Object.entries(CLAIM_TYPES)) {
    if (typeof claims[name] !== type) return invalidClaim(name);
  }
  if (typeof claims.aud !== 'string' && !Array.isArray(claims.aud)) return invalidClaim('aud');
  return error instanceof oauth.OperationProcessingError ? BAD_SIGNATURE : MALFORMED;
}

export function createAccessTokenVerifier(options: {
  issuer: string;
  audience: string;
  signingKeys: readonly JWK[];
  /** Whether a token's grant still stands (asked after every other check passed). */
  liveGrants: Pick<LiveGrants, 'isLive'>;
}): AccessTokenVerifier {
  const jwksUri = `${options.issuer}${AUTH_PATHS.jwks}`;
  const authorizationServer: oauth.AuthorizationServer = { issuer: options.issuer, jwks_uri: jwksUri };
  const keySet = JSON.stringify({ keys: options.signingKeys.map(publicJwk) });
  const validation: oauth.ValidateJWTAccessTokenOptions = {
    signingAlgorithms: [ALGORITHM],
    [oauth.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
    // The key set is this server's own, answered from memory whenever oauth4webapi (re)loads it: never a network
    // request, so the scheme of BASE_URL (http on a developer's machine) does not matter either.
    [oauth.customFetch]: async (url) => {
      if (url !== jwksUri) throw new Error(`the token check asked for ${url}; only the server's own key set is served`);
      return new Response(keySet, { headers: { 'Content-Type': 'application/json' } });
    },
    [oauth.allowInsecureRequests]: true,
  };
  // The same string is the same signature: once verified, only its expiry can change the verdict. This skips the
  // ES256 verification on every request after the first, which halved the account endpoint's throughput.
  const verified = new Map<string, AccessTokenClaims>();

  async function verifyFully(token: string, now: Date): Promise<TokenCheck> {
    const request = new Request(options.audience, { headers: { Authorization: `Bearer ${token}` } });
    // oauth4webapi reads its own clock; the skew makes it check at `now` (whole seconds, as the JWT times are).
    const skew = Math.floor(now.getTime() / 1000) - Math.floor(Date.now() / 1000);
    let claims: oauth.JWTAccessTokenClaims;
    try {
      claims = await oauth.validateJwtAccessToken(authorizationServer, request, options.audience, {
        ...validation,
        [oauth.clockSkew]: skew,
      });
    } catch (error) {
      return { ok: false, description: describe(error, token) };
    }
    for (const name of ['sub', 'client_id', 'jti'] as const) {
      if (claims[name] === '') return { ok: false, description: invalidClaim(name) };
    }
    if (claims.iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS)
      return { ok: false, description: invalidClaim('iat') };
    // Tokens issued before the claim existed have none: refused, so the client refreshes (at most 10 minutes' worth).
    const grantId = claims.grant_id;
    if (typeof grantId !== 'string' || grantId === '') return { ok: false, description: invalidClaim('grant_id') };
    return { ok: true, claims: { sub: claims.sub, exp: claims.exp, grantId } };
  }

  /** The signature and claims held (now or earlier); the token stands while its grant does. */
  async function standing(claims: AccessTokenClaims, now: Date): Promise<TokenCheck> {
    return (await options.liveGrants.isLive(claims.grantId, now))
      ? { ok: true, claims }
      : { ok: false, description: REVOKED };
  }

  return {
    async verify(token, now) {
      const known = verified.get(token);
      if (known) {
        // Same rule as the full check with the tolerance: expired once exp is more than the tolerance in the past.
        if (known.exp > now.getTime() / 1000 - CLOCK_TOLERANCE_SECONDS) return standing(known, now);
        verified.delete(token);
        return { ok: false, description: EXPIRED };
      }
      const check = await verifyFully(token, now);
      if (!check.ok) return check;
      if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, check.claims);
      return standing(check.claims, now);
    },
  };
}
