/**
 * Everything the account endpoint and the authorization server need, built once at start: the store, the persisted
 * keys, the provider and the resource server's token verifier. The Hono wiring (mount.ts) takes this object, so
 * tests can build one on a temporary store.
 */
import type Provider from 'oidc-provider';
import { ENDPOINTS } from '../../generated/endpoints.js';
import type { ServerKeys } from '../store/keys.js';
import { loadServerKeys } from '../store/keys.js';
import type { Store } from '../store/store.js';
import { createAccessTokenVerifier, type AccessTokenVerifier } from './access-tokens.js';
import type { ClientMetadataDocumentOptions } from './client-metadata-documents.js';
import { LiveGrants } from './live-grants.js';
import { createProvider } from './provider.js';

/** The catalogue's OAuth endpoint: every access token is for it, and only for it. */
function accountEndpointPath(): string {
  const endpoint = ENDPOINTS.find((e) => e.auth === 'oauth');
  if (!endpoint)
    throw new Error('the catalogue has no endpoint with auth: oauth, so there is no account endpoint to protect');
  return endpoint.path;
}

export interface AccountServices {
  readonly store: Store;
  readonly keys: ServerKeys;
  readonly provider: Provider;
  readonly verifier: AccessTokenVerifier;
  /** Whether grants still stand, remembered briefly; the verifier asks it, and a revocation here forgets at once. */
  readonly liveGrants: LiveGrants;
  /** `${BASE_URL}` + the catalogue's OAuth endpoint path (`/mcp/account`): the audience of every access token. */
  readonly resource: string;
}

export async function createAccountServices(options: {
  baseUrl: string;
  store: Store;
  refreshReuseSeconds?: number;
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
}): Promise<AccountServices> {
  const { baseUrl, store } = options;
  const resource = `${baseUrl}${accountEndpointPath()}`;
  const keys = await loadServerKeys(store.db, store.nowSeconds());
  const provider = createProvider({
    baseUrl,
    resource,
    store,
    keys,
    ...(options.refreshReuseSeconds !== undefined ? { refreshReuseSeconds: options.refreshReuseSeconds } : {}),
    ...(options.clientMetadataDocuments ? { clientMetadataDocuments: options.clientMetadataDocuments } : {}),
  });
  const liveGrants = new LiveGrants(store.grants);
  const verifier = createAccessTokenVerifier({
    issuer: baseUrl,
    audience: resource,
    signingKeys: keys.signing,
    liveGrants,
  });
  return { store, keys, provider, verifier, liveGrants, resource };
}
