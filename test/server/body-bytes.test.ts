/**
 * Response bodies encoded into one kept buffer (src/http/body-bytes.ts), and the fast path that writes them
 * (src/http/http-answer.ts): a body a write still holds is never overwritten by the next one. The socket case sends
 * thousands of pipelined calls to a client that does not read for a while, so the server's writes stop completing
 * at once and the later answers queue behind them; every answer must still be the one its request asked for.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { BodyBytes } from '../../src/http/body-bytes.js';
import { McpFastPaths } from '../../src/http/node-fast-path.js';
import { createNodeServer } from '../../src/http/node-server.js';
import { testConfig } from '../helpers.js';

describe('BodyBytes', () => {
  const texts = [
    '',
    'plain ASCII',
    '{"from":"Gold T2 ★1","to":"Gold T3 ★3"}',
    'Ünïcödé, 中文, and an emoji 🦁 (a surrogate pair)',
    'a lone surrogate \ud800 becomes U+FFFD',
    '★'.repeat(30_000),
    'x'.repeat(200_000),
  ];

  it('encodes each text to the bytes Buffer.from gives, whatever its characters and length', () => {
    const bodies = new BodyBytes();
    for (const text of texts) {
      expect(bodies.encode(text)).toEqual(Buffer.from(text, 'utf8'));
      bodies.written(false);
    }
  });

  it('reuses the buffer after a write that took every byte, and leaves a held one to its write', () => {
    const bodies = new BodyBytes();
    const first = bodies.encode('first body');
    bodies.written(false);
    const second = bodies.encode('second');
    expect(second.buffer).toBe(first.buffer);
    bodies.written(true);
    const third = bodies.encode('third body, in a buffer of its own');
    expect(third.buffer).not.toBe(second.buffer);
    expect(second.toString()).toBe('second');
    bodies.written(false);
  });

  it('refuses a second body before the first was reported written', () => {
    const bodies = new BodyBytes();
    bodies.encode('one');
    expect(() => bodies.encode('two')).toThrow('the previous body was not reported written');
  });
});

interface Answer {
  status: number;
  body: string;
}

/** Splits a stream of HTTP/1.1 answers with Content-Length bodies into the answers, in order. */
function parseAnswers(received: Buffer): Answer[] {
  const answers: Answer[] = [];
  let at = 0;
  while (at < received.length) {
    const end = received.indexOf('\r\n\r\n', at);
    if (end === -1) throw new Error(`an incomplete head at byte ${at}`);
    const head = received.subarray(at, end).toString('latin1');
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    answers.push({
      status: Number(head.split(' ')[1]),
      body: received.subarray(end + 4, end + 4 + length).toString('utf8'),
    });
    at = end + 4 + length;
  }
  return answers;
}

const CALLS = 3000;
const PIECES = [1, 2, 3, 4, 5, 6];
const callBody = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'governor_gear_cost',
      arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: PIECES[id % PIECES.length] },
    },
  });

function postRequest(body: string, last: boolean): Buffer {
  const bytes = Buffer.from(body);
  const head = [
    'POST /mcp HTTP/1.1',
    'Host: 127.0.0.1:3000',
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${bytes.length}`,
    ...(last ? ['Connection: close'] : []),
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), bytes]);
}

describe('answers written from the kept buffer', () => {
  let server: Server;
  let port: number;
  const taken = { count: 0 };

  beforeAll(async () => {
    const fastPaths = new McpFastPaths();
    const routeFor = fastPaths.routeFor.bind(fastPaths);
    fastPaths.routeFor = (incoming) => {
      const route = routeFor(incoming);
      if (route) taken.count++;
      return route;
    };
    const app = createApp({ logError: () => undefined, config: testConfig(), mcpFastPaths: fastPaths });
    server = createNodeServer((request, env) => app.fetch(request, env), {}, undefined, { fastPaths });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it('keeps every answer intact when the client stops reading and the answers queue behind each other', async () => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((done, fail) => {
      socket.on('close', () => done());
      socket.on('error', fail);
    });
    await new Promise<void>((connected) => socket.once('connect', () => connected()));
    socket.pause(); // nothing read until every request is sent and the server's writes have backed up
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    for (let id = 0; id < CALLS; id++) socket.write(postRequest(callBody(id), id === CALLS - 1));
    await sleep(500);
    socket.resume();
    await closed;

    const answers = parseAnswers(Buffer.concat(chunks));
    expect(answers).toHaveLength(CALLS);
    expect(taken.count).toBe(CALLS);
    // The same calculation for the same pieces, whichever request asked: six distinct answers but for the id.
    const byPieces = new Map<number, string>();
    for (const [id, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      const message = JSON.parse(answer.body) as { id: number; result: { structuredContent: unknown } };
      expect(message.id).toBe(id);
      const pieces = PIECES[id % PIECES.length]!;
      const result = JSON.stringify(message.result);
      if (!byPieces.has(pieces)) byPieces.set(pieces, result);
      expect(result).toBe(byPieces.get(pieces));
    }
    expect(new Set(byPieces.values()).size).toBe(PIECES.length);
  }, 60_000);
});
