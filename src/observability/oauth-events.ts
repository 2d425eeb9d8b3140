/**
 * OAuth outcomes counted from oidc-provider's own events, subscribed in this one place instead of at the call
 * sites: registrations, codes issued (authorization), codes redeemed (token), refreshes, revocations and grants
 * revoked (a reused refresh token revokes its grant), each a success or the OAuth error code it was refused with.
 */
import type Provider from 'oidc-provider';

/** OAuth and OpenID error codes (RFC 6749, 7009, 7591, 8707, OpenID Connect): anything else counts as `other`. */
export const ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'unsupported_response_type',
  'unsupported_response_mode',
  'server_error',
  'temporarily_unavailable',
  'invalid_redirect_uri',
  'invalid_client_metadata',
  'invalid_target',
  'invalid_token',
  'unsupported_token_type',
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
  'invalid_request_uri',
  'invalid_request_object',
  'request_not_supported',
  'request_uri_not_supported',
  'registration_not_supported',
]);

function errorCode(error: unknown): string {
  const code = (error as { error?: unknown } | undefined)?.error;
  return typeof code === 'string' && ERROR_CODES.has(code) ? code : 'other';
}

interface EventContext {
  oidc?: { route?: string; params?: { grant_type?: unknown } };
}

/** The token endpoint serves two operations: redeeming a code, and refreshing. */
function tokenOperation(ctx: EventContext | undefined): string {
  return ctx?.oidc?.params?.grant_type === 'refresh_token' ? 'refresh' : 'token';
}

/** Operation of a provider route, for server errors (which carry no event of their own). */
function routeOperation(ctx: EventContext | undefined): string {
  switch (ctx?.oidc?.route) {
    case 'registration':
      return 'registration';
    case 'authorization':
    case 'resume':
      return 'authorization';
    case 'token':
      return tokenOperation(ctx);
    case 'revocation':
      return 'revocation';
    default:
      return 'other';
  }
}

export function countOAuthOutcomes(provider: Provider, count: (operation: string, outcome: string) => void): void {
  provider.on('registration_create.success', () => count('registration', 'success'));
  provider.on('registration_create.error', (_ctx: unknown, error: unknown) => count('registration', errorCode(error)));
  provider.on('authorization.success', () => count('authorization', 'success'));
  provider.on('authorization.error', (_ctx: unknown, error: unknown) => count('authorization', errorCode(error)));
  provider.on('grant.success', (ctx: EventContext) => count(tokenOperation(ctx), 'success'));
  provider.on('grant.error', (ctx: EventContext, error: unknown) => count(tokenOperation(ctx), errorCode(error)));
  provider.on('revocation.error', (_ctx: unknown, error: unknown) => count('revocation', errorCode(error)));
  provider.on('grant.revoked', () => count('grant_revoked', 'success'));
  provider.on('server_error', (ctx: EventContext) => count(routeOperation(ctx), 'server_error'));
}
