/**
 * What a refusal before dispatch may learn from a request's body, shared by the MCP route and the account endpoint's
 * bearer guard: the request id when the body is small enough to peek (a refused client must not make the server
 * read megabytes to echo an id), and the one answer of a request refused for its rate.
 */
import { idOf, type RequestId } from '../mcp/jsonrpc.js';
import type { HttpAnswer } from './http-answer.js';
import type { RateDecision } from './rate-limit.js';
import type { RefusalPause } from './refusal-pause.js';
import { jsonShapeProblem, readText } from './read-body.js';
import type { RequestView } from './request-view.js';
import { rateLimitedAnswer } from './responses.js';

export const PEEK_LIMIT_BYTES = 4 * 1024;
/** Nesting depth of one MCP message, checked before it is parsed (a peeked body's too). */
export const MAX_JSON_DEPTH = 64;
/** Object member names in one message: a tools/call needs a few dozen; 10,000 parse in a few milliseconds. */
export const MAX_JSON_NAMES = 10_000;
export const JSON_LIMITS = { maxDepth: MAX_JSON_DEPTH, maxNames: MAX_JSON_NAMES };

/** What a refusal before dispatch learnt from the body: its id, and whether the body was left unread. */
export interface Peeked {
  id: RequestId | null;
  /** The body was not read: the answer closes the connection rather than leave the rest of an upload in it. */
  unread: boolean;
}

const UNREAD: Peeked = { id: null, unread: true };
const CLOSE = { Connection: 'close' } as const;

/**
 * The body when it is at most `limit` bytes, read from its stream (no declared length); undefined when it is longer.
 * The stream is released, not cancelled, past the limit: cancelling would destroy the socket before the answer is
 * written, and the Node adapter discards what is left of the body after the response.
 */
async function smallStreamedBody(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return undefined;
      chunks.push(value);
    }
  } catch {
    return undefined;
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks).toString('utf8');
}

function idIn(text: string): RequestId | null {
  if (jsonShapeProblem(text, JSON_LIMITS)) return null;
  try {
    return idOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Best-effort id of a request we are refusing before dispatch. Only a body of at most PEEK_LIMIT_BYTES is read and
 * parsed: a refused client must not make the server read and parse megabytes to echo an id. A body declared longer
 * is not read at all (id null); one without a declared length is read up to the limit.
 */
export async function peekId(request: RequestView): Promise<Peeked> {
  const declared = request.header('content-length');
  if (declared === undefined) {
    // Without a declared length only a Fetch request's stream can be read (the fast path always declares one).
    const text = request.fetchRequest && (await smallStreamedBody(request.fetchRequest, PEEK_LIMIT_BYTES));
    return text === undefined ? UNREAD : { id: idIn(text), unread: false };
  }
  if (!(Number(declared) <= PEEK_LIMIT_BYTES)) return UNREAD;
  const body = await readText(request, PEEK_LIMIT_BYTES);
  return { id: body.ok ? idIn(body.text) : null, unread: false };
}

/**
 * The one answer of a request refused for its rate, on /mcp and on /mcp/account's bearer guard alike: the id echoed
 * when the body is small enough to peek, else the body left unread, the answer held for the pause and the connection
 * closed (refusal-pause.ts says why).
 */
export async function rateRefusal(
  request: RequestView,
  decision: RateDecision,
  message: string,
  headers: Record<string, string>,
  pause: RefusalPause,
): Promise<HttpAnswer> {
  const peeked = await peekId(request);
  if (peeked.unread) await pause.beforeAnswer();
  return rateLimitedAnswer(decision, peeked.id, message, { ...headers, ...unreadBodyHeaders(peeked) });
}

/** Response headers for a refusal that left the body unread. */
export function unreadBodyHeaders(peeked: Peeked): Record<string, string> {
  return peeked.unread ? CLOSE : {};
}
