/**
 * Discovery: the protected resource metadata (RFC 9728) of the account endpoint, served here at the root and
 * path-aware URLs, and the authorization server metadata (RFC 8414, OpenID discovery), which oidc-provider serves.
 */
import { Hono } from 'hono';
import type { ServiceEnv } from '../http/service-env.js';
import { corsPreflight, type HandOff } from './provider-handoff.js';
import { DISCOVERY_PATHS, resourceMetadataPaths, SCOPES } from './scopes.js';

export interface DiscoveryOptions {
  baseUrl: string;
  /** The protected resource (account endpoint URL). */
  resource: string;
  handOff: HandOff;
}

export function discoveryRoutes(options: DiscoveryOptions): Hono<ServiceEnv> {
  const { baseUrl, handOff } = options;
  const app = new Hono<ServiceEnv>();
  const protectedResource = {
    resource: options.resource,
    resource_name: 'Kingshot Companion account endpoint',
    authorization_servers: [baseUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: [...SCOPES],
    resource_documentation: `${baseUrl}/developers`,
  };
  const prmHeaders = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=3600' };
  for (const path of resourceMetadataPaths(options.resource)) {
    app.get(path, (c) => c.json(protectedResource, 200, prmHeaders));
    app.options(path, (c, next) =>
      c.req.header('origin') === undefined
        ? next()
        : c.body(null, 204, {
            'Access-Control-Allow-Origin': '*',
            'Access-Control-Allow-Methods': 'GET, OPTIONS',
            'Access-Control-Allow-Headers': '*',
            'Access-Control-Max-Age': '600',
          }),
    );
  }
  for (const path of [DISCOVERY_PATHS.authorizationServer, DISCOVERY_PATHS.openidConfiguration]) {
    app.get(path, handOff);
    app.options(path, corsPreflight(handOff));
  }
  return app;
}
