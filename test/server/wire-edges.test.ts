/**
 * Refusals made before the app runs: Node's HTTP parser (headers over 16 KiB, a request that is
 * not HTTP) and the request adapter (a Host that is missing or no host) answer with the same JSON-RPC error body as
 * every other refusal, not an empty body. Driven over raw sockets against the real service (src/main.ts).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.stop();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `text` as is and reads the answer until the server closes the connection (or 5 s pass). */
function raw(text: string): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const socket = connect(service.port, '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', fail);
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      done({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const refusal = (message: string) => ({ jsonrpc: '2.0', id: null, error: { code: -32600, message } });

function expectJsonRefusal(answer: RawAnswer, status: number, message: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(JSON.parse(answer.body)).toEqual(refusal(message));
}

describe("refusals of Node's HTTP parser", () => {
  it('headers over 16 KiB: 431 with a JSON-RPC error body, and the connection closed', async () => {
    const answer = await raw(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nX-Padding: ${'a'.repeat(17_000)}\r\n\r\n`,
    );
    expectJsonRefusal(
      answer,
      431,
      'Request Header Fields Too Large: the request line and headers may be at most 16384 bytes.',
    );
    expect(answer.headers.connection).toBe('close');
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['a control character in a header value', 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test: a\u0001b\r\n\r\n'],
    ['a header name with a space', 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Name: x\r\n\r\n'],
  ])('%s: 400 with a JSON-RPC error body', async (_, text) => {
    const answer = await raw(text);
    expectJsonRefusal(answer, 400, 'Bad Request: the request is not valid HTTP/1.1, so it was not read.');
    expect(answer.headers.connection).toBe('close');
  });
});

describe('refusals of the request adapter (Host)', () => {
  it.each([
    ['an unparsable Host', '[::1'],
    ['a Host with a space', 'a b'],
    ['a Host with a path', '127.0.0.1/x'],
  ])('%s: 400 with a JSON-RPC error body', async (_, host) => {
    const answer = await raw(`GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expectJsonRefusal(answer, 400, 'Bad Request: the Host header is missing or is not a host[:port].');
  });

  it('no Host at all (HTTP/1.1 requires one): 400 with a JSON-RPC error body', async () => {
    const answer = await raw('GET /health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectJsonRefusal(answer, 400, 'Bad Request: the Host header is missing or is not a host[:port].');
  });

  it('a good request on the same server still gets its answer', async () => {
    const answer = await raw(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, '').trim())).toMatchObject({ status: 'ok' });
  });
});
