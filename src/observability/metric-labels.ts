/**
 * The closed list of values of every metrics label: a value outside its list is counted as `other`, so no client
 * (a made-up HTTP method, path, JSON-RPC method or tool name) and no slip in the code adds series of its own.
 */
import { ENDPOINTS } from '../../generated/endpoints.js';
import { ENDPOINT_TOOL_NAMES } from '../../generated/tool-names.js';
import { KNOWN_METHODS } from '../http/mcp-notes.js';
import { ENDPOINT_LABELS } from './endpoints.js';
import { ERROR_CODES } from './oauth-events.js';

export const OTHER = 'other';

function closed(values: Iterable<string>): (value: string) => string {
  const allowed = new Set(values);
  return (value) => (allowed.has(value) ? value : OTHER);
}

/** The methods HTTP defines for a server like this one; Node parses 34 (WebDAV, RTSP, …). */
export const httpMethodLabel = closed(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'CONNECT', 'TRACE']);

/** An HTTP status, or 0 for a request cut before its answer. */
export function statusLabel(status: number): string {
  return status === 0 || (Number.isInteger(status) && status >= 100 && status <= 599) ? String(status) : OTHER;
}

export const endpointLabel = closed([...ENDPOINTS.map((e) => e.path), ...ENDPOINT_LABELS]);

/** A known JSON-RPC method, `other` (mcp-notes.ts), or '' for a request refused before its body was read. */
export const mcpMethodLabel = closed(['', OTHER, ...KNOWN_METHODS]);

/** A catalogue tool; `unknown` for a name the registry does not have, '' for a request that named none. */
export const toolLabel = closed(['', 'unknown', ...Object.values(ENDPOINT_TOOL_NAMES).flat()]);

export const mcpOutcomeLabel = closed([
  'result',
  'tool_error',
  'protocol_error',
  'accepted',
  '401',
  '429',
  '5xx',
  'aborted',
]);

/** The limiters and backoffs the service creates (app.ts, auth/mount.ts), by name. */
export const limiterLabel = closed([
  ...ENDPOINTS.map((e) => e.path.slice(1)),
  'site-search',
  'site-pages',
  'auth:bearer-refusals',
  'auth:authorize',
  'auth:register',
  'auth:token',
  'auth:sign-in',
  'sign-in-failures',
]);

export const oauthOperationLabel = closed([
  'registration',
  'authorization',
  'token',
  'refresh',
  'revocation',
  'grant_revoked',
  OTHER,
]);

export const oauthOutcomeLabel = closed(['success', ...ERROR_CODES, OTHER]);
