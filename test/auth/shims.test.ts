/** The compatibility and hardening shims in front of oidc-provider, rule by rule. */
import { describe, expect, it } from 'vitest';
import { formPageHeaders, PAGE_HEADERS, redirectSource } from '../../src/auth/pages.js';
import { adjustAuthorizationQuery, prepareRegistration } from '../../src/auth/shims.js';

describe('authorization query', () => {
  const adjust = (q: string) => adjustAuthorizationQuery(new URLSearchParams(q))?.toString();
  it('adds prompt=consent when offline_access is asked for without it', () => {
    expect(adjust('scope=openid+offline_access')).toBe('scope=openid+offline_access&prompt=consent');
    expect(adjust('scope=openid+offline_access&prompt=login')).toBe('scope=openid+offline_access&prompt=login+consent');
    expect(adjust('scope=openid+offline_access&prompt=consent')).toBeUndefined();
  });
  it('adds openid when no known scope is asked for', () => {
    expect(adjust('client_id=x')).toBe('client_id=x&scope=openid');
    expect(adjust('scope=')).toBe('scope=openid');
    expect(adjust('scope=mcp%3Atools')).toBe('scope=openid+mcp%3Atools');
    expect(adjust('scope=profile')).toBeUndefined();
  });
});

describe('registration metadata', () => {
  it('marks private-use scheme clients native unless they say otherwise', () => {
    expect(prepareRegistration({ redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'] })).toEqual({ ok: true, metadata: { redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'], application_type: 'native', token_endpoint_auth_method: 'none' } });
    expect(prepareRegistration({ redirect_uris: ['com.example.app:/cb'], application_type: 'web' })).toMatchObject({ ok: true, metadata: { application_type: 'web' } });
  });
  it('refuses plain http off loopback and dangerous schemes', () => {
    expect(prepareRegistration({ redirect_uris: ['http://example.com/cb'] })).toMatchObject({ ok: false, error: 'invalid_redirect_uri' });
    expect(prepareRegistration({ redirect_uris: ['http://localhost.evil.com/cb'] })).toMatchObject({ ok: false });
    expect(prepareRegistration({ redirect_uris: ['javascript:alert(1)'] })).toMatchObject({ ok: false, description: 'redirect_uri scheme javascript: is not allowed' });
    expect(prepareRegistration({ redirect_uris: ['http://[::1]:9/cb', 'http://localhost/cb', 'https://x.example/cb'] })).toMatchObject({ ok: true });
  });
  it('keeps only known scopes, and drops the field when none is left', () => {
    expect(prepareRegistration({ scope: 'openid mcp:tools profile openid' })).toEqual({ ok: true, metadata: { scope: 'openid profile', token_endpoint_auth_method: 'none' } });
    expect(prepareRegistration({ scope: 'claudeai' })).toEqual({ ok: true, metadata: { token_endpoint_auth_method: 'none' } });
  });
  it('client authentication: none when absent, the client-secret methods kept, key-based ones refused', () => {
    expect(prepareRegistration({})).toEqual({ ok: true, metadata: { token_endpoint_auth_method: 'none' } });
    expect(prepareRegistration({ token_endpoint_auth_method: 'client_secret_post' })).toEqual({ ok: true, metadata: { token_endpoint_auth_method: 'client_secret_post' } });
    expect(prepareRegistration({ token_endpoint_auth_method: 'private_key_jwt' })).toEqual({ ok: false, error: 'invalid_client_metadata', description: 'token_endpoint_auth_method private_key_jwt is not supported; use none (a public client with PKCE), client_secret_basic or client_secret_post' });
    expect(prepareRegistration({ token_endpoint_auth_method: 7 })).toMatchObject({ ok: false, error: 'invalid_client_metadata', description: 'token_endpoint_auth_method 7 is not supported; use none (a public client with PKCE), client_secret_basic or client_secret_post' });
    expect(prepareRegistration({ token_endpoint_auth_method: 'none', jwks_uri: 'https://x.example/jwks' })).toEqual({ ok: false, error: 'invalid_client_metadata', description: 'jwks_uri is not supported: this server authenticates clients by PKCE or a client secret, never by keys it would fetch or hold' });
  });
  it('refuses a redirect URI that browsers and other parsers read differently', () => {
    expect(prepareRegistration({ redirect_uris: ['http://127.0.0.1\\@evil.example/cb'] })).toMatchObject({ ok: false, error: 'invalid_redirect_uri', description: 'redirect_uri http://127.0.0.1\\@evil.example/cb contains a backslash, which browsers read as "/" and other URL parsers do not; use "/"' });
    expect(prepareRegistration({ redirect_uris: ['https://app.example/cb', 'http://LOCALHOST/cb'] })).toMatchObject({ ok: false, error: 'invalid_redirect_uri', description: 'redirect_uri http://LOCALHOST/cb differs from its parsed form http://localhost/cb; register exactly that form' });
    expect(prepareRegistration({ redirect_uris: ['http://127.0.0.1:3000'] })).toMatchObject({ ok: true });
  });
  it('refuses a body that is not an object', () => {
    expect(prepareRegistration([1])).toMatchObject({ ok: false, error: 'invalid_client_metadata' });
  });
});

describe('form-action of the sign-in and consent pages', () => {
  it("is 'self' plus the redirect URI's origin, or its scheme for a private-use URI", () => {
    const csp = (uri: unknown) => formPageHeaders(uri)['Content-Security-Policy'];
    expect(csp('http://127.0.0.1:8976/callback')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self' http://127.0.0.1:8976");
    expect(redirectSource('https://claude.ai/api/mcp/auth_callback')).toBe('https://claude.ai');
    expect(redirectSource('http://[::1]:9/cb')).toBe('http://[::1]:9');
    expect(redirectSource('cursor://anysphere.cursor-mcp/oauth/callback')).toBe('cursor:');
    expect(redirectSource('com.example.app:/cb')).toBe('com.example.app:');
  });
  it("is 'self' alone when the redirect URI would not be a plain source (nothing can end the directive)", () => {
    // WHATWG accepts ";" in a host: it would start a new CSP directive.
    expect(redirectSource('https://x;script-src *.example/cb')).toBeUndefined();
    expect(redirectSource('https://x;y.example/cb')).toBeUndefined();
    expect(redirectSource(undefined)).toBeUndefined();
    expect(formPageHeaders(undefined)['Content-Security-Policy']).toBe(PAGE_HEADERS['Content-Security-Policy']);
    expect(PAGE_HEADERS['Content-Security-Policy']).toMatch(/; form-action 'self'$/);
    expect(PAGE_HEADERS['Referrer-Policy']).toBe('same-origin');
  });
});
