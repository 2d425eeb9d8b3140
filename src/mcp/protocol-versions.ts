/** The MCP protocol revisions this server speaks, and what each changes in the messages it sends. */
import type { ToolListEra } from '../../generated/metadata-types.js';

export const SUPPORTED_PROTOCOL_VERSIONS = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
] as const;
export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number];

/** Answered to an `initialize` that asks for a version we do not speak. */
export const LATEST_PROTOCOL_VERSION: ProtocolVersion = '2025-11-25';
/**
 * Assumed when a request carries no MCP-Protocol-Version header: the MCP specification has a server without other
 * means of knowing assume 2025-03-26, the version before the header existed.
 */
export const DEFAULT_PROTOCOL_VERSION: ProtocolVersion = '2025-03-26';

const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_PROTOCOL_VERSIONS);

export function isSupportedVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && SUPPORTED.has(value);
}

// Revision names are ISO dates, so string order is chronological.
export function eraOf(version: ProtocolVersion): ToolListEra {
  if (version >= '2025-06-18') return '2025-06-18';
  if (version >= '2025-03-26') return '2025-03-26';
  return '2024-11-05';
}

/** `structuredContent` and `outputSchema` exist from 2025-06-18 on. */
export function hasStructuredContent(version: ProtocolVersion): boolean {
  return version >= '2025-06-18';
}
