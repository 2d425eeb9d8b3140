/** HTTP responses that carry a JSON-RPC error body, for the failures that happen before dispatch. */
import { errorBody, type ErrorCode, type RequestId } from '../mcp/jsonrpc.js';

export const JSON_CONTENT_TYPE = 'application/json';

export function jsonRpcErrorResponse(
  status: number,
  id: RequestId | null,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  data?: unknown,
): Response {
  return new Response(errorBody(id, code, message, data), {
    status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}
