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
  // The value last asked about and its label: under load most requests carry the last one's values, and comparing
  // two strings costs less than a Set lookup (five labels a request; CPU profile).
  let lastValue: string | undefined;
  let lastLabel = OTHER;
  return (value) => {
    if (value !== lastValue) {
      lastLabel = allowed.has(value) ? value : OTHER;
      lastValue = value;
    }
    return lastLabel;
  };
}

/** The methods HTTP defines for a server like this one; Node parses 34 (WebDAV, RTSP, …). */
export const httpMethodLabel = closed(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'CONNECT', 'TRACE']);

/** The labels of the statuses 100 to 599, made once rather than a `String(status)` a request. */
const STATUS_LABELS: readonly string[] = Array.from({ length: 500 }, (_, i) => String(100 + i));

/** An HTTP status, or 0 for a request cut before its answer. */
export function statusLabel(status: number): string {
  if (status === 0) return '0';
  return Number.isInteger(status) && status >= 100 && status <= 599 ? STATUS_LABELS[status - 100]! : OTHER;
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
