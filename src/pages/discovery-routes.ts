/**
 * The documents that describe this server before a client connects, built once from the catalogue's server facts
 * (generated/server-info.ts) for BASE_URL and the endpoints this instance serves (docs/protocol.md, "Discovery
 * documents"):
 *
 * - `GET /server.json`: the MCP Registry's server.json, what `mcp-publisher publish` sends for this deployment;
 * - `GET <endpoint>/server-card` (`/mcp/server-card`, `/mcp/account/server-card`): the MCP Server Card at the
 *   location the draft reserves, as `application/mcp-server-card+json`; the same card at
 *   `/.well-known/mcp/server-card.json`, where crawlers written for the first proposal still look;
 * - `GET /.well-known/ai-catalog.json`: the AI Catalog through which the draft has clients find the card.
 *
 * Public metadata, read-only: CORS `*` as the draft requires, an hour of caching, and a weak ETag a client
 * revalidates with `If-None-Match` (304). Compressed by compressedPages like the website's other text.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { SERVER_FACTS } from '../../generated/server-info.js';
import { documentText, registryServerJson, serverCard, type DiscoveryInput } from '../../shared/discovery-documents.js';
import type { ServiceEnv } from '../http/service-env.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../mcp/protocol-versions.js';

export const SERVER_JSON_PATH = '/server.json';
export const SERVER_CARD_SUFFIX = '/server-card';
export const WELL_KNOWN_SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';

/** The headers the server card draft asks of a hosted card, used for every discovery document here. */
const SHARED_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
  'Cache-Control': 'public, max-age=3600',
} as const;

interface Served {
  readonly text: string;
  readonly contentType: string;
  readonly etag: string;
}

function served(text: string, mediaType: string): Served {
  const digest = createHash('sha256').update(text).digest('base64url').slice(0, 22);
  // Weak: compressedPages sends the same document as identity, gzip or br bytes under this one tag.
  return { text, contentType: `${mediaType}; charset=utf-8`, etag: `W/"${digest}"` };
}

/** Whether If-None-Match names this document (weak comparison, RFC 9110 §13.1.2). */
function notModified(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

function reply(c: Context<ServiceEnv>, document: Served): Response {
  const headers = { ...SHARED_HEADERS, ETag: document.etag };
  if (notModified(c.req.header('if-none-match'), document.etag)) return c.body(null, 304, headers);
  return c.body(document.text, 200, { ...headers, 'Content-Type': document.contentType });
}

export interface DiscoveryRoutesOptions {
  /** BASE_URL's origin. */
  readonly origin: string;
  /** The MCP endpoints this instance serves (the account endpoint only when its stack is configured). */
  readonly endpointPaths: readonly string[];
}

export function discoveryRoutes(options: DiscoveryRoutesOptions): Hono<ServiceEnv> {
  const input: DiscoveryInput = {
    facts: SERVER_FACTS,
    origin: options.origin,
    endpointPaths: options.endpointPaths,
    protocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
  };
  const serverJson = served(documentText(registryServerJson(input)), 'application/json');
  const card = served(documentText(serverCard(input)), SERVER_CARD_MEDIA_TYPE);
  const [firstEndpoint] = options.endpointPaths;
  const catalog = served(
    documentText({
      specVersion: '1.0',
      entries: firstEndpoint
        ? [
            {
              identifier: `urn:air:${new URL(options.origin).hostname}:mcp:${SERVER_FACTS.registryName}`,
              type: SERVER_CARD_MEDIA_TYPE,
              url: `${options.origin}${firstEndpoint}${SERVER_CARD_SUFFIX}`,
            },
          ]
        : [],
    }),
    AI_CATALOG_MEDIA_TYPE,
  );

  const app = new Hono<ServiceEnv>();
  const routes: [string, Served][] = [
    [SERVER_JSON_PATH, serverJson],
    [WELL_KNOWN_SERVER_CARD_PATH, card],
    [AI_CATALOG_PATH, catalog],
    ...options.endpointPaths.map((path): [string, Served] => [`${path}${SERVER_CARD_SUFFIX}`, card]),
  ];
  for (const [path, document] of routes) {
    app.get(path, (c) => reply(c, document));
    app.options(path, (c) => c.body(null, 204, SHARED_HEADERS));
  }
  return app;
}
