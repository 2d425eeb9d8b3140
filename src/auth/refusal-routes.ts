/**
 * The last routes of the authorization server: what its paths answer when nothing before them did. A method an
 * endpoint does not take is 405 with Allow; OPTIONS without Origin (no CORS preflight: the routes before answer
 * those) is 204 with Allow, as on the MCP endpoints; a path under /api/auth/mcp that is no endpoint is 404. All in
 * the OAuth error shape of every other refusal there: oidc-provider and Hono would answer a bare text "Not Found".
 */
import { Hono } from 'hono';
import type { ServiceEnv } from '../http/service-env.js';
import { oauthError } from './provider-handoff.js';
import { AUTH_PATHS, DISCOVERY_PATHS, resourceMetadataPaths } from './scopes.js';

export interface RefusalRoutesOptions {
  baseUrl: string;
  /** The protected resource (account endpoint URL), whose metadata path is one of the endpoints. */
  resource: string;
}

interface Endpoint {
  path: string;
  /** How an error message names it. */
  name: string;
  /** The one method it serves, besides OPTIONS. */
  method: 'GET' | 'POST';
}

export function refusalRoutes(options: RefusalRoutesOptions): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  const endpoints: Endpoint[] = [
    { path: AUTH_PATHS.authorization, name: 'The authorization endpoint', method: 'GET' },
    { path: AUTH_PATHS.token, name: 'The token endpoint', method: 'POST' },
    { path: AUTH_PATHS.registration, name: 'The registration endpoint', method: 'POST' },
    { path: AUTH_PATHS.jwks, name: 'The JWK set', method: 'GET' },
    { path: AUTH_PATHS.revocation, name: 'The revocation endpoint', method: 'POST' },
    { path: DISCOVERY_PATHS.authorizationServer, name: 'The authorization server metadata', method: 'GET' },
    { path: DISCOVERY_PATHS.openidConfiguration, name: 'The authorization server metadata', method: 'GET' },
    ...resourceMetadataPaths(options.resource).map((path): Endpoint => ({
      path,
      name: 'The protected resource metadata',
      method: 'GET',
    })),
  ];
  for (const { path, name, method } of endpoints) {
    const allow = { Allow: `${method}, OPTIONS` };
    app.options(path, (c) => c.body(null, 204, allow));
    app.all(path, (c) =>
      oauthError(405, 'invalid_request', `${name} takes ${method} (and OPTIONS), not ${c.req.method}.`, allow),
    );
  }
  const listing = `${options.baseUrl}${DISCOVERY_PATHS.authorizationServer}`;
  app.all('/api/auth/mcp/*', (c) =>
    oauthError(
      404,
      'invalid_request',
      `There is no endpoint at ${c.req.path.slice(0, 200)}. The authorization server's endpoints are listed at ${listing}.`,
    ),
  );
  return app;
}
