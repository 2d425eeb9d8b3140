/**
 * A player signed in on the website who connects an app is asked only for consent: the authorization server's
 * login prompt takes the site session (over a real server, with a client registered and PKCE, as an app does).
 * Without a site session, or with an expired one, the sign-in page is shown as before.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen, type ListeningService } from '../account-helpers.js';
import { Browser } from '../auth/browser.js';
import { siteSessionFor } from '../support/site-account.js';
import { describeEachStore } from '../support/stores.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const insecure = { execute: [client.allowInsecureRequests] };

describeEachStore('connecting an app while signed in on the website', (kind) => {
  let svc: ListeningService;
  beforeAll(async () => {
    svc = await listen({ kind });
  });
  afterAll(() => svc.stop());

  async function authorizeUrl() {
    const config = await client.dynamicClientRegistration(
      new URL(svc.baseUrl),
      {
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        client_name: 'consent-only test',
      },
      client.None(),
      insecure,
    );
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    return { config, url, verifier, state };
  }

  it('skips the sign-in page and asks only for consent; the token is the site player’s', async () => {
    const demo = (await svc.services.store.users.findById(svc.services.demoUserId))!;
    const session = await siteSessionFor(svc.services.store, svc.services.keys, demo, { baseUrl: svc.baseUrl });
    const browser = new Browser(REDIRECT);
    browser.jar.set('ks_site', session.sessionId);
    const started = await authorizeUrl();
    const first = await browser.follow(started.url);
    expect(first.page?.status).toBe(200);
    expect(first.html).toContain('/consent"');
    expect(first.html).not.toContain('/login"');
    const pageUrl = new URL(first.page!.url || started.url);
    const approved = await browser.submit(
      pageUrl,
      first.html!,
      '/consent',
      { decision: 'approve' },
      { origin: svc.baseUrl },
    );
    expect(approved.callback).toBeDefined();
    const tokens = await client.authorizationCodeGrant(started.config, approved.callback!, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(tokens.claims()?.sub).toBe(demo.id);
  });

  it('without a live site session the sign-in page is shown', async () => {
    for (const cookie of [undefined, 'A'.repeat(43)]) {
      const browser = new Browser(REDIRECT);
      if (cookie) browser.jar.set('ks_site', cookie);
      const first = await browser.follow((await authorizeUrl()).url);
      expect(first.page?.status).toBe(200);
      expect(first.html).toContain('/login"');
    }
  });
});
