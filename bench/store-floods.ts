/**
 * Store growth under the two unauthenticated floods of the adversarial run, against a built service (this
 * checkout's, or another's with --service-root, to compare before and after):
 *
 * - registrations: 2,000 dynamic client registrations from 67 addresses, each with about 60 KB of metadata (the
 *   run's "2,000 registrations from 67 addresses grew the store from 4.3 MB to 122 MB"), then the same count with
 *   a small registration (8 redirect URIs, about 1.5 KB: what a real client could send);
 * - authorization requests: 1,000 from one address with a 15,000-character `state` (the run's "added 15.6 MB in
 *   2.4 s");
 * - account sign-ups: 600 with distinct emails from 20 addresses, then 300 to one address from 60 addresses, and
 *   password resets: 600 from 20 addresses (pending sign-ups, mailed links and mails written before and after).
 *
 * The service runs as `npm start` runs it, with a fresh DATA_DIR, its default limits, and loopback as a trusted
 * proxy so X-Forwarded-For spreads the registrations over addresses. Sizes are the database file's, its WAL
 * checkpointed first.
 *
 *   npx tsx bench/store-floods.ts [--service-root <built checkout>] [--only accounts]
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Sqlite } from '../src/store/sqlite-binding.js';
import { ROOT, startService } from './processes.js';

const { values } = parseArgs({
  options: {
    'service-root': { type: 'string' },
    port: { type: 'string', default: '3671' },
    only: { type: 'string' },
  },
});
const root = values['service-root'] ?? ROOT;
const port = Number(values.port);
const dataDir = mkdtempSync(join(tmpdir(), 'kingshot-floods-'));
const service = await startService(
  port,
  { RATE_LIMIT_PER_MINUTE: '60', TRUSTED_PROXIES: '127.0.0.1', DATA_DIR: dataDir },
  root,
);
const base = service.baseUrl;

/**
 * The database file's size once the WAL is checkpointed into it (from this process: SQLite lets another connection
 * checkpoint a WAL database; between floods nothing else writes), so the figure is the store's, not the WAL's.
 */
function storeMegabytes(): number {
  const file = join(dataDir, 'kingshot.sqlite');
  const sqlite = new Sqlite(file);
  try {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
  return statSync(file).size / 1e6;
}

/** Waits for the account stack (it starts after the server listens) by asking for the metadata. */
async function accountStackUp(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/.well-known/oauth-authorization-server`).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the authorization server did not come up');
}

function registration(uris: number, uriLength: number, i: number): Record<string, unknown> {
  const pad = 'x'.repeat(Math.max(0, uriLength - 40));
  return {
    redirect_uris: Array.from({ length: uris }, (_, n) => `https://client-${n}.example/cb/${pad}`),
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    client_name: `flood ${i}`,
  };
}

async function registrationFlood(
  label: string,
  count: number,
  network: string,
  addresses: number,
  body: (i: number) => Record<string, unknown>,
): Promise<string> {
  const before = storeMegabytes();
  const statuses: Record<number, number> = {};
  const bytes = JSON.stringify(body(0)).length;
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/auth/mcp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `${network}.${i % addresses}` },
      body: JSON.stringify(body(i)),
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  return `| ${label} (${count} x ${(bytes / 1000).toFixed(1)} KB, ${addresses} addresses) | ${before.toFixed(1)} | ${storeMegabytes().toFixed(1)} | ${JSON.stringify(statuses)} |`;
}

/** Rows of a table, and the mails the log transport wrote (DATA_DIR/outbox/: no SMTP_URL in the bench). */
function accountRows(): { pending: number; links: number; mails: number } {
  const sqlite = new Sqlite(join(dataDir, 'kingshot.sqlite'));
  try {
    const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const outbox = join(dataDir, 'outbox');
    return {
      pending: count('pending_sign_ups'),
      links: count('mail_links'),
      mails: existsSync(outbox) ? readdirSync(outbox).length : 0,
    };
  } finally {
    sqlite.close();
  }
}

/** `count` form posts to `path`, spread over `addresses` client addresses of `network`; rows and mails before/after. */
async function accountFlood(
  label: string,
  path: string,
  count: number,
  network: string,
  addresses: number,
  fields: (i: number) => Record<string, string>,
): Promise<string> {
  const before = accountRows();
  const statuses: Record<number, number> = {};
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: base,
        'x-forwarded-for': `${network}.${i % addresses}`,
      },
      body: new URLSearchParams(fields(i)),
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  const after = accountRows();
  const seconds = (performance.now() - started) / 1000;
  return `| ${label} (${count} from ${addresses} addresses, ${seconds.toFixed(1)} s) | ${before.pending} → ${after.pending} | ${before.links} → ${after.links} | ${before.mails} → ${after.mails} | ${JSON.stringify(statuses)} |`;
}

async function authorizeFlood(count: number, stateLength: number): Promise<string> {
  const redirect = 'http://127.0.0.1:8977/callback';
  const registered = await fetch(`${base}/api/auth/mcp/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.1' },
    body: JSON.stringify({
      redirect_uris: [redirect],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'authorize flood',
    }),
  });
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const before = storeMegabytes();
  const statuses: Record<number, number> = {};
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${base}/mcp/account`,
      state: `${i}-${'s'.repeat(stateLength)}`,
    });
    const res = await fetch(`${base}/api/auth/mcp/authorize?${query}`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': '203.0.113.2' },
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  const seconds = (performance.now() - started) / 1000;
  return `| authorization requests (${count} x state of ${stateLength.toLocaleString('en')} characters, 1 address, ${seconds.toFixed(1)} s) | ${before.toFixed(1)} | ${storeMegabytes().toFixed(1)} | ${JSON.stringify(statuses)} |`;
}

try {
  await accountStackUp();
  const password = 'violet tractor sunrise 8';
  const accountTable = [
    '',
    '| Account flood | pending sign-ups | mailed links | mails written | answers by status |',
    '| --- | --- | --- | --- | --- |',
    await accountFlood('sign-ups, distinct emails', '/account/sign-up', 600, '192.0.2', 20, (i) => ({
      email: `flood-${i}@example.com`,
      name: `Flood ${i}`,
      password,
    })),
    await accountFlood('sign-ups, one email', '/account/sign-up', 300, '198.18.0', 60, () => ({
      email: 'victim@example.com',
      name: 'Flood',
      password,
    })),
    await accountFlood('password resets, distinct emails', '/account/forgot-password', 600, '198.18.1', 20, (i) => ({
      email: `reset-${i}@example.com`,
    })),
  ];
  const rows =
    values.only === 'accounts'
      ? []
      : [
          await registrationFlood('large registrations', 2000, '198.51.100', 67, (i) => registration(200, 300, i)),
          await registrationFlood('small registrations', 2000, '198.51.101', 67, (i) => registration(8, 160, i)),
          await authorizeFlood(1000, 15000),
        ];
  process.stdout.write(
    [
      `Store growth under floods: ${root === ROOT ? 'this checkout' : root}`,
      '',
      ...(rows.length > 0
        ? [
            '| Flood | store before (MB) | store after (MB) | answers by status |',
            '| --- | ---: | ---: | --- |',
            ...rows,
          ]
        : []),
      ...accountTable,
      '',
    ].join('\n'),
  );
} finally {
  await service.stop();
}
