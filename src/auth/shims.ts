/**
 * Small, deliberate adjustments in front of oidc-provider so that real MCP clients work and nothing unsafe gets
 * through; each rule below says which client it keeps working or which attack it stops. Pure functions, so each
 * rule is tested on its own.
 */
import { redirectUriProblem } from './redirect-uris.js';
import { redirectUriCountProblem, redirectUriLengthProblem } from './registration-bounds.js';
import { isScope } from './scopes.js';

/**
 * Authorization request query:
 * - `offline_access` is honoured only with `prompt=consent` (OIDC Core §11); clients that ask for it without the
 *   prompt would silently get no refresh token, so the prompt is added (the consent page is shown anyway).
 * - No scope, or only scopes this server does not know, would end in access_denied ("no scope was granted"):
 *   `openid` is added, the least a token needs.
 * Returns the new query, or undefined when nothing changes.
 */
export function adjustAuthorizationQuery(query: URLSearchParams): URLSearchParams | undefined {
  const next = new URLSearchParams(query);
  let changed = false;
  const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
  if (!scopes.some(isScope)) {
    next.set('scope', ['openid', ...scopes].join(' '));
    changed = true;
  }
  if (scopes.includes('offline_access')) {
    const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
    if (!prompts.includes('consent') && !prompts.includes('none')) {
      next.set('prompt', [...prompts, 'consent'].join(' '));
      changed = true;
    }
  }
  return changed ? next : undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Schemes that must never receive an authorization code, whatever the client says. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
  'filesystem:',
  'ws:',
  'wss:',
  'ftp:',
]);

/**
 * Client authentication this server accepts: public clients (PKCE) and the client-secret methods. Key-based methods
 * (private_key_jwt and the TLS ones) would have the server fetch the client's jwks_uri, a URL the client chooses.
 */
export const CLIENT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
/** Metadata naming keys the server would fetch (jwks_uri, sector_identifier_uri) or hold (jwks): never needed here. */
const KEY_FIELDS = ['jwks_uri', 'jwks', 'sector_identifier_uri'] as const;

export type RegistrationCheck =
  | { ok: true; metadata: Record<string, unknown> }
  | { ok: false; error: 'invalid_redirect_uri' | 'invalid_client_metadata'; description: string };

/**
 * Dynamic client registration metadata (RFC 7591):
 * - at most 10 redirect URIs of at most 512 characters each (registration-bounds.ts);
 * - redirect URIs must read the same in every URL parser: no backslash, no user information, the text equal to
 *   its WHATWG-parsed form (redirect-uris.ts);
 * - redirect URIs must be https, loopback http (localhost, 127.0.0.1, [::1], any port) or a private-use scheme;
 *   plain http elsewhere is refused (oidc-provider would accept it for web clients);
 * - a client with a private-use scheme redirect and no `application_type` is registered as `native` (oidc-provider
 *   defaults to `web`, which refuses such URIs: `cursor://…` clients would fail);
 * - `scope` keeps only the scopes this server knows (unknown ones would fail the whole registration);
 * - `token_endpoint_auth_method` is one of CLIENT_AUTH_METHODS, and `none` when absent: oidc-provider applies that
 *   default only after deciding on a secret, so a client that said nothing would get a client_secret it never uses;
 * - jwks_uri, jwks and sector_identifier_uri are refused (nothing here uses them; the URIs would be fetched).
 */
export function prepareRegistration(body: unknown): RegistrationCheck {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      error: 'invalid_client_metadata',
      description: 'the registration request must be a JSON object of client metadata (RFC 7591)',
    };
  }
  const metadata = { ...(body as Record<string, unknown>) };
  const method = metadata.token_endpoint_auth_method ?? 'none';
  if (typeof method !== 'string' || !(CLIENT_AUTH_METHODS as readonly string[]).includes(method)) {
    return {
      ok: false,
      error: 'invalid_client_metadata',
      description: `token_endpoint_auth_method ${String(method).slice(0, 60)} is not supported; use none (a public client with PKCE), client_secret_basic or client_secret_post`,
    };
  }
  metadata.token_endpoint_auth_method = method;
  for (const field of KEY_FIELDS) {
    if (metadata[field] !== undefined) {
      return {
        ok: false,
        error: 'invalid_client_metadata',
        description: `${field} is not supported: this server authenticates clients by PKCE or a client secret, never by keys it would fetch or hold`,
      };
    }
  }
  const uris = metadata.redirect_uris;
  let customScheme = false;
  if (Array.isArray(uris)) {
    const tooMany = redirectUriCountProblem(uris);
    if (tooMany) return { ok: false, error: 'invalid_redirect_uri', description: tooMany };
    for (const uri of uris) {
      if (typeof uri !== 'string') continue; // the provider reports the wrong type itself
      const problem = redirectUriLengthProblem(uri) ?? redirectUriProblem(uri);
      if (problem) return { ok: false, error: 'invalid_redirect_uri', description: problem };
      const url = new URL(uri);
      if (url.protocol === 'https:') continue;
      if (url.protocol === 'http:') {
        if (LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) continue;
        return {
          ok: false,
          error: 'invalid_redirect_uri',
          description: `redirect_uri ${uri.slice(0, 200)} uses http on a non-loopback host; use https, a loopback address (localhost, 127.0.0.1, [::1]) or a private-use scheme`,
        };
      }
      if (FORBIDDEN_SCHEMES.has(url.protocol)) {
        return {
          ok: false,
          error: 'invalid_redirect_uri',
          description: `redirect_uri scheme ${url.protocol} is not allowed`,
        };
      }
      customScheme = true;
    }
  }
  if (customScheme && metadata.application_type === undefined) metadata.application_type = 'native';
  if (typeof metadata.scope === 'string') {
    const known = metadata.scope.split(' ').filter(isScope);
    if (known.length > 0) metadata.scope = [...new Set(known)].join(' ');
    else delete metadata.scope;
  }
  return { ok: true, metadata };
}
