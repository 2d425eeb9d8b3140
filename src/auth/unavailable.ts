/**
 * Answers of the account stack while its store is unreachable (or before it first came up): 503 with
 * Retry-After, in each surface's own shape — a JSON-RPC error on the MCP endpoint, the OAuth error JSON
 * (`temporarily_unavailable`) on the authorization server's endpoints, a short page on the sign-in pages.
 */
import { storeUnavailableJsonRpc } from '../http/responses.js';
import { STORE_RETRY_AFTER_SECONDS } from '../store/errors.js';
import { PAGE_HEADERS, problemPage } from './pages.js';

export type UnavailableSurface = 'jsonrpc' | 'oauth' | 'page';

/** Which shape a path's 503 takes (`mcpPaths`: the catalogue's MCP endpoints). */
export function surfaceOf(path: string, mcpPaths: ReadonlySet<string>): UnavailableSurface {
  if (mcpPaths.has(path)) return 'jsonrpc';
  return path.startsWith('/interaction/') ? 'page' : 'oauth';
}

export function accountStackUnavailable(surface: UnavailableSurface): Response {
  const retryAfter = String(STORE_RETRY_AFTER_SECONDS);
  if (surface === 'jsonrpc') return storeUnavailableJsonRpc(null);
  if (surface === 'page') {
    const html = problemPage(
      'Sign-in is unavailable for a moment',
      `The service cannot reach its account store right now. Try again in ${retryAfter} seconds.`,
    );
    return new Response(html, { status: 503, headers: { ...PAGE_HEADERS, 'Retry-After': retryAfter } });
  }
  const body = {
    error: 'temporarily_unavailable',
    error_description: `the authorization server cannot reach its store for a moment; retry after ${retryAfter} seconds`,
  };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Retry-After': retryAfter },
  });
}
