/** In-page tool results in the MCP shape, so a bridge to an assistant passes data and errors on unchanged. */
import type { ToolError } from '../generated/metadata-types.js';
import type { WebsiteToolResult } from '../generated/website/tools.js';

/** A success whose text is `text` (Markdown, for the page readers) and whose data is `structuredContent`. */
export function success(
  structuredContent: Record<string, unknown>,
  text: string = JSON.stringify(structuredContent),
): WebsiteToolResult {
  return { content: [{ type: 'text', text }], structuredContent, isError: false };
}

/** A failure exactly as the MCP tools send one: the text holds `{"error": {...}}`. */
export function failure(error: ToolError): WebsiteToolResult {
  return { content: [{ type: 'text', text: JSON.stringify({ error }) }], isError: true };
}
