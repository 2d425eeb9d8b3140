/**
 * A real access token for the account endpoint, the way a client gets one: dynamic registration, PKCE
 * authorization, the sign-in and consent forms (as the demo player), and the code exchange.
 */
import * as client from 'openid-client';
import { Browser } from '../test/auth/browser.js';

const REDIRECT = 'http://127.0.0.1:8979/callback';

export async function accessToken(baseUrl: string, user: { email: string; password: string }): Promise<string> {
  const insecure = { execute: [client.allowInsecureRequests] };
  const config = await client.dynamicClientRegistration(
    new URL(baseUrl),
    {
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      client_name: 'kingshot bench',
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
  const { callback } = await new Browser(REDIRECT).authorize(url, user);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.access_token;
}
