/**
 * Helpers for the account endpoint and the authorization server: services on a throw-away store (SQLite by
 * default, or PostgreSQL) with the demo player, access tokens minted with the persisted key (or a foreign one), and
 * an in-process server listening on a free loopback port for flows that need oidc-provider's Node hand-off.
 */
import type { RefusalPause } from '../src/http/refusal-pause.js';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { SignJWT, importJWK, type JWK, type JWTHeaderParameters } from 'jose';
import { randomUUID } from 'node:crypto';
import { seedDemoPlayer } from '../src/store/seed.js';
import { TTL } from '../src/auth/provider.js';
import { oidcAdapterFactory } from '../src/store/oidc-adapter.js';
import { createAccountServices, type AccountServices } from '../src/auth/account-services.js';
import { createApp } from '../src/app.js';
import type { RateLimits } from '../src/http/rate-limits.js';
import type { ServiceEnv } from '../src/http/service-env.js';
import type { ClientLifetimes } from '../src/store/client-expiry.js';
import type { StoreLocation } from '../src/store/database.js';
import { BASE, MCP_HEADERS, testConfig } from './helpers.js';
import { freePort } from './service.js';
import { testStore, testStoreLocation, type StoreKind } from './support/stores.js';
import type { ClientMetadataDocumentOptions } from '../src/auth/client-metadata-documents.js';

export const DEMO_EMAIL = 'demo@kingshot.example';
export const DEMO_PASSWORD = 'demo-password-1';
export const RESOURCE = `${BASE}/mcp/account`;

export interface StoreChoice {
  /** Which store (default SQLite); a fresh throw-away one unless `location` names an existing one. */
  kind?: StoreKind;
  location?: StoreLocation;
  clientLifetimes?: ClientLifetimes;
}

export async function accountServices(
  options: StoreChoice & {
    baseUrl?: string;
    clock?: () => Date;
    refreshReuseSeconds?: number;
    clientMetadataDocuments?: ClientMetadataDocumentOptions;
  } = {},
): Promise<AccountServices & { demoUserId: string }> {
  const store = await testStore(options.kind ?? 'sqlite', {
    ...(options.location ? { location: options.location } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.clientLifetimes ? { clientLifetimes: options.clientLifetimes } : {}),
  });
  await seedDemoPlayer(store, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  const services = await createAccountServices({
    baseUrl: options.baseUrl ?? BASE,
    store,
    ...(options.refreshReuseSeconds !== undefined ? { refreshReuseSeconds: options.refreshReuseSeconds } : {}),
    ...(options.clientMetadataDocuments ? { clientMetadataDocuments: options.clientMetadataDocuments } : {}),
  });
  const demo = await store.users.findByEmail(DEMO_EMAIL);
  return Object.assign(services, { demoUserId: demo!.id });
}

export function accountApp(
  services: AccountServices,
  options: {
    clock?: () => Date;
    rateLimitPerMinute?: number;
    authRateLimitPerMinute?: number;
    refusalPause?: RefusalPause;
  } = {},
): Hono<ServiceEnv> {
  const config = testConfig({
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 0,
  });
  return createApp({
    logError: () => undefined,
    config,
    account: services,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.refusalPause ? { refusalPause: options.refusalPause } : {}),
  });
}

export interface MintOptions {
  /** Claims to set or (undefined) leave out; a `grant_id` given here is used as is, no grant is stored for it. */
  claims?: Record<string, unknown>;
  header?: Partial<JWTHeaderParameters>;
  /** Sign with this private JWK instead of the server's key. */
  key?: JWK;
  now?: Date;
}

/** A grant (consent) of `sub` for `clientId` in the store, as the consent page saves one; returns its id. */
export async function storeGrant(services: AccountServices, sub: string, clientId = 'test-client'): Promise<string> {
  const grantId = `grant-${randomUUID()}`;
  const Adapter = oidcAdapterFactory(services.store.db, { nowSeconds: services.store.nowSeconds });
  await new Adapter('Grant').upsert(
    grantId,
    {
      accountId: sub,
      clientId,
      kind: 'Grant',
      jti: grantId,
      iat: services.store.nowSeconds(),
      openid: { scope: 'openid' },
      resources: { [services.resource]: 'openid' },
    },
    TTL.Grant,
  );
  return grantId;
}

/**
 * An access token as the authorization server would issue it, with any claim or header overridden. Unless the
 * claims name a `grant_id`, a grant is stored for it first (the resource server refuses a token without one).
 */
export async function mintAccessToken(
  services: AccountServices,
  sub: string,
  options: MintOptions = {},
): Promise<string> {
  const jwk = options.key ?? services.keys.signing[0]!;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const grantId =
    options.claims && 'grant_id' in options.claims ? undefined : await storeGrant(services, sub, 'test-client');
  const claims = {
    ...(grantId ? { grant_id: grantId } : {}),
    iss: BASE,
    sub,
    aud: RESOURCE,
    client_id: 'test-client',
    scope: 'openid',
    jti: `jti-${now}-${Math.random()}`,
    iat: now,
    exp: now + 600,
    ...options.claims,
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete (claims as Record<string, unknown>)[k];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid, ...options.header })
    .sign(await importJWK(jwk, 'ES256'));
}

let nextId = 1;
/** `env` stands in for the Node bindings (see fromAddress in helpers.ts). */
export async function accountRpc(
  app: Hono,
  token: string | undefined,
  method: string,
  params?: Record<string, unknown>,
  headers: Record<string, string> = {},
  env?: unknown,
) {
  const res = await app.request(
    `${BASE}/mcp/account`,
    {
      method: 'POST',
      headers: {
        ...MCP_HEADERS,
        'mcp-protocol-version': '2025-06-18',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) }),
    },
    env,
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

export async function callAccountTool(app: Hono, token: string, name: string, args: unknown = {}) {
  const { status, json } = await accountRpc(app, token, 'tools/call', { name, arguments: args });
  const result = json?.result;
  return {
    status,
    json,
    result,
    text: result?.content?.[0]?.text as string | undefined,
    structured: result?.structuredContent,
  };
}

export interface ListeningService {
  baseUrl: string;
  port: number;
  /** Where its store lives (a restart passes it to `listen` again). */
  location: StoreLocation;
  services: AccountServices & { demoUserId: string };
  /** Stops the server and closes the store (the store itself stays until the test file ends). */
  stop(): Promise<void>;
}

/** The real app on a free (or given) loopback port, on the store at `location` (a new throw-away one by default). */
export async function listen(
  options: StoreChoice & {
    port?: number;
    baseUrl?: string;
    clock?: () => Date;
    authRateLimitPerMinute?: number;
    rateLimitPerMinute?: number;
    refreshReuseSeconds?: number;
    rateLimits?: RateLimits;
    clientMetadataDocuments?: ClientMetadataDocumentOptions;
  } = {},
): Promise<ListeningService> {
  const port = options.port ?? (await freePort());
  // A given BASE_URL stands for a TLS proxy in front: requests still reach 127.0.0.1:<port>.
  const baseUrl = options.baseUrl ?? `http://127.0.0.1:${port}`;
  const location = options.location ?? (await testStoreLocation(options.kind ?? 'sqlite', { persistent: true }));
  const services = await accountServices({
    location,
    baseUrl,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.clientLifetimes ? { clientLifetimes: options.clientLifetimes } : {}),
    ...(options.refreshReuseSeconds !== undefined ? { refreshReuseSeconds: options.refreshReuseSeconds } : {}),
    ...(options.clientMetadataDocuments ? { clientMetadataDocuments: options.clientMetadataDocuments } : {}),
  });
  const config = testConfig({
    baseUrl,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 0,
    allowedHosts: new Set([`127.0.0.1:${port}`, `localhost:${port}`]),
    allowedOrigins: new Set([baseUrl]),
  });
  const app = createApp({
    logError: (e) => process.stderr.write(`${String((e as Error)?.stack ?? e)}\n`),
    config,
    account: services,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const server: ServerType = await new Promise((ready) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => ready(s));
  });
  return {
    baseUrl,
    port,
    location,
    services,
    stop: async () => {
      await new Promise<void>((done) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => done());
      });
      // Let clients' pooled keep-alive sockets see the close before anything reconnects to this port.
      await new Promise((settle) => setTimeout(settle, 250));
      await services.store.close();
    },
  };
}

/**
 * Where the authorization endpoint's error page offers to send the player: a 400 page with no
 * Location, whose one link is the client's redirect URI with the error. `html` when the body was already read.
 */
export async function errorPageTarget(res: Response, html?: string): Promise<URL> {
  if (res.status !== 400 || res.headers.get('location') !== null)
    throw new Error(`expected the error page (400, no Location), got ${res.status} ${res.headers.get('location')}`);
  const page = html ?? (await res.text());
  const link = /<a href="([^"]+)" rel="noreferrer">/.exec(page)?.[1];
  if (!link) throw new Error('the error page has no link to the destination');
  return new URL(link.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'"));
}
