/**
 * The `endpoint` of a request in metrics and logs: the path when it is one of a fixed set (MCP endpoints, the
 * authorization server's, the operator's), the route pattern where the path holds an id (`/interaction/:uid`),
 * `page` for the rest of the site. A client's made-up path never becomes a label value of its own.
 */
import { AUTH_PATHS } from '../auth/scopes.js';

const OPERATIONS = ['/health', '/ready', '/metrics'];
const DISCOVERY = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-protected-resource',
];
const INTERACTION = /^\/interaction\/[^/]+(\/login|\/consent)?$/;

/** Every value endpointClassifier can give, beside the MCP endpoints' paths. */
export const ENDPOINT_LABELS: readonly string[] = [
  ...OPERATIONS,
  ...DISCOVERY,
  ...Object.values(AUTH_PATHS),
  '/.well-known/oauth-protected-resource/*',
  '/api/auth/mcp/*',
  '/interaction/:uid',
  '/interaction/:uid/login',
  '/interaction/:uid/consent',
  'page',
];

export function endpointClassifier(mcpPaths: readonly string[]): (path: string) => string {
  const fixed = new Set([...mcpPaths, ...OPERATIONS, ...DISCOVERY, ...Object.values(AUTH_PATHS)]);
  return (path) => {
    if (fixed.has(path)) return path;
    if (path.startsWith('/.well-known/oauth-protected-resource/')) return '/.well-known/oauth-protected-resource/*';
    if (path.startsWith('/api/auth/mcp/')) return '/api/auth/mcp/*';
    const interaction = INTERACTION.exec(path);
    if (interaction) return `/interaction/:uid${interaction[1] ?? ''}`;
    return 'page';
  };
}
