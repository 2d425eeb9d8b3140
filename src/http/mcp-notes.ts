/**
 * What an MCP route learnt about the request it answered (JSON-RPC method, tool, how the reply ended), handed to
 * the request's metrics and log line without touching the response. Kept on Node's request, which both the Hono
 * route and the fast path have, so the note dies with the request and apps built side by side never share one.
 * In-process requests (no Node request) have no request observer, so nothing is noted for them.
 */
import type { IncomingMessage } from 'node:http';
import type { ReplyOutcome } from '../mcp/server.js';

export interface McpNote {
  /** The JSON-RPC method when the server knows it, `other` when not; absent until the body was parsed. */
  method?: string;
  /** tools/call only: the tool's name when the registry has it, else `unknown`. */
  tool?: string;
  /** Set once the server replied (a 200). */
  outcome?: ReplyOutcome;
}

/**
 * A property of the request rather than a WeakMap entry keyed by it: a WeakMap entry for each new request cost the
 * ephemeron write barrier and the scavenger's ephemeron pass (CPU profile under load).
 */
const NOTE = Symbol('mcpNote');
type NotedIncoming = IncomingMessage & { [NOTE]?: McpNote };

/** Methods named as themselves in metrics and logs; a client's made-up method name counts as `other`. */
export const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/roots/list_changed',
]);

export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : 'other';
}

export function noteMcp(incoming: IncomingMessage | undefined, note: McpNote): void {
  if (incoming) (incoming as NotedIncoming)[NOTE] = note;
}

export function mcpNoteOf(incoming: IncomingMessage): McpNote | undefined {
  return (incoming as NotedIncoming)[NOTE];
}
