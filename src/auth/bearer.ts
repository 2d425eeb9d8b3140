/**
 * Bearer-token guard of the account endpoint (docs/oauth-and-security.md): before dispatch, every POST must carry
 * `Authorization: Bearer <JWT access token>` for this resource. A refusal is 401 with
 * `WWW-Authenticate: Bearer resource_metadata="<absolute PRM URL>", scope="…"`, plus `error="invalid_token"` and a
 * description when a token was presented; the body is JSON-RPC error -32001 with the request id when readable.
 * Refusals are counted per client address: an address over the limit gets 429 before its body or token is read,
 * so a flood of bad tokens costs neither a body parse nor an ES256 verification each.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { answerResponse } from '../http/http-answer.js';
import { peekId, rateRefusal, unreadBodyHeaders } from '../http/request-peek.js';
import { viewOfContext } from '../http/request-view.js';
import type { RefusalPause } from '../http/refusal-pause.js';
import type { ServiceEnv } from '../http/service-env.js';
import { rateLimitHeaders, type RateLimiter } from '../http/rate-limit.js';
import { jsonRpcErrorResponse, storeUnavailableJsonRpc } from '../http/responses.js';
import { ErrorCode } from '../mcp/jsonrpc.js';
import { isStoreUnavailable } from '../store/errors.js';
import type { AccessTokenClaims, AccessTokenVerifier } from './access-tokens.js';
import { CHALLENGE_SCOPE } from './scopes.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The verified access token of an account-endpoint request; set by the bearer guard, absent before it runs. */
    accountClaims?: AccessTokenClaims;
  }
}

export interface BearerOptions {
  verifier: AccessTokenVerifier;
  resourceMetadataUrl: string;
  clock: () => Date;
  /** Refused requests allowed per client address; absent when the auth rate limit is off. */
  refusals?: { limiter: RateLimiter; clientKey: (c: Context<ServiceEnv>) => string; pause: RefusalPause };
}

function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, '')}"`;
}

export function challenge(resourceMetadataUrl: string, rejection?: string): string {
  const parts = [`resource_metadata=${quoted(resourceMetadataUrl)}`, `scope=${quoted(CHALLENGE_SCOPE)}`];
  if (rejection !== undefined) parts.push('error="invalid_token"', `error_description=${quoted(rejection)}`);
  return `Bearer ${parts.join(', ')}`;
}

/** The token in `Authorization: Bearer …`; undefined when there is none, '' when the header is not a Bearer token. */
function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

export function bearerAuth(options: BearerOptions): MiddlewareHandler<ServiceEnv> {
  const { refusals } = options;
  const windowSeconds = refusals ? Math.round(refusals.limiter.windowMs / 1000) : 0;
  return async function bearerAuth(c, next) {
    const now = options.clock();
    const nowMs = now.getTime();
    const address = refusals?.clientKey(c) ?? '';
    const over = refusals ? await refusals.limiter.refusal(address, nowMs) : undefined;
    if (over) {
      const message = `Too many requests without a valid access token: at most ${over.limit} per ${windowSeconds} seconds from one address. Retry after ${over.resetSeconds} seconds.`;
      return answerResponse(
        await rateRefusal(
          viewOfContext(c),
          over,
          message,
          { ...rateLimitHeaders(over, windowSeconds), 'Cache-Control': 'no-store' },
          refusals!.pause,
        ),
      );
    }
    const token = bearerToken(c.req.header('authorization'));
    let rejection: string | undefined;
    let claims: AccessTokenClaims | undefined;
    if (token === '') rejection = 'the Authorization header must be "Bearer <access token>"';
    else if (token !== undefined) {
      let check: Awaited<ReturnType<AccessTokenVerifier['verify']>>;
      try {
        check = await options.verifier.verify(token, now);
      } catch (error) {
        // Whether the token's grant stands is the store's to say: while it is unreachable the request gets the
        // same 503 a tool reading the player's data gets, not a 401 that would send the client to sign in again.
        if (!isStoreUnavailable(error)) throw error;
        const peeked = await peekId(viewOfContext(c));
        return storeUnavailableJsonRpc(peeked.id, unreadBodyHeaders(peeked));
      }
      if (check.ok) claims = check.claims;
      else rejection = check.description;
    }
    if (!claims) {
      if (refusals) await refusals.limiter.take(address, nowMs);
      const message = rejection
        ? `Unauthorized: ${rejection}. Sign in again to get a new token.`
        : 'Unauthorized: this endpoint needs an OAuth access token (Authorization: Bearer …). See the WWW-Authenticate header for where to get one.';
      const peeked = await peekId(viewOfContext(c));
      return jsonRpcErrorResponse(401, peeked.id, ErrorCode.Unauthorized, message, {
        'WWW-Authenticate': challenge(options.resourceMetadataUrl, rejection),
        ...unreadBodyHeaders(peeked),
      });
    }
    c.set('accountClaims', claims);
    await next();
    return undefined;
  };
}
