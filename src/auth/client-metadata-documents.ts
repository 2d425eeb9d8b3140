/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, the MCP 2025-11-25 and 2026-07-28
 * preferred registration): a client whose `client_id` is an https URL is registered by the JSON document at that URL.
 * oidc-provider 9.13's `features.clientIdMetadataDocument` (draft-02) does the protocol: https-only client_id URLs
 * without dot segments, credentials or fragments; `client_id` in the document equal to the URL; no shared-secret
 * methods; a 2.5-second timeout; no redirects followed; the response body bounded; a cache of 100 documents kept as
 * long as the response's Cache-Control max-age / Expires say (30 s to 24 h); a socket to a special-use address
 * destroyed on connect. This module adds what the service needs on top (docs/oauth-and-security.md,
 * "Client ID Metadata Documents"):
 *
 * - the host is resolved before any fetch and every address it resolves to must be public unicast (no private,
 *   loopback, link-local, CGNAT, multicast or reserved address), with a specific OAuth error naming the refusal;
 * - the document body is bounded at 5 KiB and a `jwks_uri` key set at 16 KiB;
 * - tests alone can fetch from loopback with their own trust (`testFetch`: no configuration or environment
 *   variable reaches it).
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { errors, type Configuration } from 'oidc-provider';

export const DOCUMENT_BODY_LIMIT_BYTES = 5 * 1024;
export const JWKS_BODY_LIMIT_BYTES = 16 * 1024;

export interface ClientMetadataDocumentOptions {
  /**
   * Tests only: fetch documents with this function (a test's self-signed certificate) and accept loopback
   * addresses, which the test's HTTPS server listens on. The service's own start-up never sets it.
   */
  testFetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Resolves a host name to its addresses (default: the system resolver). */
  resolve?: (host: string) => Promise<string[]>;
}

async function systemResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

/** ipaddr.js's range name of an address ('unicast' is a public address). */
function rangeOf(address: string): string {
  return ipaddr.process(address).range();
}

/** Refuses a client_id URL whose host is or resolves to anything but public unicast addresses. */
async function checkHost(clientId: string, options: ClientMetadataDocumentOptions): Promise<void> {
  const url = new URL(clientId);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new errors.InvalidClient(`client_id metadata document host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0)
    throw new errors.InvalidClient(`client_id metadata document host ${host} could not be resolved`);
  for (const address of addresses) {
    const range = rangeOf(address);
    if (range === 'unicast') continue;
    if (options.testFetch && range === 'loopback') continue;
    throw new errors.InvalidClient(
      `client_id metadata document refused: ${host} resolves to a ${range} address; only public addresses are fetched`,
    );
  }
}

/** The provider configuration that turns the feature on, with this module's checks. */
export function clientMetadataDocumentConfiguration(options: ClientMetadataDocumentOptions = {}): Pick<
  Configuration,
  'fetch' | 'fetchResponseBodyLimits'
> & {
  clientIdMetadataDocument: NonNullable<NonNullable<Configuration['features']>['clientIdMetadataDocument']>;
} {
  const testFetch = options.testFetch;
  return {
    clientIdMetadataDocument: {
      enabled: true,
      ack: 'draft-02',
      async allowFetch(_ctx, clientId) {
        await checkHost(clientId, options);
        return true;
      },
      cacheDuration: { min: 30, max: 86400 },
    },
    fetchResponseBodyLimits: {
      'client_id metadata document': DOCUMENT_BODY_LIMIT_BYTES,
      jwks_uri: JWKS_BODY_LIMIT_BYTES,
    },
    ...(testFetch
      ? {
          fetch: (url: string | URL | Request, init?: RequestInit) => {
            // oidc-provider's own dispatcher refuses loopback sockets; the test's fetch replaces it.
            const { dispatcher: _dispatcher, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
            return testFetch(url instanceof Request ? url.url : String(url), rest);
          },
        }
      : {}),
  };
}
