/**
 * No log line holds a password, a link's secret, a session id or a CSRF token: the account pages are driven over
 * HTTP through the RequestObserver and the JSON log (as main.ts wires them), every secret the flow uses is
 * collected, and the captured log is searched for each.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createLogger, createRequestLogger } from '../../src/observability/logger.js';
import { endpointClassifier } from '../../src/observability/endpoints.js';
import { ServiceMetrics } from '../../src/observability/metrics.js';
import { RequestObserver } from '../../src/observability/request-observer.js';
import { smtpTransport } from '../../src/site-account/smtp-transport.js';
import { accountServices } from '../account-helpers.js';
import { testConfig } from '../helpers.js';
import { linkIn, startSmtp } from '../support/smtp.js';

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done));
});

describe('the log of the account pages', () => {
  it('holds no password, link secret, session id or CSRF token', async () => {
    const lines: string[] = [];
    const destination = { write: (line: string) => void lines.push(line) };
    const requestLog = createRequestLogger('trace', destination);
    const logger = createLogger('trace', destination);
    const metrics = new ServiceMetrics();
    const observer = new RequestObserver({
      metrics,
      logger: requestLog,
      endpointOf: endpointClassifier(['/mcp', '/mcp/account']),
      mcpPaths: new Set(['/mcp', '/mcp/account']),
      trustedProxies: new Set(),
    });
    let app: ReturnType<typeof createApp> | undefined;
    const server = serve({
      fetch: observer.wrap((request, env) => app!.fetch(request, env)),
      port: 0,
      hostname: '127.0.0.1',
    }) as Server;
    servers.push(server);
    await new Promise((listening) => server.once('listening', listening));
    const port = (server.address() as { port: number }).port;
    const base = `http://127.0.0.1:${port}`;
    const smtp = await startSmtp();
    const services = await accountServices({ baseUrl: base });
    app = createApp({
      config: testConfig({
        baseUrl: base,
        allowedHosts: new Set([`127.0.0.1:${port}`]),
        allowedOrigins: new Set([base]),
      }),
      account: services,
      metrics,
      mailTransport: smtpTransport(smtp.url, 'no-reply@kingshot.example'),
      logError: (error, request) =>
        logger.error({ err: error }, `error ${request.method} ${new URL(request.url).pathname}`),
    });

    const secrets: string[] = [];
    const post = async (path: string, fields: Record<string, string>, cookie?: string) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: base,
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams(fields),
      });
      await res.text();
      return res;
    };
    const password = 'glacier pepper violin 31';
    secrets.push(password);
    await post('/account/sign-up', { email: 'logged@example.com', name: 'Log', password });
    const verify = linkIn(smtp.to('logged@example.com')[0]!, `${base}/account/verify?token=`);
    const verifyToken = new URL(verify).searchParams.get('token')!;
    secrets.push(verifyToken);
    await (await fetch(verify)).text();
    await post('/account/verify', { token: verifyToken });
    await post('/account/sign-in', { email: 'logged@example.com', password: 'a wrong guess 1' });
    const signedIn = await post('/account/sign-in', { email: 'logged@example.com', password });
    const sessionId = /ks_site=([A-Za-z0-9_-]{43})/.exec(signedIn.headers.get('set-cookie') ?? '')![1]!;
    secrets.push(sessionId);
    const cookie = `ks_site=${sessionId}`;
    const settings = await (await fetch(`${base}/account/settings`, { headers: { cookie } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(settings)![1]!;
    secrets.push(csrf);
    const newPassword = 'lantern meadow copper 64';
    secrets.push(newPassword);
    await post('/account/settings/password', { csrf, current: password, password: newPassword }, cookie);
    await post('/account/forgot-password', { email: 'logged@example.com' });
    const reset = linkIn(smtp.to('logged@example.com').at(-1)!, `${base}/account/reset-password?token=`);
    const resetToken = new URL(reset).searchParams.get('token')!;
    secrets.push(resetToken);
    await (await fetch(reset)).text();
    const resetPassword = 'harvest signal marble 27';
    secrets.push(resetPassword);
    await post('/account/reset-password', { token: resetToken, password: resetPassword });
    await post('/account/sign-out', { csrf }, cookie);
    // Request lines are written when each response has gone.
    await new Promise((settle) => setTimeout(settle, 200));

    const log = lines.join('\n');
    expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(11);
    expect(log).toContain('/account/verify');
    expect(log).toContain('/account/reset-password');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('token=');
  });
});
