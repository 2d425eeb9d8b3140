/**
 * `npm run login` against a listening service: registration, PKCE, the sign-in and consent forms filled from
 * flags or DEMO_EMAIL/DEMO_PASSWORD, tokens saved 0600 and `export TOKEN=…` on stdout; the token reads the
 * player's goals. A wrong password ends with exit 1 and the sign-in page's reason, and no token.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, listen, type ListeningService } from '../account-helpers.js';
import { MCP_HEADERS } from '../helpers.js';

/** Runs the login command; `stdin`, when given, is written to its standard input and closed. */
function login(
  args: string[],
  env: Record<string, string> = {},
  stdin?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DEMO_EMAIL', 'DEMO_PASSWORD', 'BASE_URL', 'PORT'].includes(k)),
  );
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/login/main.ts', ...args],
      { env: { ...clean, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

describe('npm run login', () => {
  let service: ListeningService;
  const dir = mkdtempSync(join(tmpdir(), 'ks-login-'));
  beforeAll(async () => {
    service = await listen();
  });
  afterAll(async () => {
    await service.stop();
  });

  it('signs in with the demo player from DEMO_EMAIL / DEMO_PASSWORD and prints a token for /mcp/account', async () => {
    const file = join(dir, 'tokens.json');
    const r = await login(['--url', service.baseUrl, '--save', file], { DEMO_EMAIL, DEMO_PASSWORD });
    expect(r.code, r.stderr).toBe(0);
    const token = /^export TOKEN=(\S+)\n$/.exec(r.stdout)?.[1];
    expect(token).toBeDefined();
    expect(decodeJwt(token!)).toMatchObject({
      aud: `${service.baseUrl}/mcp/account`,
      sub: service.services.demoUserId,
      iss: service.baseUrl,
    });
    expect(r.stderr).toContain(`Signed in. Access token for ${service.baseUrl}/mcp/account valid until `);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.access_token).toBe(token);
    expect(typeof saved.refresh_token).toBe('string');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const res = await fetch(`${service.baseUrl}/mcp/account`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-06-18', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_my_goals', arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { structuredContent: { goals: { title: string }[] } } };
    expect(body.result.structuredContent.goals[0]!.title).toBe('Top (Governor Gear): Gold T1 ★2 → Gold T3 ★3');
  });

  it('a wrong password ends with exit 1, the reason, and nothing on stdout', async () => {
    const r = await login([
      '--url',
      service.baseUrl,
      '--email',
      DEMO_EMAIL,
      '--password',
      'not-the-password',
      '--save',
      join(dir, 'no.json'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^Signing in as demo@kingshot\.example at http:\/\/127\.0\.0\.1:\d+ \(sign-in and consent forms\)…\nlogin: the sign-in was refused \(401\): The email or password is wrong\.\n$/,
    );
  });

  it('--password-stdin reads the password from standard input (its line end dropped), so it is in no argument list', async () => {
    const file = join(dir, 'stdin-tokens.json');
    const r = await login(
      ['--url', service.baseUrl, '--email', DEMO_EMAIL, '--password-stdin', '--save', file],
      {},
      `${DEMO_PASSWORD}\r\n`,
    );
    expect(r.code, r.stderr).toBe(0);
    const token = /^export TOKEN=(\S+)\n$/.exec(r.stdout)?.[1];
    expect(decodeJwt(token!)).toMatchObject({
      aud: `${service.baseUrl}/mcp/account`,
      sub: service.services.demoUserId,
      iss: service.baseUrl,
    });
    expect(r.stderr.split('\n')[0]).toBe(
      `Signing in as ${DEMO_EMAIL} at ${service.baseUrl} (sign-in and consent forms)…`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).access_token).toBe(token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('an existing token file written 0644 is 0600 after a sign-in', async () => {
    const file = join(dir, 'existing-tokens.json');
    writeFileSync(file, '{}\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    const r = await login(
      ['--url', service.baseUrl, '--email', DEMO_EMAIL, '--password-stdin', '--save', file],
      {},
      `${DEMO_PASSWORD}\n`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(typeof JSON.parse(readFileSync(file, 'utf8')).access_token).toBe('string');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("--password-stdin with a wrong password: exit 1, the sign-in page's reason, nothing on stdout", async () => {
    const r = await login(
      ['--url', service.baseUrl, '--email', DEMO_EMAIL, '--password-stdin', '--save', join(dir, 'no-stdin.json')],
      {},
      'not-the-password\n',
    );
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `Signing in as ${DEMO_EMAIL} at ${service.baseUrl} (sign-in and consent forms)…\nlogin: the sign-in was refused (401): The email or password is wrong.\n`,
    });
  });

  it('--password-stdin without an email is refused before anything is sent', async () => {
    const r = await login(['--url', service.baseUrl, '--password-stdin'], {}, `${DEMO_PASSWORD}\n`);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'login: --email and --password (or --password-stdin) go together\n',
    });
  });

  it('without a running service it says so', async () => {
    const r = await login(['--url', 'http://127.0.0.1:9', '--email', DEMO_EMAIL, '--password', DEMO_PASSWORD]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'login: cannot register with the authorization server at http://127.0.0.1:9 (is the service running?)',
    );
  });
});
