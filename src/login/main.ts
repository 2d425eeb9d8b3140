/**
 * `npm run login`: signs in to the account endpoint from a terminal, as an MCP client would (openid-client):
 * dynamic client registration, PKCE (S256), a loopback redirect URI on 127.0.0.1, the authorize URL opened in the
 * system browser and printed, the code exchanged for tokens bound to <base>/mcp/account. With an email and a
 * password (flags, or DEMO_EMAIL / DEMO_PASSWORD) it fills the sign-in and consent forms itself, without a
 * browser. The tokens go to a file (0600) and the access token to stdout as `export TOKEN=…`, so
 * `eval "$(npm run -s login)"` leaves it in $TOKEN; everything else goes to stderr.
 */
import { spawn } from 'node:child_process';
import { closeSync, fchmodSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import * as client from 'openid-client';
import { signInWithForms, SignInError } from './form-sign-in.js';

const USAGE = `usage: npm run -s login -- [--url http://127.0.0.1:3000] [--email E --password P | --browser] [--save FILE] [--no-open]

  --url       the service's base URL (default $BASE_URL, else http://127.0.0.1:$PORT, else http://127.0.0.1:3000)
  --email, --password
              sign in without a browser, filling the sign-in and consent forms (default $DEMO_EMAIL and
              $DEMO_PASSWORD when both are set); --password-stdin reads the password from stdin
  --browser   always sign in in the browser, even when DEMO_EMAIL and DEMO_PASSWORD are set
  --save      where to write the tokens as JSON, mode 0600 (default var/login-tokens.json)
  --no-open   print the sign-in URL without opening a browser
Prints "export TOKEN=<access token>" on stdout: eval "$(npm run -s login)" sets $TOKEN for 10 minutes.`;

const WAIT_FOR_BROWSER_MS = 5 * 60_000;

function fail(message: string): never {
  process.stderr.write(`login: ${message}\n`);
  process.exit(1);
}

function defaultBase(): string {
  if (process.env.BASE_URL) return process.env.BASE_URL;
  return `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Tries the platform's opener; the URL is printed either way, so a failure to open is not an error. */
function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener (a server without a desktop): the printed URL is the way.
  }
}

/** A loopback listener for the redirect: resolves with the full callback URL of the first /callback request. */
async function loopback(): Promise<{ redirectUri: string; callback: Promise<URL>; server: Server }> {
  let deliver: (url: URL) => void = () => undefined;
  const callback = new Promise<URL>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      .end('Signed in: you can close this tab and go back to the terminal.\n');
    deliver(url);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { redirectUri: `http://127.0.0.1:${port}/callback`, callback, server };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      browser: { type: 'boolean' },
      save: { type: 'string' },
      'no-open': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const base = new URL(values.url ?? defaultBase());
  const resource = new URL('/mcp/account', base).href;
  const email = values.email ?? (values.browser ? undefined : process.env.DEMO_EMAIL);
  let password = values.password ?? (values.browser ? undefined : process.env.DEMO_PASSWORD);
  if (values['password-stdin']) password = await readStdin();
  const headless = !values.browser && email !== undefined && password !== undefined;
  if ((values.email !== undefined || values.password !== undefined || values['password-stdin']) && !headless)
    fail('--email and --password (or --password-stdin) go together');

  const insecure = base.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {};
  const listener = headless ? undefined : await loopback();
  // Without a listener the form sign-in stops at the redirect itself, so any loopback URI serves.
  const redirectUri = listener?.redirectUri ?? 'http://127.0.0.1:8976/callback';
  try {
    let config: client.Configuration;
    try {
      config = await client.dynamicClientRegistration(
        base,
        {
          client_name: 'Kingshot MCP terminal sign-in (npm run login)',
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
        client.None(),
        insecure,
      );
    } catch (error) {
      fail(
        `cannot register with the authorization server at ${base.origin} (is the service running?): ${(error as Error).message}`,
      );
    }
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizeUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile offline_access',
      resource,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });

    let callback: URL;
    if (headless) {
      process.stderr.write(`Signing in as ${email} at ${base.origin} (sign-in and consent forms)…\n`);
      try {
        callback = await signInWithForms(authorizeUrl, redirectUri, { email: email, password: password! });
      } catch (error) {
        fail(error instanceof SignInError ? error.message : `sign-in failed: ${(error as Error).message}`);
      }
    } else {
      process.stderr.write(
        `Open this URL to sign in and approve (it waits up to 5 minutes):\n\n  ${authorizeUrl.href}\n\n`,
      );
      if (!values['no-open']) openInBrowser(authorizeUrl.href);
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no sign-in within 5 minutes')), WAIT_FOR_BROWSER_MS).unref(),
      );
      callback = await Promise.race([listener!.callback, timeout]);
    }
    if (callback.searchParams.has('error'))
      fail(
        `the authorization server said ${callback.searchParams.get('error')}: ${callback.searchParams.get('error_description') ?? ''}`,
      );

    const tokens = await client.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: verifier, expectedState: state },
      { resource },
    );
    const saved = {
      resource,
      client_id: config.clientMetadata().client_id,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      id_token: tokens.id_token,
      expires_at: new Date(Date.now() + (tokens.expiresIn() ?? 0) * 1000).toISOString(),
    };
    const file = values.save ?? 'var/login-tokens.json';
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // `mode` applies only when the file is created: an existing file keeps its own (often 0644), so the mode is set
    // on the open, emptied file before the tokens are written into it.
    const fd = openSync(file, 'w', 0o600);
    try {
      fchmodSync(fd, 0o600);
      writeFileSync(fd, `${JSON.stringify(saved, null, 2)}\n`);
    } finally {
      closeSync(fd);
    }
    process.stderr.write(
      `Signed in. Access token for ${resource} valid until ${saved.expires_at}; tokens saved to ${file}.\n`,
    );
    process.stdout.write(`export TOKEN=${tokens.access_token}\n`);
  } finally {
    listener?.server.close();
  }
}

main().catch((error: unknown) => fail((error as Error).message));
