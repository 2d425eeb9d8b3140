/**
 * Client ID Metadata Documents end to end (docs/oauth-and-security.md, "Client ID Metadata Documents"): a client
 * known only by its https metadata URL signs the demo player in and calls get_my_goals; the metadata advertises the
 * feature; each unsafe or invalid document is refused with a clear OAuth error. Documents are served by an HTTPS
 * server this test starts (self-signed certificate made by openssl here, trusted through the test-only fetch).
 */
import * as client from 'openid-client';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, listen, type ListeningService } from '../account-helpers.js';
import { MCP_HEADERS } from '../helpers.js';
import { startDocumentServer, type DocumentServer } from '../support/https-documents.js';
import { Browser } from './browser.js';

const REDIRECT = 'http://127.0.0.1:8977/callback';
const insecure = { execute: [client.allowInsecureRequests] };

let documents: DocumentServer;
let svc: ListeningService;

function document(path: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    client_id: `${documents.origin}${path}`,
    client_name: 'Document App',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  });
}

beforeAll(async () => {
  documents = await startDocumentServer();
  svc = await listen({ clientMetadataDocuments: { testFetch: documents.fetch } });
});
afterAll(async () => {
  await svc?.stop();
  await documents?.stop();
});

async function authorizeUrl(clientId: string, redirectUri = REDIRECT): Promise<{ url: URL; verifier: string }> {
  const verifier = client.randomPKCECodeVerifier();
  const url = new URL(`${svc.baseUrl}/api/auth/mcp/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
    resource: `${svc.baseUrl}/mcp/account`,
  }).toString();
  return { url, verifier };
}

/** The refusal page of /authorize for a client_id (the provider renders it: no redirect for an unknown client). */
async function refusal(base: string, clientId: string) {
  const started = await authorizeUrl(clientId);
  const url = new URL(started.url.pathname + started.url.search, base);
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

describe('the authorization server metadata', () => {
  it('advertises client_id_metadata_document_supported with none among the token endpoint auth methods', async () => {
    const metadata = await (await fetch(`${svc.baseUrl}/.well-known/oauth-authorization-server`)).json();
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    expect(metadata.token_endpoint_auth_methods_supported).toContain('none');
    // Dynamic registration stays.
    expect(metadata.registration_endpoint).toBe(`${svc.baseUrl}/api/auth/mcp/register`);
  });
});

describe('a client known only by its metadata URL', () => {
  it('signs the player in (the consent names the publishing host) and calls get_my_goals', async () => {
    documents.routes.set('/app.json', {
      body: document('/app.json'),
      headers: { 'cache-control': 'max-age=600' },
    });
    const clientId = `${documents.origin}/app.json`;
    const config = await client.discovery(new URL(svc.baseUrl), clientId, undefined, client.None(), insecure);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
      resource: `${svc.baseUrl}/mcp/account`,
    });
    const { callback, pages } = await new Browser(REDIRECT).authorize(url, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'st',
    });
    const res = await fetch(`${svc.baseUrl}/mcp/account`, {
      method: 'POST',
      headers: {
        ...MCP_HEADERS,
        'mcp-protocol-version': '2025-06-18',
        authorization: `Bearer ${tokens.access_token}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_my_goals' } }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.isError).toBeUndefined();
    expect(Array.isArray(body.result.structuredContent.goals)).toBe(true);
    // Fetched once: the provider keeps the document for its max-age.
    expect(documents.hits('/app.json')).toBe(1);
  });

  it('ChatGPT-style: private_key_jwt with a jwks_uri is accepted, and the token request is authenticated by its key', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    documents.routes.set('/jwks.json', {
      body: JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', use: 'sig', alg: 'ES256' }] }),
    });
    documents.routes.set('/jwt-app.json', {
      body: document('/jwt-app.json', {
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        jwks_uri: `${documents.origin}/jwks.json`,
      }),
    });
    const clientId = `${documents.origin}/jwt-app.json`;
    const config = await client.discovery(
      new URL(svc.baseUrl),
      clientId,
      { token_endpoint_auth_method: 'private_key_jwt' },
      client.PrivateKeyJwt({ key: privateKey, kid: 'k1' }),
      insecure,
    );
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
      resource: `${svc.baseUrl}/mcp/account`,
    });
    const { callback } = await new Browser(REDIRECT).authorize(url, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'st',
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(documents.hits('/jwks.json')).toBe(1);
    // Without the client's signature the code is useless: a token request authenticated by nothing is refused.
    const bare = await fetch(`${svc.baseUrl}/api/auth/mcp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? 'none',
        client_id: clientId,
      }),
    });
    expect(bare.status).toBe(401);
    expect((await bare.json()).error).toBe('invalid_client');
  });

  it('the sign-in page shows the host that publishes the document', async () => {
    documents.routes.set('/named.json', { body: document('/named.json', { client_name: 'Named App' }) });
    const { url } = await authorizeUrl(`${documents.origin}/named.json`);
    const step = await new Browser(REDIRECT).follow(url);
    expect(step.page?.status).toBe(200);
    expect(step.html).toContain(`“Named App” (published by 127.0.0.1:${new URL(documents.origin).port})`);
  });

  it('a redirect_uri the document does not list is refused', async () => {
    documents.routes.set('/strict.json', { body: document('/strict.json') });
    const { url } = await authorizeUrl(`${documents.origin}/strict.json`, 'http://127.0.0.1:8977/elsewhere');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('invalid_redirect_uri');
  });
});

describe('refused documents', () => {
  it('an http client_id is not a metadata URL: invalid_client', async () => {
    const { status, html } = await refusal(svc.baseUrl, 'http://127.0.0.1:9/app.json');
    expect(status).toBe(400);
    expect(html).toContain('invalid_client');
  });

  it('a document whose client_id differs from its URL', async () => {
    documents.routes.set('/other.json', { body: document('/app.json') });
    const { status, html } = await refusal(svc.baseUrl, `${documents.origin}/other.json`);
    expect(status).toBe(400);
    expect(html).toContain('client_id metadata document client_id does not match the expected value');
  });

  it('an oversized document (over 5 KiB) is refused', async () => {
    documents.routes.set('/big.json', { body: document('/big.json', { padding: 'x'.repeat(6 * 1024) }) });
    const { status, html } = await refusal(svc.baseUrl, `${documents.origin}/big.json`);
    expect(status).toBe(400);
    expect(html).toContain('client_id metadata document fetch failed');
    // Fetched (the refusal is the size, not the address), and never registered: a later attempt fetches again.
    expect(documents.hits('/big.json')).toBeGreaterThan(0);
  });

  it('a slow host is given up on (the provider aborts the fetch after 2.5 seconds)', async () => {
    documents.routes.set('/slow.json', { body: document('/slow.json'), delayMs: 10_000 });
    const { status, html } = await refusal(svc.baseUrl, `${documents.origin}/slow.json`);
    expect(status).toBe(400);
    expect(html).toContain('client_id metadata document fetch failed');
  });

  it('a document with a shared-secret auth method', async () => {
    documents.routes.set('/secret.json', {
      body: document('/secret.json', { token_endpoint_auth_method: 'client_secret_basic' }),
    });
    const { status, html } = await refusal(svc.baseUrl, `${documents.origin}/secret.json`);
    expect(status).toBe(400);
    expect(html).toContain('must not use shared-secret token endpoint authentication methods');
  });
});

describe('addresses outside tests', () => {
  let production: ListeningService;
  beforeAll(async () => {
    // No testFetch: the service as it runs. A stub resolver stands in for DNS.
    production = await listen({
      clientMetadataDocuments: {
        resolve: async (host) => (host === 'metadata.example' ? ['169.254.169.254'] : ['93.184.215.14']),
      },
    });
  });
  afterAll(async () => {
    await production?.stop();
  });

  it.each([
    ['loopback', () => `${documents.origin}/app.json`, 'resolves to a loopback address'],
    ['private', () => 'https://10.1.2.3/app.json', 'resolves to a private address'],
    ['link-local by DNS', () => 'https://metadata.example/app.json', 'resolves to a linkLocal address'],
    ['IPv6 unique-local', () => 'https://[fd00::1]/app.json', 'resolves to a uniqueLocal address'],
  ])('%s is refused before any fetch', async (_name, clientId, reason) => {
    const before = documents.hits('/app.json');
    const { status, html } = await refusal(production.baseUrl, clientId());
    expect(status).toBe(400);
    expect(html).toContain('invalid_client');
    expect(html).toContain(reason);
    expect(documents.hits('/app.json')).toBe(before);
  });
});
