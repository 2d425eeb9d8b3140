/**
 * The request log is buffered (4 KiB, written at least every 250 ms): no line may be lost however the process ends.
 * A burst through the real service (src/main.ts through tsx) then SIGTERM at once, while the last lines are still in
 * the buffer: one line per request, each with the id its response carried. And a process that writes a burst of
 * request lines and exits without a drain (as after a fatal error): every line reaches stdout.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';

const ROOT = resolve(import.meta.dirname, '../..');
const services: RunningService[] = [];
afterAll(async () => {
  for (const service of services) await service.stop();
});

const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 } },
});
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

function requestLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request');
}

describe('the buffered request log', () => {
  it('SIGTERM right after a burst: a line for every request, with the id its response carried', async () => {
    // The limiter on at a limit that never refuses, as the service runs by default.
    const service = await startService({ RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'info' });
    services.push(service);
    const ids: string[] = [];
    const burst = 400;
    for (let sent = 0; sent < burst; sent += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${service.baseUrl}/mcp`, { method: 'POST', headers: HEADERS, body: CALL }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
        ids.push(answer.headers.get('x-request-id')!);
      }
    }
    const exited = new Promise<number | null>((done) => service.process.once('close', (code) => done(code)));
    service.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    const calls = requestLines(service.stdout()).filter((l) => l.endpoint === '/mcp' && l.mcp_method === 'tools/call');
    expect(calls).toHaveLength(burst);
    expect(new Set(calls.map((l) => l.request_id))).toEqual(new Set(ids));
    expect(calls.every((l) => l.status === 200 && l.outcome === 'result' && l.tool === 'governor_gear_cost')).toBe(
      true,
    );
  }, 60_000);

  it('an exit without a drain right after a burst: every line written before the exit is on stdout', async () => {
    const lines = 1000;
    const script = `
      import { createRequestLogger, requestLineWriter } from './src/observability/logger.ts';
      const write = requestLineWriter(createRequestLogger('info'));
      for (let i = 0; i < ${lines}; i++)
        write({ request_id: 'burst-' + i, endpoint: '/mcp', method: 'POST', status: 200, duration_ms: 0.5 });
      process.exit(0);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('close', (c) => done(c)));
    expect(code).toBe(0);
    const written = requestLines(stdout);
    expect(written).toHaveLength(lines);
    expect(written.at(-1)).toMatchObject({ request_id: `burst-${lines - 1}`, level: 'info', status: 200 });
  }, 30_000);
});
