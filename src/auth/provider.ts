/**
 * The OAuth 2.1 authorization server: oidc-provider configured for this service. Issuer = BASE_URL; endpoints under
 * /api/auth/mcp/; authorization code + PKCE S256 only; JWT access tokens (RFC 9068, ES256) bound to the account
 * endpoint; refresh tokens only with offline_access, rotated on every use, and a reused one revokes the grant.
 * State lives in the store (adapter), keys too, so restarts and other instances see the same server.
 */
import Provider, {
  errors,
  type Adapter,
  type Configuration,
  type ErrorOut,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { htmlPage, escapeHtml } from '../pages/layout.js';
import { isStoreUnavailable, STORE_RETRY_AFTER_SECONDS } from '../store/errors.js';
import { authorizationParamValidators } from './authorization-bounds.js';
import type { ServerKeys } from '../store/keys.js';
import { oidcAdapterFactory } from '../store/oidc-adapter.js';
import type { Store } from '../store/store.js';
import { errorRedirectInterstitial } from './error-interstitial.js';
import { PAGE_HEADERS } from './pages.js';
import { AUTH_PATHS, SCOPES } from './scopes.js';
import {
  clientMetadataDocumentConfiguration,
  type ClientMetadataDocumentOptions,
} from './client-metadata-documents.js';
import { CLIENT_AUTH_METHODS } from './shims.js';

export const TTL = {
  AuthorizationCode: 60,
  AccessToken: 600,
  IdToken: 3600,
  RefreshToken: 14 * 24 * 3600,
  /** A consent lasts at most 90 days; refresh tokens rotate within it. */
  Grant: 90 * 24 * 3600,
  /** Time to finish signing in and consenting. */
  Interaction: 600,
  /** The sign-in session at the authorization server (not the tokens). */
  Session: 24 * 3600,
} as const;

export interface ProviderOptions {
  baseUrl: string;
  /** The account endpoint's URL: the only resource (audience) tokens are issued for. */
  resource: string;
  store: Store;
  keys: ServerKeys;
  /** Seconds a rotated refresh token may still be retried (REFRESH_REUSE_SECONDS); 0 = strict. */
  refreshReuseSeconds?: number;
  /** Client ID Metadata Documents (client-metadata-documents.ts); tests pass their own fetch. */
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
}

function describeError(out: ErrorOut): { title: string; text: string } {
  return { title: out.error, text: out.error_description ?? 'The request could not be completed.' };
}

/**
 * The store could not be reached: the provider answers `temporarily_unavailable` with 503 (its error handler uses
 * the status and, because `expose` is set, the error and description) instead of a 500 `server_error`.
 */
export class StoreTemporarilyUnavailable extends errors.TemporarilyUnavailable {
  constructor(cause: unknown) {
    super('the authorization server cannot reach its store for a moment; retry shortly', { cause });
    Object.assign(this, { status: 503, statusCode: 503, expose: true });
  }
}

async function storeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isStoreUnavailable(error) ? new StoreTemporarilyUnavailable(error) : error;
  }
}

/**
 * Every method of the provider's adapter, each of which reads or writes the store. Typed against oidc-provider's
 * `Adapter`, so a method it adds (or drops) fails to compile here instead of bypassing the wrapper below.
 */
const ADAPTER_METHODS = {
  upsert: true,
  find: true,
  findByUid: true,
  findByUserCode: true,
  consume: true,
  destroy: true,
  revokeByGrantId: true,
} as const satisfies Record<keyof Adapter, true>;

type AdapterMethod = keyof typeof ADAPTER_METHODS;

/** The adapter with every store failure that means "unreachable" turned into the provider's 503 error. */
function unavailableAs503(Base: new (model: string) => Adapter): new (model: string) => Adapter {
  return class StoreAdapter {
    constructor(model: string) {
      const inner = new Base(model);
      for (const method of Object.keys(ADAPTER_METHODS) as AdapterMethod[]) {
        const call = inner[method].bind(inner) as (...args: unknown[]) => Promise<unknown>;
        Object.defineProperty(this, method, { value: (...args: unknown[]) => storeCall(() => call(...args)) });
      }
    }
  } as new (model: string) => Adapter;
}

export function createProvider(options: ProviderOptions): Provider {
  const { baseUrl, resource, store, keys } = options;
  const adapter = unavailableAs503(
    oidcAdapterFactory(store.db, {
      nowSeconds: store.nowSeconds,
      clientLifetimes: store.clientLifetimes,
      ...(options.refreshReuseSeconds !== undefined ? { refreshReuseSeconds: options.refreshReuseSeconds } : {}),
      onReplay: (model) => {
        throw new errors.InvalidGrant(
          `${model === 'AuthorizationCode' ? 'authorization code' : 'refresh token'} already used`,
        );
      },
    }),
  );

  const { clientIdMetadataDocument, ...documentFetching } = clientMetadataDocumentConfiguration(
    options.clientMetadataDocuments,
  );
  const configuration: Configuration = {
    ...documentFetching,
    adapter,
    clients: [],
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookies,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    async findAccount(_ctx, id) {
      const user = await storeCall(() => store.users.findById(id));
      if (!user) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id, name: user.name, email: user.email }) };
    },
    scopes: [...SCOPES],
    // Not extra parameters: validators bounding the length of the ones it stores (authorization-bounds.ts).
    extraParams: authorizationParamValidators(),
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    // The ID token carries the claims its scopes grant: there is no userinfo endpoint to fetch them from.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: AUTH_PATHS,
    // The registration shim refuses other methods first; this keeps the provider and its metadata in step with it.
    // private_key_jwt only for clients known by a metadata document (ChatGPT's declares it with a jwks_uri): the
    // registration shim still refuses it, and the keys are fetched under the document rules.
    clientAuthMethods: [...CLIENT_AUTH_METHODS, 'private_key_jwt'],
    // Never fetch a client's sector_identifier_uri (the shim refuses it; this is the second lock).
    sectorIdentifierUriValidate: () => false,
    clientDefaults: {
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
    },
    // Browser clients may call token/revoke from the origin of one of their registered redirect URIs.
    clientBasedCORS(_ctx, origin, client) {
      if (origin === 'null') return false;
      return client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false;
    },
    enabledJWA: {
      idTokenSigningAlgValues: ['ES256'],
      authorizationSigningAlgValues: ['ES256'],
      requestObjectSigningAlgValues: ['ES256'],
      clientAuthSigningAlgValues: ['ES256', 'RS256', 'PS256', 'EdDSA'],
    },
    features: {
      devInteractions: { enabled: false },
      clientIdMetadataDocument,
      // No registration access token: it serves only RFC 7592's client read and management, which MCP clients do
      // not use, and oidc-provider stores one per registration with no expiry (a flood of registrations would
      // leave them behind their swept clients; the sweep deletes those older versions stored, client-expiry.ts).
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) =>
          Array.isArray(oneOf) ? (oneOf[0] ?? resource) : (oneOf ?? resource),
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget(`this server issues tokens only for ${resource}`);
          return {
            scope: SCOPES.join(' '),
            audience: resource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: TTL.AccessToken,
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    formats: {
      customizers: {
        // The grant's id in every access token: the resource server refuses a token whose grant is gone
        // (live-grants.ts), so revoking an app ends its access tokens too, not only its refresh tokens.
        jwt(_ctx, token, parts) {
          if ('grantId' in token && token.grantId) parts.payload.grant_id = token.grantId;
        },
      },
    },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: TTL.AccessToken,
      AuthorizationCode: TTL.AuthorizationCode,
      IdToken: TTL.IdToken,
      RefreshToken: TTL.RefreshToken,
      Grant: TTL.Grant,
      Interaction: TTL.Interaction,
      Session: TTL.Session,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async renderError(ctx: KoaContextWithOIDC, out, _error) {
      const { title, text } = describeError(out);
      ctx.set({ ...PAGE_HEADERS });
      if (ctx.status === 503) {
        ctx.body = htmlPage({
          title: 'Sign-in unavailable - Kingshot Companion',
          body: `<h1>Sign-in is unavailable for a moment</h1>\n<p>${escapeHtml(text)}</p>\n<p>Try again in a few seconds.</p>`,
        });
        return;
      }
      ctx.body = htmlPage({
        title: 'Sign-in error - Kingshot Companion',
        body: `<h1>The app's sign-in request was refused</h1>\n<p><strong>${escapeHtml(title)}</strong>: ${escapeHtml(text)}</p>\n<p>Go back to the app and connect again. If this keeps happening, the app may be misconfigured.</p>`,
      });
    },
  };

  const provider = new Provider(baseUrl, configuration);
  // The auth routes set Host and X-Forwarded-* from BASE_URL before every hand-off (nodeBindings in routes.ts),
  // so the provider reads its scheme and host from them: https URLs and secure cookies behind a TLS proxy.
  provider.proxy = true;
  provider.use(errorRedirectInterstitial);
  // Whatever endpoint met the unreachable store, the client learns when to come back.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 503) ctx.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
  });
  return provider;
}
