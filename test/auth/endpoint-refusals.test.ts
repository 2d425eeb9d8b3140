/**
 * What the authorization server's paths answer to a method they do not take, to OPTIONS without Origin (not a CORS
 * preflight) and to a path under /api/auth/mcp that is no endpoint: the OAuth JSON error shape every other refusal
 * there has, with Allow, never a bare text "Not Found". CORS preflights keep their answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type ListeningService } from '../account-helpers.js';

describe('the authorization server refuses in its own shape', () => {
  let svc: ListeningService;
  let base: string;

  beforeAll(async () => {
    svc = await listen();
    base = svc.baseUrl;
  });
  afterAll(async () => {
    await svc.stop();
  });

  const endpoints = [
    { path: '/api/auth/mcp/authorize', name: 'The authorization endpoint', allow: 'GET, OPTIONS', wrong: 'POST' },
    { path: '/api/auth/mcp/token', name: 'The token endpoint', allow: 'POST, OPTIONS', wrong: 'GET' },
    { path: '/api/auth/mcp/register', name: 'The registration endpoint', allow: 'POST, OPTIONS', wrong: 'GET' },
    { path: '/api/auth/mcp/jwks', name: 'The JWK set', allow: 'GET, OPTIONS', wrong: 'POST' },
    { path: '/api/auth/mcp/revoke', name: 'The revocation endpoint', allow: 'POST, OPTIONS', wrong: 'PUT' },
    {
      path: '/.well-known/oauth-authorization-server',
      name: 'The authorization server metadata',
      allow: 'GET, OPTIONS',
      wrong: 'POST',
    },
    {
      path: '/.well-known/openid-configuration',
      name: 'The authorization server metadata',
      allow: 'GET, OPTIONS',
      wrong: 'DELETE',
    },
    {
      path: '/.well-known/oauth-protected-resource',
      name: 'The protected resource metadata',
      allow: 'GET, OPTIONS',
      wrong: 'POST',
    },
    {
      path: '/.well-known/oauth-protected-resource/mcp/account',
      name: 'The protected resource metadata',
      allow: 'GET, OPTIONS',
      wrong: 'PATCH',
    },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.path}: OPTIONS without Origin is 204 with Allow: ${endpoint.allow}, and ${endpoint.wrong} is 405 with the OAuth error shape`, async () => {
      const options = await fetch(`${base}${endpoint.path}`, { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      expect(options.headers.get('allow')).toBe(endpoint.allow);
      expect(await options.text()).toBe('');

      const wrong = await fetch(`${base}${endpoint.path}`, { method: endpoint.wrong });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe(endpoint.allow);
      expect(wrong.headers.get('content-type')).toBe('application/json');
      expect(wrong.headers.get('cache-control')).toBe('no-store');
      const [takes] = endpoint.allow.split(', ');
      expect(await wrong.json()).toEqual({
        error: 'invalid_request',
        error_description: `${endpoint.name} takes ${takes} (and OPTIONS), not ${endpoint.wrong}.`,
      });
    });
  }

  it('a path under /api/auth/mcp that is no endpoint is a JSON 404 naming where the endpoints are listed, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/mcp/me'],
      ['POST', '/api/auth/mcp/token/introspection'],
      ['GET', '/api/auth/mcp/register/some-client'],
      ['DELETE', '/api/auth/mcp/register/some-client'],
      ['OPTIONS', '/api/auth/mcp/session/end'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type'), `${method} ${path}`).toBe('application/json');
      expect(await res.json(), `${method} ${path}`).toEqual({
        error: 'invalid_request',
        error_description: `There is no endpoint at ${path}. The authorization server's endpoints are listed at ${base}/.well-known/oauth-authorization-server.`,
      });
    }
  });

  it('CORS preflights keep their answers: the JWK set and the metadata allow any origin, the token endpoint a registered one', async () => {
    const preflight = (path: string, origin: string) =>
      fetch(`${base}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    const jwks = await preflight('/api/auth/mcp/jwks', 'https://claude.ai');
    expect(jwks.status).toBe(204);
    expect(jwks.headers.get('access-control-allow-origin')).toBe('https://claude.ai');
    const metadata = await preflight('/.well-known/oauth-authorization-server', 'https://claude.ai');
    expect(metadata.status).toBe(204);
    expect(metadata.headers.get('access-control-allow-origin')).toBe('https://claude.ai');
    // A browser never preflights a navigation: a script of another origin gets no CORS grant here.
    const authorize = await preflight('/api/auth/mcp/authorize', 'https://claude.ai');
    expect(authorize.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the sign-in resume path still reaches the authorization server (its own error page for an unknown interaction)', async () => {
    const res = await fetch(`${base}/api/auth/mcp/authorize/not-an-interaction`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>Sign-in error - Kingshot Companion</title>');
  });
});
