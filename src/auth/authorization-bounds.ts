/**
 * Length bounds of the authorization request parameters oidc-provider stores with each authorization in progress
 * (the Interaction record): without them one request could store a 15,000-character `state`, and a flood of them
 * megabytes. Generous for real clients (a random state or nonce is 22 to 64 characters; a PKCE challenge is 43),
 * small enough that an authorization record stays a few kilobytes.
 *
 * They run as oidc-provider parameter validators, after the client and its redirect URI have been checked, so an
 * over-long parameter gets the OAuth error redirect RFC 6749 §4.1.2.1 prescribes (`invalid_request`, naming the
 * parameter and its bound) to a redirect URI the client registered, and nothing is stored. A request whose client
 * or redirect URI is wrong never reaches them: the provider refuses it on an error page, as before.
 */
import { errors, type Configuration } from 'oidc-provider';

/** Characters allowed per parameter (per value for `resource`, which may repeat). */
export const AUTHORIZATION_PARAM_BOUNDS = {
  client_id: 256,
  redirect_uri: 2048,
  response_type: 64,
  response_mode: 32,
  scope: 1024,
  state: 1024,
  nonce: 512,
  /** RFC 7636: 43 to 128 characters. */
  code_challenge: 128,
  code_challenge_method: 16,
  prompt: 64,
  max_age: 16,
  display: 32,
  /** An email address is at most 320. */
  login_hint: 320,
  ui_locales: 256,
  claims_locales: 256,
  acr_values: 512,
  id_token_hint: 8192,
  resource: 2048,
} as const;

/** Values of `resource` in one request (this server issues tokens for one). */
export const MAX_RESOURCES = 4;

function check(name: keyof typeof AUTHORIZATION_PARAM_BOUNDS, value: unknown): void {
  const bound = AUTHORIZATION_PARAM_BOUNDS[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (values.length > MAX_RESOURCES)
    throw new errors.InvalidRequest(`${name} is given ${values.length} times; at most ${MAX_RESOURCES} are allowed`);
  for (const one of values) {
    const length = String(one).length;
    if (length > bound)
      throw new errors.InvalidRequest(`${name} is ${length} characters long; at most ${bound} are allowed`);
  }
}

/** oidc-provider's `extraParams` entry: a validator per bounded parameter (they are already known, so none is added). */
export function authorizationParamValidators(): NonNullable<Configuration['extraParams']> {
  return Object.fromEntries(
    Object.keys(AUTHORIZATION_PARAM_BOUNDS).map((name) => [
      name,
      (_ctx: unknown, value: unknown) => check(name as keyof typeof AUTHORIZATION_PARAM_BOUNDS, value),
    ]),
  );
}
