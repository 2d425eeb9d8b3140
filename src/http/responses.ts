/** HTTP answers that carry a JSON-RPC error body, for the failures that happen before dispatch. */
import { ErrorCode, errorBody, type RequestId } from '../mcp/jsonrpc.js';
import { STORE_RETRY_AFTER_SECONDS } from '../store/errors.js';
import { answerResponse, type HttpAnswer } from './http-answer.js';
import type { RateDecision } from './rate-limit.js';

export const JSON_CONTENT_TYPE = 'application/json';

export function jsonRpcErrorAnswer(
  status: number,
  id: RequestId | null,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  data?: unknown,
): HttpAnswer {
  return {
    status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store', ...headers },
    body: errorBody(id, code, message, data),
  };
}

export function jsonRpcErrorResponse(
  status: number,
  id: RequestId | null,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  data?: unknown,
): Response {
  return answerResponse(jsonRpcErrorAnswer(status, id, code, message, headers, data));
}

/** 500 for an unexpected failure before or during dispatch: nothing was completed, so a retry is safe. */
export function internalErrorAnswer(): HttpAnswer {
  return jsonRpcErrorAnswer(
    500,
    null,
    ErrorCode.InternalError,
    'Internal error. The request was not completed; it is safe to retry.',
  );
}

/**
 * 429 with `code`, `message` and `retry_after_seconds` at the top, beside the JSON-RPC error: a client that reads
 * only plain JSON learns when to retry as well as one that reads JSON-RPC (docs/protocol.md, "Protocol behaviour").
 */
export function rateLimitedAnswer(
  decision: RateDecision,
  id: RequestId | null,
  message: string,
  headers: Record<string, string>,
): HttpAnswer {
  const body = {
    code: 'RATE_LIMITED',
    message,
    retry_after_seconds: decision.resetSeconds,
    jsonrpc: '2.0',
    id,
    error: { code: ErrorCode.RateLimited, message, data: { retry_after_seconds: decision.resetSeconds } },
  };
  return { status: 429, headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** 503 on an MCP endpoint whose request needed the store while it is unreachable: retry, nothing was changed. */
export function storeUnavailableAnswer(id: RequestId | null, headers: Record<string, string> = {}): HttpAnswer {
  const seconds = STORE_RETRY_AFTER_SECONDS;
  const message = `The account data is temporarily unavailable (the store cannot be reached). Retry after ${seconds} seconds.`;
  return jsonRpcErrorAnswer(
    503,
    id,
    ErrorCode.InternalError,
    message,
    { ...headers, 'Retry-After': String(seconds) },
    { retry_after_seconds: seconds },
  );
}

export function storeUnavailableJsonRpc(id: RequestId | null, headers: Record<string, string> = {}): Response {
  return answerResponse(storeUnavailableAnswer(id, headers));
}
