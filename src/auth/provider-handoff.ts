/**
 * Handing a request to oidc-provider: it takes the raw Node request and response, not Hono's, and answers on them
 * itself. Its own errors are OAuth JSON errors, and so are the ones this service answers in front of it.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type Provider from 'oidc-provider';
import { RESPONSE_ALREADY_SENT } from '../http/response-already-sent.js';
import type { ServiceEnv } from '../http/service-env.js';

export type HandOff = (c: Context<ServiceEnv>) => Response;

/**
 * The raw Node request and response for oidc-provider. Its Host and X-Forwarded-* headers are set from BASE_URL
 * first: the provider builds its endpoint URLs and decides whether cookies are secure from them, and a client
 * must not choose those (the host guard has already checked Host, but not the forwarded headers).
 */
export function nodeBindings(c: Context<ServiceEnv>, base: URL): HttpBindings | undefined {
  const env = c.env;
  // Tests may call the app with partial bindings (only a socket address): those are not a Node server.
  if (!env?.incoming || !env.outgoing) return undefined;
  const headers = env.incoming.headers;
  headers.host = base.host;
  headers['x-forwarded-host'] = base.host;
  headers['x-forwarded-proto'] = base.protocol.slice(0, -1);
  return env;
}

/** An OAuth error response (RFC 6749 §5.2) for what this service answers in front of the provider. */
export function oauthError(
  status: 400 | 403 | 404 | 405 | 415 | 429 | 503,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The handler that passes a request to oidc-provider; 503 when the app runs without the Node server. */
export function providerHandOff(provider: Provider, base: URL): HandOff {
  const oidc = provider.callback();
  return function handOff(c) {
    // Hono runs GET handlers for HEAD and rebuilds their response without a body, which undoes the hand-off (the
    // provider has written the response already: a second write, a stack trace on stderr). HEAD is not offered.
    if (c.req.method === 'HEAD')
      return new Response(null, { status: 405, headers: { Allow: 'GET', 'Cache-Control': 'no-store' } });
    const node = nodeBindings(c, base);
    if (!node) return oauthError(503, 'temporarily_unavailable', 'the authorization server needs the Node HTTP server');
    void oidc(node.incoming, node.outgoing);
    return RESPONSE_ALREADY_SENT;
  };
}

/** A CORS preflight (with Origin) for the provider; OPTIONS without one falls through to refusal-routes.ts. */
export function corsPreflight(handOff: HandOff): MiddlewareHandler<ServiceEnv> {
  return async function preflight(c, next) {
    if (c.req.header('origin') === undefined) return next();
    return handOff(c);
  };
}
