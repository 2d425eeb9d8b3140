/**
 * JSON-RPC 2.0 as this server uses it: one message per POST. Classifies a parsed body and writes response
 * bodies as strings (results arrive already serialised, so large results are stringified once).
 */

/** Error codes used on the wire (when each is sent: docs/protocol.md, "Protocol behaviour"). */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ResourceNotFound: -32002,
  Unauthorized: -32001,
  RateLimited: -32029,
  /** MCP 2026-07-28: the claimed protocol version is not served (`data.supported` lists those that are). */
  UnsupportedProtocolVersion: -32022,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type RequestId = string | number;

export interface JsonRpcRequest {
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
}

export type Message =
  | { kind: 'request'; request: JsonRpcRequest }
  | { kind: 'notification'; method: string }
  | { kind: 'response' }
  | { kind: 'invalid'; id: RequestId | null; reason: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

/** The id of a message when it has a usable one, else null (for error responses to unreadable messages). */
export function idOf(value: unknown): RequestId | null {
  return isObject(value) && isRequestId(value.id) ? value.id : null;
}

export function classify(value: unknown): Message {
  if (Array.isArray(value)) {
    return { kind: 'invalid', id: null, reason: 'JSON-RPC batches are not supported: send one message per POST' };
  }
  if (!isObject(value)) return { kind: 'invalid', id: null, reason: 'the body must be a JSON-RPC 2.0 message object' };
  const id = idOf(value);
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  if (!('method' in value)) {
    if ('id' in value && ('result' in value || 'error' in value)) return { kind: 'response' };
    return { kind: 'invalid', id, reason: 'a request needs a method' };
  }
  if (typeof value.method !== 'string') return { kind: 'invalid', id, reason: 'method must be a string' };
  if ('params' in value && !isObject(value.params)) return { kind: 'invalid', id, reason: 'params must be an object' };
  if (!('id' in value)) return { kind: 'notification', method: value.method };
  if (!isRequestId(value.id)) return { kind: 'invalid', id: null, reason: 'id must be a string or an integer' };
  return {
    kind: 'request',
    request: {
      id: value.id,
      method: value.method,
      params: (value.params as Record<string, unknown> | undefined) ?? {},
    },
  };
}

export function errorBody(id: RequestId | null, code: ErrorCode, message: string, data?: unknown): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return JSON.stringify({ jsonrpc: '2.0', id, error });
}

/** A success response around a result that is already JSON text. */
export function resultBody(id: RequestId, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`;
}
