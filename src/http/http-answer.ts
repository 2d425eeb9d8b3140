/**
 * An HTTP answer as plain data (status, headers, body), so the one MCP POST route can be answered through Hono (a
 * Fetch `Response`) or written straight to Node's response by the fast path (node-fast-path.ts) without building one.
 */
import type { ServerResponse } from 'node:http';
import { BodyBytes } from './body-bytes.js';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** The answer as a Fetch Response (the Node adapter's lightweight one when it runs under @hono/node-server). */
export function answerResponse(answer: HttpAnswer): Response {
  return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
}

const stringBodies = new BodyBytes();

/** Writes the answer to Node's response in one write of headers and body, with its length, as the Node adapter does. */
export function writeAnswer(outgoing: ServerResponse, answer: HttpAnswer): void {
  const { headers } = answer;
  if (answer.body === null) {
    outgoing.writeHead(answer.status, headers);
    outgoing.end();
    return;
  }
  const body = typeof answer.body === 'string' ? stringBodies.encode(answer.body) : answer.body;
  // Unless the socket took every byte in the write itself, the write (or the response waiting for its turn on the
  // connection) still refers to the body's bytes.
  let stillHeld = true;
  try {
    headers['Content-Length'] = String(body.byteLength);
    outgoing.writeHead(answer.status, headers);
    outgoing.end(body);
    stillHeld = outgoing.writableLength > 0;
  } finally {
    stringBodies.written(stillHeld);
  }
}
