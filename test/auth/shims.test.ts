/** The compatibility and hardening shims in front of oidc-provider, rule by rule. */
import { describe, expect, it } from 'vitest';
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
    expect(prepareRegistration({ redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'] })).toEqual({ ok: true, metadata: { redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'], application_type: 'native' } });
    expect(prepareRegistration({ redirect_uris: ['com.example.app:/cb'], application_type: 'web' })).toMatchObject({ ok: true, metadata: { application_type: 'web' } });
  });
  it('refuses plain http off loopback and dangerous schemes', () => {
    expect(prepareRegistration({ redirect_uris: ['http://example.com/cb'] })).toMatchObject({ ok: false, error: 'invalid_redirect_uri' });
    expect(prepareRegistration({ redirect_uris: ['http://localhost.evil.com/cb'] })).toMatchObject({ ok: false });
    expect(prepareRegistration({ redirect_uris: ['javascript:alert(1)'] })).toMatchObject({ ok: false, description: 'redirect_uri scheme javascript: is not allowed' });
    expect(prepareRegistration({ redirect_uris: ['http://[::1]:9/cb', 'http://LOCALHOST/cb', 'https://x.example/cb'] })).toMatchObject({ ok: true });
  });
  it('keeps only known scopes, and drops the field when none is left', () => {
    expect(prepareRegistration({ scope: 'openid mcp:tools profile openid' })).toEqual({ ok: true, metadata: { scope: 'openid profile' } });
    expect(prepareRegistration({ scope: 'claudeai' })).toEqual({ ok: true, metadata: {} });
  });
  it('refuses a body that is not an object', () => {
    expect(prepareRegistration([1])).toMatchObject({ ok: false, error: 'invalid_client_metadata' });
  });
});
