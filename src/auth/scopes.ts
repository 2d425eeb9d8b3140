/**
 * The OAuth scopes this service knows. None of them changes what a token can read: every valid token for the
 * account endpoint reads its own player's data and nothing else (docs/oauth-and-security.md).
 */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
export type Scope = (typeof SCOPES)[number];

/** Named in the 401 challenge: enough to call the endpoint, plus a refresh token; no personal claims. */
export const CHALLENGE_SCOPE = 'openid offline_access';

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export const AUTH_PATHS = {
  authorization: '/api/auth/mcp/authorize',
  token: '/api/auth/mcp/token',
  registration: '/api/auth/mcp/register',
  jwks: '/api/auth/mcp/jwks',
  revocation: '/api/auth/mcp/revoke',
} as const;

/** The discovery documents: the authorization server's metadata (RFC 8414, and OpenID's name for it) and the resource's (RFC 9728). */
export const DISCOVERY_PATHS = {
  authorizationServer: '/.well-known/oauth-authorization-server',
  openidConfiguration: '/.well-known/openid-configuration',
  protectedResource: '/.well-known/oauth-protected-resource',
} as const;

/**
 * Every path the authorization server answers (discovery, its endpoints, the sign-in and consent pages), as Hono
 * patterns: the app forwards these to the account stack once it is up.
 */
export const AUTH_ROUTE_PATTERNS = [
  '/api/auth/mcp/*',
  DISCOVERY_PATHS.authorizationServer,
  DISCOVERY_PATHS.openidConfiguration,
  DISCOVERY_PATHS.protectedResource,
  `${DISCOVERY_PATHS.protectedResource}/*`,
  '/interaction/*',
] as const;

/** Where a resource's metadata lives (RFC 9728 §3.1: the well-known prefix goes between the host and the path). */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}${DISCOVERY_PATHS.protectedResource}${url.pathname}`;
}

/** The paths the resource's metadata is served at: the root one, and the path-aware one of resourceMetadataUrl. */
export function resourceMetadataPaths(resource: string): [string, string] {
  return [DISCOVERY_PATHS.protectedResource, new URL(resourceMetadataUrl(resource)).pathname];
}
