/** Reads a request body up to a byte limit, and stops reading (without buffering the rest) once it is exceeded. */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { RequestView } from './request-view.js';

export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' };

async function readBody(request: Request, limit: number): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (Number(declared) > limit) {
      await request.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'too-large' };
    }
    // The HTTP parser stops the body at Content-Length, so it is bounded. arrayBuffer() is also the fast path of
    // @hono/node-server (straight from the socket); touching `request.body` builds a Web stream per request.
    return { ok: true, bytes: new Uint8Array(await request.arrayBuffer()) };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return { ok: true, bytes: chunks[0]! };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body as text, or undefined when it is not valid UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Why JSON text is refused before parsing, if it is: nested too deep, or too many object names. */
export type JsonShapeProblem = 'too-deep' | 'too-many-names';

/**
 * Whether JSON text nests arrays/objects deeper than `maxDepth` or has more than `maxNames` object member names
 * (colons outside string literals) in all. A linear scan, run before JSON.parse so a pathological body never
 * becomes a deeply recursive object, nor an object of tens of thousands of names whose parse alone costs more
 * than the whole of an ordinary request.
 */
export function jsonShapeProblem(
  text: string,
  limits: { maxDepth: number; maxNames: number },
): JsonShapeProblem | undefined {
  let depth = 0;
  let names = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limits.maxDepth) return 'too-deep';
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
    else if (c === 58 /* : */ && ++names > limits.maxNames) return 'too-many-names';
  }
  return undefined;
}

/** `aborted`: the client hung up before the body was complete (not a fault of ours, nothing to log). */
export type TextRead = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'not-utf8' | 'aborted' };

/** Every chunk of a Node request body as one Buffer; undefined when the client hangs up first. */
function collect(incoming: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    incoming.once('error', () => resolve(undefined));
  });
}

/**
 * The body as strict UTF-8 text, at most `limit` bytes. On Node with a declared length (every request a client
 * library sends) it reads the IncomingMessage directly, which the HTTP parser bounds by that length, then checks and
 * decodes the one Buffer natively: no Fetch body, no ArrayBuffer copy. Otherwise it streams the Fetch body with a
 * running count.
 */
export async function readText(request: RequestView, limit: number): Promise<TextRead> {
  const declared = request.header('content-length');
  const { incoming } = request;
  if (
    declared !== undefined &&
    incoming !== undefined &&
    incoming.readable &&
    !incoming.readableDidRead &&
    Number(declared) <= limit
  ) {
    const bytes = await collect(incoming);
    if (bytes === undefined) return { ok: false, reason: 'aborted' };
    return isUtf8(bytes) ? { ok: true, text: bytes.toString('utf8') } : { ok: false, reason: 'not-utf8' };
  }
  // Only the fast path hands over a request without a Fetch one, and only with a declared length it can read.
  if (request.fetchRequest === undefined) return { ok: false, reason: 'aborted' };
  let body: BodyRead;
  try {
    body = await readBody(request.fetchRequest, limit);
  } catch {
    return { ok: false, reason: 'aborted' };
  }
  if (!body.ok) return body;
  const text = decodeUtf8(body.bytes);
  return text === undefined ? { ok: false, reason: 'not-utf8' } : { ok: true, text };
}
