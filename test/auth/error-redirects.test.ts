/**
 * Error redirects (RFC 9700 §4.11.2 / §2.1): any client may register a redirect URI, so an error of the
 * authorization endpoint met before the player has done anything is not a bare 303 to that URI (an open redirect);
 * it is a page that names the destination and links to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type ListeningService } from '../account-helpers.js';

const REDIRECT = 'https://evil.example/cb';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
let svc: ListeningService;
let clientId: string;
beforeAll(async () => {
  svc = await listen({ authRateLimitPerMinute: 0 });
  const res = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  clientId = ((await res.json()) as { client_id: string }).client_id;
});
afterAll(async () => {
  await svc.stop();
});

function authorize(params: Record<string, string>): Promise<Response> {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...params,
  });
  return fetch(`${svc.baseUrl}/api/auth/mcp/authorize?${query}`, { redirect: 'manual' });
}

describe('an error before any interaction', () => {
  it.each([
    ['prompt=none without a session', { prompt: 'none' }, 'login_required'],
    ['a plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['an over-long state', { state: 's'.repeat(15_000) }, 'invalid_request'],
  ])('%s: a page naming the destination, not a redirect', async (_, params, error) => {
    const res = await authorize(params);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain("<h1>The app's sign-in request was refused</h1>");
    expect(html).toContain(`<strong>${error}</strong>`);
    expect(html).toContain('https://evil.example');
    const link = /<a href="([^"]+)" rel="noreferrer">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(link).toBeDefined();
    const target = new URL(link!);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT);
    expect(target.searchParams.get('error')).toBe(error);
  });
});
