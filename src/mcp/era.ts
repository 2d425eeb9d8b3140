/**
 * Which protocol era a request claims, and whether this server serves it (docs/protocol.md, "Protocol eras").
 *
 * The 2026-07-28 revision has no handshake: each request claims its version in `_meta` (and the header), and
 * `server/discover` is how a client learns the versions. This server speaks the five handshake-era versions only, so
 * any claim of another version, and `server/discover` itself, is refused with the 2026 `UnsupportedProtocolVersion`
 * error (400, -32022) whose `data.supported` lists those five. Both official SDK clients (TypeScript v2 and Python)
 * read that list, find no 2026-era version in it and fall back to `initialize`; a client that does not know the code
 * sees a 400 without a recognised modern error and falls back too (the 2026-07-28 Streamable HTTP binding,
 * "Backward Compatibility"). A refusal, never a 2025-shaped success: a 2026 client would misread one.
 */
import { DEFAULT_PROTOCOL_VERSION, isSupportedVersion, SUPPORTED_PROTOCOL_VERSIONS } from './protocol-versions.js';
import type { ProtocolVersion } from './protocol-versions.js';

/** The 2026-07-28 `_meta` key that carries a request's protocol version. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
/** The 2026-07-28 method a client may send first to learn the server's versions. */
export const DISCOVER_METHOD = 'server/discover';

/** `error.data` of an UnsupportedProtocolVersion error (2026-07-28 schema: `supported`, `requested`). */
export interface UnsupportedVersionData {
  supported: string[];
  requested?: string;
}

export type EraDecision =
  { kind: 'serve'; version: ProtocolVersion } | { kind: 'refuse'; message: string; data: UnsupportedVersionData };

export interface EraClaims {
  /** The JSON-RPC method (undefined for a response a client posted). */
  method: string | undefined;
  /** The MCP-Protocol-Version header, when sent. */
  header: string | undefined;
  /** `params._meta["io.modelcontextprotocol/protocolVersion"]`, when the message has one (any JSON value). */
  metaVersion: unknown;
}

const SUPPORTED_LIST = SUPPORTED_PROTOCOL_VERSIONS.join(', ');

function refuse(message: string, requested: string | undefined): EraDecision {
  const data: UnsupportedVersionData = { supported: [...SUPPORTED_PROTOCOL_VERSIONS] };
  if (requested !== undefined) data.requested = requested;
  return { kind: 'refuse', message, data };
}

function shown(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

/** The version `_meta` claims, read from a parsed message without trusting its shape. */
export function metaVersionOf(message: unknown): unknown {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return undefined;
  const params = (message as { params?: unknown }).params;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  return (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY];
}

/**
 * `initialize` negotiates in its params and is never refused here. Otherwise an unsupported claim by either the header
 * or `_meta` is refused; with both supported the header rules (the handshake eras know no `_meta` claim); with
 * neither, the version is 2025-03-26, as the MCP specification has a server assume.
 */
export function decideEra(claims: EraClaims): EraDecision {
  const { method, header, metaVersion } = claims;
  if (method === 'initialize') return { kind: 'serve', version: DEFAULT_PROTOCOL_VERSION };
  const restart = `This server speaks ${SUPPORTED_LIST}: start with initialize.`;
  if (header !== undefined && !isSupportedVersion(header)) {
    return refuse(`Unsupported protocol version "${shown(header)}" (MCP-Protocol-Version header). ${restart}`, header);
  }
  if (metaVersion !== undefined && !isSupportedVersion(metaVersion)) {
    const requested = typeof metaVersion === 'string' ? metaVersion : undefined;
    const what = requested === undefined ? 'a non-string value' : `"${shown(requested)}"`;
    return refuse(
      `Unsupported protocol version ${what} (_meta["${PROTOCOL_VERSION_META_KEY}"]). ${restart}`,
      requested,
    );
  }
  if (method === DISCOVER_METHOD) {
    return refuse(
      `${DISCOVER_METHOD} belongs to MCP 2026-07-28, which this server does not speak. ${restart}`,
      header ?? (typeof metaVersion === 'string' ? metaVersion : undefined),
    );
  }
  if (isSupportedVersion(header)) return { kind: 'serve', version: header };
  if (isSupportedVersion(metaVersion)) return { kind: 'serve', version: metaVersion };
  return { kind: 'serve', version: DEFAULT_PROTOCOL_VERSION };
}
