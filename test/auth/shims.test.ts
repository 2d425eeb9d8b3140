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
    expect(prepareRegistration({ redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'] })).toEqual({
      ok: true,
      metadata: {
        redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'],
        application_type: 'native',
        token_endpoint_auth_method: 'none',
      },
    });
    expect(prepareRegistration({ redirect_uris: ['com.example.app:/cb'], application_type: 'web' })).toEqual({
      ok: true,
      metadata: { redirect_uris: ['com.example.app:/cb'], application_type: 'web', token_endpoint_auth_method: 'none' },
    });
  });
  it('refuses plain http off loopback and dangerous schemes', () => {
    const offLoopback = (uri: string) => ({
      ok: false,
      error: 'invalid_redirect_uri',
      description: `redirect_uri ${uri} uses http on a non-loopback host; use https, a loopback address (localhost, 127.0.0.1, [::1]) or a private-use scheme`,
    });
    expect(prepareRegistration({ redirect_uris: ['http://example.com/cb'] })).toEqual(
      offLoopback('http://example.com/cb'),
    );
    expect(prepareRegistration({ redirect_uris: ['http://localhost.evil.com/cb'] })).toEqual(
      offLoopback('http://localhost.evil.com/cb'),
    );
    expect(prepareRegistration({ redirect_uris: ['javascript:alert(1)'] })).toEqual({
      ok: false,
      error: 'invalid_redirect_uri',
      description: 'redirect_uri scheme javascript: is not allowed',
    });
    const loopbackAndHttps = ['http://[::1]:9/cb', 'http://localhost/cb', 'https://x.example/cb'];
    expect(prepareRegistration({ redirect_uris: loopbackAndHttps })).toEqual({
      ok: true,
      metadata: { redirect_uris: loopbackAndHttps, token_endpoint_auth_method: 'none' },
    });
  });
  it('keeps only known scopes, and drops the field when none is left', () => {
    expect(prepareRegistration({ scope: 'openid mcp:tools profile openid' })).toEqual({
      ok: true,
      metadata: { scope: 'openid profile', token_endpoint_auth_method: 'none' },
    });
    expect(prepareRegistration({ scope: 'claudeai' })).toEqual({
      ok: true,
      metadata: { token_endpoint_auth_method: 'none' },
    });
  });
  it('client authentication: none when absent, the client-secret methods kept, key-based ones refused', () => {
    expect(prepareRegistration({})).toEqual({ ok: true, metadata: { token_endpoint_auth_method: 'none' } });
    expect(prepareRegistration({ token_endpoint_auth_method: 'client_secret_post' })).toEqual({
      ok: true,
      metadata: { token_endpoint_auth_method: 'client_secret_post' },
    });
    expect(prepareRegistration({ token_endpoint_auth_method: 'private_key_jwt' })).toEqual({
      ok: false,
      error: 'invalid_client_metadata',
      description:
        'token_endpoint_auth_method private_key_jwt is not supported; use none (a public client with PKCE), client_secret_basic or client_secret_post',
    });
    expect(prepareRegistration({ token_endpoint_auth_method: 7 })).toEqual({
      ok: false,
      error: 'invalid_client_metadata',
      description:
        'token_endpoint_auth_method 7 is not supported; use none (a public client with PKCE), client_secret_basic or client_secret_post',
    });
    expect(prepareRegistration({ token_endpoint_auth_method: 'none', jwks_uri: 'https://x.example/jwks' })).toEqual({
      ok: false,
      error: 'invalid_client_metadata',
      description:
        'jwks_uri is not supported: this server authenticates clients by PKCE or a client secret, never by keys it would fetch or hold',
    });
  });
  it('refuses a redirect URI that browsers and other parsers read differently', () => {
    expect(prepareRegistration({ redirect_uris: ['http://127.0.0.1\\@evil.example/cb'] })).toEqual({
      ok: false,
      error: 'invalid_redirect_uri',
      description:
        'redirect_uri http://127.0.0.1\\@evil.example/cb contains a backslash, which browsers read as "/" and other URL parsers do not; use "/"',
    });
    expect(prepareRegistration({ redirect_uris: ['https://app.example/cb', 'http://LOCALHOST/cb'] })).toEqual({
      ok: false,
      error: 'invalid_redirect_uri',
      description:
        'redirect_uri http://LOCALHOST/cb differs from its parsed form http://localhost/cb; register exactly that form',
    });
    expect(prepareRegistration({ redirect_uris: ['http://127.0.0.1:3000'] })).toEqual({
      ok: true,
      metadata: { redirect_uris: ['http://127.0.0.1:3000'], token_endpoint_auth_method: 'none' },
    });
  });
  it('refuses a body that is not an object', () => {
    const notAnObject = {
      ok: false,
      error: 'invalid_client_metadata',
      description: 'the registration request must be a JSON object of client metadata (RFC 7591)',
    };
    expect(prepareRegistration([1])).toEqual(notAnObject);
    expect(prepareRegistration(null)).toEqual(notAnObject);
    expect(prepareRegistration('{}')).toEqual(notAnObject);
  });
});

describe('form-action of the sign-in and consent pages', () => {
  it("is 'self' plus the redirect URI's origin, or its scheme for a private-use URI", () => {
    const csp = (uri: unknown) => formPageHeaders(uri)['Content-Security-Policy'];
    expect(csp('http://127.0.0.1:8976/callback')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self' http://127.0.0.1:8976",
    );
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
    expect(PAGE_HEADERS['Content-Security-Policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
    expect(PAGE_HEADERS['Referrer-Policy']).toBe('same-origin');
  });
});
