/**
 * deploy/haproxy.cfg when an instance closes a connection without answering: what happens for a moment to every
 * instance that stops (the connections the kernel had queued when its listener closed are reset, and one accepted
 * but not yet read is closed as idle). HAProxy must send such a request to another instance, not hand the client a
 * closed connection (on a reused client connection HAProxy closes it with no answer) or a 502.
 *
 * Three stand-in instances behind the real configuration: i1 and i2 answer; i3 passes its health checks and closes
 * every other connection as soon as the request has arrived, without a byte of answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, Agent, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, HAPROXY_CONFIG } from '../../deploy/topology.js';

// Without HAProxy this skips; test/global-setup.ts said so in one line.
const haproxy = inject('services').haproxy;

function answering(name: string): Server {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servedBy: name })),
    );
  });
}

/** Passes /ready; any other request: the connection closes once the request has arrived, nothing answered. */
function closingWithoutAnswer(): Server {
  return createServer((req, res) => {
    if (req.url === '/ready') return void res.writeHead(200).end('ready');
    req.resume();
    req.on('end', () => req.socket.destroy());
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((done) => server.listen(port, '127.0.0.1', done));
}

function post(port: number, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

describe.runIf(haproxy)('deploy/haproxy.cfg: a request an instance closed without answering', () => {
  const servers = [answering('i1'), answering('i2'), closingWithoutAnswer()];
  let balancer: ChildProcess;
  let port: number;
  let log = '';

  beforeAll(async () => {
    const ports = await Promise.all(servers.map(() => freePort()));
    await Promise.all(servers.map((server, i) => listen(server, ports[i]!)));
    port = await freePort();
    balancer = spawn(process.env.HAPROXY ?? 'haproxy', ['-db', '-f', HAPROXY_CONFIG], {
      env: {
        ...process.env,
        LB_BIND: `127.0.0.1:${port}`,
        PUBLIC_HOST: `127.0.0.1:${port}`,
        INSTANCE_1: `127.0.0.1:${ports[0]}`,
        INSTANCE_2: `127.0.0.1:${ports[1]}`,
        INSTANCE_3: `127.0.0.1:${ports[2]}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    balancer.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    balancer.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    // Until HAProxy listens and has sent its first health checks (rise 2 at 1 s: the servers start up).
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const answer = await post(port, new Agent()).catch(() => undefined);
      if (answer?.status === 200) break;
    }
  });

  afterAll(async () => {
    balancer?.kill('SIGTERM');
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  });

  it('is sent to another instance: on one kept-alive client connection every request is answered 200', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answers: { status: number; servedBy?: string; error?: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await post(port, agent).then(
        (a) => ({
          status: a.status,
          servedBy: a.status === 200 ? (JSON.parse(a.body) as { servedBy: string }).servedBy : undefined,
        }),
        (error: Error) => ({ status: 0, error: error.message }),
      );
      answers.push(answer);
    }
    agent.destroy();
    expect(
      answers.filter((a) => a.status !== 200),
      log,
    ).toEqual([]);
    expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set(['i1', 'i2']));
  });
});
