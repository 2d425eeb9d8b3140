/**
 * Dynamic registration accepts only what this server needs: public clients (`none`, with PKCE)
 * and the two client-secret methods. Key-based client authentication and every metadata field that would make the
 * server fetch a URL the client chose (jwks_uri, sector_identifier_uri) are refused with invalid_client_metadata,
 * and the server never opens a connection to such a URL (an SSRF path), not at registration and not at the token
 * endpoint.
 */
import { createServer, type Server } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestRegistration, REGISTRATION_BOUNDS } from '../../src/auth/registration-bounds.js';
import { listen, type ListeningService } from '../account-helpers.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';

/** A loopback listener that only counts the connections it is offered (and closes them). */
async function connectionCounter(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => connections,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

describe('dynamic registration: client authentication methods', () => {
  let svc: ListeningService;
  let trap: Awaited<ReturnType<typeof connectionCounter>>;
  beforeAll(async () => {
    svc = await listen();
    trap = await connectionCounter();
  });
  afterAll(async () => {
    await trap.close();
    await svc.stop();
  });

  const register = async (metadata: Record<string, unknown>) => {
    const res = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT], ...metadata }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('the metadata advertises none, client_secret_basic, client_secret_post and (for metadata-document clients only) private_key_jwt', async () => {
    const meta = await (await fetch(`${svc.baseUrl}/.well-known/oauth-authorization-server`)).json();
    expect(meta.token_endpoint_auth_methods_supported).toEqual([
      'none',
      'client_secret_basic',
      'client_secret_post',
      'private_key_jwt',
    ]);
    expect(meta.token_endpoint_auth_signing_alg_values_supported).toEqual(['ES256', 'RS256', 'PS256', 'EdDSA']);
  });

  it('private_key_jwt or client_secret_jwt is refused with invalid_client_metadata naming the allowed methods', async () => {
    for (const method of ['private_key_jwt', 'client_secret_jwt', 'tls_client_auth', 'self_signed_tls_client_auth']) {
      const { status, json } = await register({
        token_endpoint_auth_method: method,
        ...(method === 'private_key_jwt' ? { jwks_uri: `${trap.url}/jwks` } : {}),
      });
      expect(status, method).toBe(400);
      expect(json, method).toEqual({
        error: 'invalid_client_metadata',
        error_description: `token_endpoint_auth_method ${method} is not supported; use none (a public client with PKCE), client_secret_basic or client_secret_post`,
      });
    }
  });

  it('jwks_uri, jwks and sector_identifier_uri are refused, whatever the method, and nothing is fetched', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const cases: [Record<string, unknown>, string][] = [
      [{ token_endpoint_auth_method: 'none', jwks_uri: `${trap.url}/jwks` }, 'jwks_uri'],
      [{ token_endpoint_auth_method: 'client_secret_basic', jwks_uri: `${trap.url}/jwks` }, 'jwks_uri'],
      [{ token_endpoint_auth_method: 'none', jwks: { keys: [jwk] } }, 'jwks'],
      [{ token_endpoint_auth_method: 'none', sector_identifier_uri: `${trap.url}/sector` }, 'sector_identifier_uri'],
      [{ jwks_uri: `${trap.url}/jwks` }, 'jwks_uri'],
    ];
    for (const [metadata, field] of cases) {
      const { status, json } = await register(metadata);
      expect(status, field).toBe(400);
      expect(json, field).toEqual({
        error: 'invalid_client_metadata',
        error_description: `${field} is not supported: this server authenticates clients by PKCE or a client secret, never by keys it would fetch or hold`,
      });
    }
    // The SSRF path itself: a private_key_jwt client (were it registered) presenting a client assertion at the token
    // endpoint makes the provider fetch its jwks_uri to verify it.
    const keyClient = await register({ token_endpoint_auth_method: 'private_key_jwt', jwks_uri: `${trap.url}/jwks` });
    const clientId = typeof keyClient.json.client_id === 'string' ? keyClient.json.client_id : 'unregistered';
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(svc.baseUrl)
      .setJti(`j-${Date.now()}`)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
    const token = await fetch(`${svc.baseUrl}/api/auth/mcp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'c',
        redirect_uri: REDIRECT,
        client_id: clientId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
    });
    expect(keyClient.status).toBe(400);
    expect(token.status).toBe(401);
    expect(((await token.json()) as { error: string }).error).toBe('invalid_client');
    // Give any fetch the provider might have started time to connect.
    await new Promise((settle) => setTimeout(settle, 200));
    expect(trap.count()).toBe(0);
  });

  it('without token_endpoint_auth_method the client is public: answered as none, with no client_secret', async () => {
    const { status, json } = await register({});
    expect(status).toBe(201);
    expect(json.token_endpoint_auth_method).toBe('none');
    expect(json).not.toHaveProperty('client_secret');
    expect(json).not.toHaveProperty('client_secret_expires_at');
  });

  it('client_secret_basic and client_secret_post clients get a secret that expires never (0) and authenticate with it', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post']) {
      const { status, json } = await register({ token_endpoint_auth_method: method });
      expect(status, method).toBe(201);
      expect(json.token_endpoint_auth_method).toBe(method);
      expect(typeof json.client_secret).toBe('string');
      expect((json.client_secret as string).length).toBeGreaterThanOrEqual(43);
      expect(json.client_secret_expires_at).toBe(0);
      // A wrong secret is invalid_client; the right one gets past client authentication (to the missing code).
      const send = (secret: string) =>
        fetch(`${svc.baseUrl}/api/auth/mcp/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(method === 'client_secret_basic'
              ? {
                  authorization: `Basic ${Buffer.from(`${encodeURIComponent(json.client_id as string)}:${encodeURIComponent(secret)}`).toString('base64')}`,
                }
              : {}),
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: 'no-such-code',
            redirect_uri: REDIRECT,
            code_verifier: 'v'.repeat(43),
            ...(method === 'client_secret_post' ? { client_id: json.client_id as string, client_secret: secret } : {}),
          }),
        }).then(async (res) => ({ status: res.status, error: ((await res.json()) as { error: string }).error }));
      expect(await send('wrong'), method).toEqual({ status: 401, error: 'invalid_client' });
      expect(await send(json.client_secret as string), method).toEqual({ status: 400, error: 'invalid_grant' });
    }
  });
});

describe('dynamic registration: redirect URIs parse the same way for everyone', () => {
  let svc: ListeningService;
  beforeAll(async () => {
    svc = await listen();
  });
  afterAll(async () => {
    await svc.stop();
  });
  const register = async (uri: string) => {
    const res = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [uri], token_endpoint_auth_method: 'none' }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('refuses a backslash, user information, or any text that differs from its WHATWG-parsed form, saying which', async () => {
    const refused: [string, string][] = [
      [
        'http://127.0.0.1\\@evil.example/cb',
        'redirect_uri http://127.0.0.1\\@evil.example/cb contains a backslash, which browsers read as "/" and other URL parsers do not; use "/"',
      ],
      [
        'http://localhost:8976\\@evil.example/cb',
        'redirect_uri http://localhost:8976\\@evil.example/cb contains a backslash, which browsers read as "/" and other URL parsers do not; use "/"',
      ],
      [
        'https://app.example\\cb',
        'redirect_uri https://app.example\\cb contains a backslash, which browsers read as "/" and other URL parsers do not; use "/"',
      ],
      [
        'http://evil.example@127.0.0.1/cb',
        'redirect_uri http://evil.example@127.0.0.1/cb has user information (user:password@) before its host; register the URI without it',
      ],
      [
        'http://user:pass@localhost:8976/cb',
        'redirect_uri http://user:pass@localhost:8976/cb has user information (user:password@) before its host; register the URI without it',
      ],
      [
        'http://@127.0.0.1/cb',
        'redirect_uri http://@127.0.0.1/cb has user information (user:password@) before its host; register the URI without it',
      ],
      [
        'http://127.1/cb',
        'redirect_uri http://127.1/cb differs from its parsed form http://127.0.0.1/cb; register exactly that form',
      ],
      [
        'http://0x7f.0.0.1:8976/cb',
        'redirect_uri http://0x7f.0.0.1:8976/cb differs from its parsed form http://127.0.0.1:8976/cb; register exactly that form',
      ],
      [
        'HTTP://LOCALHOST/cb',
        'redirect_uri HTTP://LOCALHOST/cb differs from its parsed form http://localhost/cb; register exactly that form',
      ],
      [
        'https://app.example:443/cb',
        'redirect_uri https://app.example:443/cb differs from its parsed form https://app.example/cb; register exactly that form',
      ],
      [
        'https://app.example/a/../cb',
        'redirect_uri https://app.example/a/../cb differs from its parsed form https://app.example/cb; register exactly that form',
      ],
      [
        'https://app.example/a b',
        'redirect_uri https://app.example/a b differs from its parsed form https://app.example/a%20b; register exactly that form',
      ],
      [
        'https://bücher.example/cb',
        'redirect_uri https://bücher.example/cb differs from its parsed form https://xn--bcher-kva.example/cb; register exactly that form',
      ],
      ['not a url', 'redirect_uri not a url is not an absolute URL'],
    ];
    for (const [uri, description] of refused) {
      expect(await register(uri), uri).toEqual({
        status: 400,
        json: { error: 'invalid_redirect_uri', error_description: description },
      });
    }
  });

  it('accepts URIs that are their parsed form, and an http(s) URI without a path (its parsed form only adds the "/")', async () => {
    for (const uri of [
      'http://127.0.0.1:8976/callback',
      'http://[::1]:9/cb',
      'https://claude.ai/api/mcp/auth_callback',
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'com.example.app:/cb',
      'https://xn--bcher-kva.example/cb',
      'http://127.0.0.1:3000',
      'http://localhost:3000?from=app',
    ]) {
      const { status, json } = await register(uri);
      expect(status, uri).toBe(201);
      expect(json.redirect_uris, uri).toEqual([uri]);
    }
  });

  it('an authorization request whose redirect_uri is not its parsed form gets an error page and no redirect', async () => {
    const web = (await register('http://127.0.0.1:3000/cb')).json.client_id as string;
    // A native client's loopback redirect URIs match on any port (RFC 8252 §7.3): the provider compares them with
    // the port cut out of the text, which a backslash or user information could make it cut from the wrong place.
    const nativeRes = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['http://127.0.0.1/cb'],
        application_type: 'native',
        token_endpoint_auth_method: 'none',
      }),
    });
    const native = ((await nativeRes.json()) as { client_id: string }).client_id;
    const cases: [string, string][] = [
      [web, 'http://127.0.0.1:3000\\@evil.example/cb'],
      [web, 'http://evil.example@127.0.0.1:3000/cb'],
      [native, 'http://127.0.0.1:99\\@127.0.0.1/cb'],
      [native, 'http://127.0.0.1:99\\@evil.example/cb'],
      [native, 'http://evil.example@127.0.0.1:99/cb'],
      [native, 'http://x:y@127.0.0.1/cb'],
    ];
    for (const [clientId, redirect] of cases) {
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirect,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 's',
      });
      const res = await fetch(`${svc.baseUrl}/api/auth/mcp/authorize?${query}`, { redirect: 'manual' });
      expect(res.status, redirect).toBe(400);
      expect(res.headers.get('location'), redirect).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('invalid_redirect_uri');
    }
  });
});

describe('dynamic registration: size bounds', () => {
  let svc: ListeningService;
  beforeAll(async () => {
    svc = await listen();
  });
  afterAll(async () => {
    await svc.stop();
  });
  const clientRows = async () =>
    (await svc.services.store.db.selectFrom('oidc_payloads').select('id').where('type', '=', 'Client').execute())
      .length;
  const send = async (body: string) => {
    const res = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  /** A URI of exactly `length` characters. */
  const uriOf = (length: number, i = 0) => {
    const head = `https://client.example/cb/${i}/`;
    return `${head}${'x'.repeat(length - head.length)}`;
  };

  it("accepts what real MCP clients send: the SDK's full metadata, VS Code's six redirect URIs, Claude's one", async () => {
    const sdk = {
      client_name: 'Example MCP Client',
      client_uri: 'https://client.example',
      logo_uri: 'https://client.example/logo.png',
      redirect_uris: ['http://localhost:8090/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'openid offline_access',
      contacts: ['ops@client.example'],
      tos_uri: 'https://client.example/tos',
      policy_uri: 'https://client.example/privacy',
      software_id: 'example-mcp-client',
      software_version: '1.2.3',
    };
    const vscode = {
      client_name: 'Visual Studio Code',
      redirect_uris: [
        'https://insiders.vscode.dev/redirect',
        'https://vscode.dev/redirect',
        'http://localhost/',
        'http://127.0.0.1/',
        'http://localhost:33418/',
        'http://127.0.0.1:33418/',
      ],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    const claude = {
      client_name: 'Claude',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'claudeai',
    };
    for (const metadata of [sdk, vscode, claude]) {
      const { status, json } = await send(JSON.stringify(metadata));
      expect(status, metadata.client_name).toBe(201);
      expect(json.redirect_uris, metadata.client_name).toEqual(metadata.redirect_uris);
    }
  });

  it(`accepts the largest registration the bounds allow: ${REGISTRATION_BOUNDS.redirectUris} redirect URIs of ${REGISTRATION_BOUNDS.redirectUriLength} characters in a body of ${REGISTRATION_BOUNDS.bodyBytes} bytes`, async () => {
    const body = largestRegistration();
    expect(Buffer.byteLength(body)).toBe(REGISTRATION_BOUNDS.bodyBytes);
    const { status, json } = await send(body);
    expect(status).toBe(201);
    expect(json.redirect_uris).toEqual(JSON.parse(body).redirect_uris);
  });

  it('refuses more redirect URIs, a longer one, or a larger body, naming the bound, and stores nothing', async () => {
    const before = await clientRows();
    const tooMany = Array.from(
      { length: REGISTRATION_BOUNDS.redirectUris + 1 },
      (_, i) => `http://127.0.0.1:${8000 + i}/cb`,
    );
    expect(await send(JSON.stringify({ redirect_uris: tooMany }))).toEqual({
      status: 400,
      json: { error: 'invalid_redirect_uri', error_description: 'redirect_uris lists 11 URIs; at most 10 are allowed' },
    });
    const long = uriOf(REGISTRATION_BOUNDS.redirectUriLength + 1);
    expect(await send(JSON.stringify({ redirect_uris: ['http://127.0.0.1/cb', long] }))).toEqual({
      status: 400,
      json: {
        error: 'invalid_redirect_uri',
        error_description: `redirect_uri ${long.slice(0, 200)}… is 513 characters long; at most 512 are allowed`,
      },
    });
    const padded = JSON.stringify({
      redirect_uris: ['http://127.0.0.1/cb'],
      client_name: 'n'.repeat(REGISTRATION_BOUNDS.bodyBytes),
    });
    expect(await send(padded)).toEqual({
      status: 400,
      json: {
        error: 'invalid_client_metadata',
        error_description:
          'the registration request is larger than 8 KiB (8192 bytes), the most this server accepts; send only the client metadata this server needs (RFC 7591)',
      },
    });
    // One byte over, sent without Content-Length (chunked): refused alike.
    const oneOver = largestRegistration().replace('"client_name":"', '"client_name":"n');
    const chunked = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([oneOver]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(400);
    expect(((await chunked.json()) as { error: string }).error).toBe('invalid_client_metadata');
    expect(await clientRows()).toBe(before);
  });
});

describe('dynamic registration: media type', () => {
  let svc: ListeningService;
  beforeAll(async () => {
    svc = await listen();
  });
  afterAll(async () => {
    await svc.stop();
  });
  const clientRows = async () =>
    (await svc.services.store.db.selectFrom('oidc_payloads').select('id').where('type', '=', 'Client').execute())
      .length;
  const send = async (
    headers: Record<string, string>,
    body: BodyInit = JSON.stringify({ redirect_uris: [REDIRECT] }),
  ) => {
    const res = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, { method: 'POST', headers, body });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cors: res.headers.get('access-control-allow-origin'),
      json: (await res.json()) as Record<string, unknown>,
    };
  };

  it('refuses a charset other than UTF-8, or a body that is not JSON, with 415 and the OAuth error shape, storing nothing', async () => {
    const before = await clientRows();
    const utf16 = {
      status: 415,
      type: 'application/json',
      cors: 'http://localhost:6274',
      json: {
        error: 'invalid_request',
        error_description:
          'Send the client metadata as UTF-8 JSON (Content-Type: application/json; charset=utf-8), not utf-16.',
      },
    };
    // Labelled UTF-16, whether the bytes are UTF-8 (registered before: 201) or really UTF-16.
    expect(await send({ 'content-type': 'application/json; charset=utf-16', origin: 'http://localhost:6274' })).toEqual(
      utf16,
    );
    expect(
      await send(
        { 'content-type': 'application/json; charset=utf-16', origin: 'http://localhost:6274' },
        Buffer.from(`\ufeff${JSON.stringify({ redirect_uris: [REDIRECT] })}`, 'utf16le'),
      ),
    ).toEqual(utf16);
    expect(await send({ 'content-type': 'application/json; charset=ISO-8859-1' })).toEqual({
      status: 415,
      type: 'application/json',
      cors: null,
      json: {
        error: 'invalid_request',
        error_description:
          'Send the client metadata as UTF-8 JSON (Content-Type: application/json; charset=utf-8), not ISO-8859-1.',
      },
    });
    const notJson = {
      status: 415,
      type: 'application/json',
      cors: null,
      json: {
        error: 'invalid_request',
        error_description: 'Send the client metadata as JSON (Content-Type: application/json), RFC 7591.',
      },
    };
    expect(await send({ 'content-type': 'text/plain' })).toEqual(notJson);
    expect(
      await send(
        { 'content-type': 'application/x-www-form-urlencoded' },
        `redirect_uris=${encodeURIComponent(REDIRECT)}`,
      ),
    ).toEqual(notJson);
    expect(await clientRows()).toBe(before);
  });

  it('accepts application/json with or without a UTF-8 charset, however it is written', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;charset="UTF-8"',
      'application/json; charset=utf8',
    ]) {
      expect((await send({ 'content-type': type })).status, type).toBe(201);
    }
  });
});
