/**
 * The two documents that describe this server before a client connects, built from the catalogue's server facts
 * (catalog/server.yaml) and the origin the service answers at:
 *
 * - the MCP Registry's `server.json` (its 2025-12-11 schema): what `mcp-publisher publish` sends to the registry;
 * - the MCP Server Card (the `v1` draft schema): what the service serves at `<endpoint>/server-card`.
 *
 * Codegen builds both for the catalogue's example origin and checks them against the published schemas; the service
 * builds them for BASE_URL at start-up. One builder for both, so what is checked is what is served.
 */

export const REGISTRY_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The catalogue's facts about the server (catalog/server.yaml). */
export interface ServerFacts {
  /** `serverInfo.name`. */
  readonly name: string;
  readonly title: string;
  readonly version: string;
  /** At most 100 characters (the registry's and the server card's limit). */
  readonly description: string;
  /** The part after the slash of the registry name; the part before it is the origin's host, reversed. */
  readonly registryName: string;
  /** The server's icon file under /icons/, if it has one. */
  readonly icon?: string;
}

export interface DiscoveryInput {
  readonly facts: ServerFacts;
  /** The public origin, `https://host[:port]`, without a trailing slash. */
  readonly origin: string;
  /** The MCP endpoints served, by path (`/mcp`, `/mcp/account`). */
  readonly endpointPaths: readonly string[];
  /** The protocol versions the endpoints speak; the card lists them when given. */
  readonly protocolVersions?: readonly string[];
}

/**
 * The registry name: the origin's host reversed, a slash, the catalogue's name (`kingshot.example.com` gives
 * `com.example.kingshot/<name>`). The registry accepts a namespace proved by HTTP domain verification only in this
 * reversed form, and verification at `https://<host>/.well-known/mcp-registry-auth` proves the host and its
 * subdomains.
 */
export function registryServerName(origin: string, registryName: string): string {
  const host = new URL(origin).hostname;
  return `${host.split('.').reverse().join('.')}/${registryName}`;
}

function icons(input: DiscoveryInput): { icons?: { src: string; mimeType: 'image/svg+xml'; sizes: ['any'] }[] } {
  const { icon } = input.facts;
  return icon === undefined
    ? {}
    : { icons: [{ src: `${input.origin}/icons/${icon}`, mimeType: 'image/svg+xml', sizes: ['any'] }] };
}

/** The registry's `server.json`: one `streamable-http` remote per endpoint. */
export function registryServerJson(input: DiscoveryInput): Record<string, unknown> {
  const { facts, origin } = input;
  return {
    $schema: REGISTRY_SCHEMA_URL,
    name: registryServerName(origin, facts.registryName),
    title: facts.title,
    description: facts.description,
    version: facts.version,
    websiteUrl: `${origin}/`,
    ...icons(input),
    remotes: input.endpointPaths.map((path) => ({ type: 'streamable-http', url: `${origin}${path}` })),
  };
}

/** The server card: the same identity, and per endpoint the protocol versions it speaks when they are known. */
export function serverCard(input: DiscoveryInput): Record<string, unknown> {
  const { facts, origin, protocolVersions } = input;
  return {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: registryServerName(origin, facts.registryName),
    title: facts.title,
    description: facts.description,
    version: facts.version,
    websiteUrl: `${origin}/`,
    ...icons(input),
    remotes: input.endpointPaths.map((path) => ({
      type: 'streamable-http',
      url: `${origin}${path}`,
      ...(protocolVersions ? { supportedProtocolVersions: [...protocolVersions] } : {}),
    })),
  };
}

/** A document as served and as committed: two-space JSON and a final newline. */
export function documentText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
