/** Slow clients cannot hold connections: the real service drops a request whose headers or body never finish. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';

let service: RunningService;

beforeAll(async () => {
  service = await startService({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' });
});
afterAll(() => service?.stop());

/** Sends `data` and never finishes; resolves with what the server said before closing (or '' on timeout). */
function stall(data: string, giveUpMs = 15_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(service.port, '127.0.0.1', () => socket.write(data));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('');
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received || 'closed');
    });
    socket.on('error', () => undefined);
  });
}

describe('timeouts', () => {
  it('headers that never end get 408 and a closed connection', async () => {
    const answer = await stall(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nContent-Type: application/json\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408|^closed$/);
  });
  it('a body that never ends is cut off', async () => {
    const answer = await stall(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{"jsonrpc"`,
    );
    expect(answer).not.toBe('');
    expect(answer).not.toContain('"result"');
  });
  it('the service still answers afterwards', async () => {
    expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
  });
});
