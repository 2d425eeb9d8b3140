/**
 * The resource server's token check: what each refusal says (the description in WWW-Authenticate), that the time is
 * the one passed in, that the keys are the server's own (nothing is fetched), and the memory of verified tokens,
 * which changes nothing but how often the signature is checked.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountServices, mintAccessToken, RESOURCE } from '../account-helpers.js';
import { BASE } from '../helpers.js';

const services = await accountServices();
const minted = new Date('2026-11-21T10:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const after = (ms: number) => new Date(minted.getTime() + ms);
const refused = (description: string) => ({ ok: false, description });
/** What a good token minted at `at` checks as: the demo player's, for its 10 minutes. */
const accepted = (at: Date) => ({
  ok: true,
  claims: { sub: services.demoUserId, exp: seconds(at) + 600, grantId: expect.stringMatching(/^grant-/) },
});

describe('what a refused token is told', () => {
  const mint = (options: Parameters<typeof mintAccessToken>[2] = {}) =>
    mintAccessToken(services, services.demoUserId, { now: minted, ...options });
  const verify = async (token: string) => services.verifier.verify(token, after(60_000));
  const otherKey = async (kid: string) => ({
    ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)),
    kid,
  });

  it.each<[string, () => Promise<string>, string]>([
    ['garbage', async () => 'not-a-jwt', 'the access token is malformed'],
    [
      'a wrong audience',
      () => mint({ claims: { aud: `${BASE}/mcp` } }),
      'the access token is not for this resource (wrong audience)',
    ],
    [
      'a wrong issuer',
      () => mint({ claims: { iss: 'https://other.example' } }),
      'the access token was issued by another server',
    ],
    ['typ JWT (an ID token)', () => mint({ header: { typ: 'JWT' } }), 'not an access token (typ must be at+jwt)'],
    ['no client_id', () => mint({ claims: { client_id: undefined } }), "the access token's client_id claim is invalid"],
    ['no jti', () => mint({ claims: { jti: undefined } }), "the access token's jti claim is invalid"],
    ['no sub', () => mint({ claims: { sub: undefined } }), "the access token's sub claim is invalid"],
    [
      'no grant_id (issued before tokens named their grant)',
      () => mint({ claims: { grant_id: undefined } }),
      "the access token's grant_id claim is invalid",
    ],
    ['an empty grant_id', () => mint({ claims: { grant_id: '' } }), "the access token's grant_id claim is invalid"],
    [
      'a grant that is not in the store (revoked)',
      () => mint({ claims: { grant_id: 'grant-never-stored' } }),
      "the access token was revoked (the app's access was withdrawn or the account signed out everywhere)",
    ],
    ['an empty sub', () => mint({ claims: { sub: '' } }), "the access token's sub claim is invalid"],
    [
      'a client_id that is not a string',
      () => mint({ claims: { client_id: 7 } }),
      "the access token's client_id claim is invalid",
    ],
    [
      'issued in the future (past the tolerance)',
      () => mint({ claims: { iat: seconds(minted) + 120 } }),
      "the access token's iat claim is invalid",
    ],
    [
      'not valid before a later time',
      () => mint({ claims: { nbf: seconds(minted) + 120 } }),
      "the access token's nbf claim is invalid",
    ],
    [
      'an unknown kid',
      async () => mint({ key: await otherKey('other') }),
      'the access token signature does not verify',
    ],
    [
      'another key with the same kid',
      async () => mint({ key: await otherKey(services.keys.signing[0]!.kid!) }),
      'the access token signature does not verify',
    ],
    [
      'HS256',
      async () =>
        new SignJWT({ iss: BASE, aud: RESOURCE, sub: services.demoUserId, client_id: 'c', jti: 'j' })
          .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
          .setIssuedAt(seconds(minted))
          .setExpirationTime(seconds(minted) + 600)
          .sign(new TextEncoder().encode('a shared secret of thirty-two bytes')),
      'the access token is signed with an algorithm this server does not accept',
    ],
  ])('%s', async (_, make, description) => {
    expect(await verify(await make())).toEqual(refused(description));
  });
});

describe('the time of the check', () => {
  it('is the one passed in: a new token is good from 5 s before its iat until 5 s past its expiry, to the second', async () => {
    const fresh = () => mintAccessToken(services, services.demoUserId, { now: minted });
    expect(await services.verifier.verify(await fresh(), after(604_999))).toEqual(accepted(minted));
    expect(await services.verifier.verify(await fresh(), after(605_000))).toEqual(
      refused('the access token has expired'),
    );
    expect(await services.verifier.verify(await fresh(), after(-5_000))).toEqual(accepted(minted));
    expect(await services.verifier.verify(await fresh(), after(-6_000))).toEqual(
      refused("the access token's iat claim is invalid"),
    );
  });
});

describe('the keys', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("are the server's own: nothing is fetched, also once a cached key set would be stale", async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(minted);
    const first = await mintAccessToken(services, services.demoUserId, { now: minted });
    expect(await services.verifier.verify(first, after(1_000))).toEqual(accepted(minted));
    vi.setSystemTime(after(400_000));
    const second = await mintAccessToken(services, services.demoUserId, { now: after(400_000) });
    expect(await services.verifier.verify(second, after(401_000))).toEqual(accepted(after(400_000)));
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe('remembered tokens', () => {
  it('a token verified once is still refused after its expiry (10 minutes + 5 s tolerance)', async () => {
    const token = await mintAccessToken(services, services.demoUserId, { now: minted });
    const at = (ms: number) => services.verifier.verify(token, after(ms));
    expect(await at(60_000)).toEqual(accepted(minted));
    expect(await at(600_000 + 4_000)).toEqual(accepted(minted));
    expect(await at(600_000 + 5_000)).toEqual(refused('the access token has expired'));
  });
  it('a token that differs by one character is verified from scratch, and refused', async () => {
    const now = new Date();
    const token = await mintAccessToken(services, services.demoUserId, { now });
    expect(await services.verifier.verify(token, now)).toEqual(accepted(now));
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await services.verifier.verify(tampered, now)).toEqual(
      refused('the access token signature does not verify'),
    );
  });
});
