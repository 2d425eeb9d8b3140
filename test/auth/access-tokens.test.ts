/** The token verifier's memory of verified tokens: it changes nothing but how often the signature is checked. */
import { describe, expect, it } from 'vitest';
import { accountServices, mintAccessToken } from '../account-helpers.js';

const services = await accountServices();

describe('remembered tokens', () => {
  it('a token verified once is still refused after its expiry (10 minutes + 5 s tolerance)', async () => {
    const minted = new Date('2026-11-21T10:00:00Z');
    const token = await mintAccessToken(services, services.demoUserId, { now: minted });
    const at = (ms: number) => services.verifier.verify(token, new Date(minted.getTime() + ms));
    expect((await at(60_000)).ok).toBe(true);
    expect((await at(600_000 + 4_000)).ok).toBe(true);
    expect(await at(600_000 + 5_000)).toEqual({ ok: false, description: 'the access token has expired' });
  });
  it('a token that differs by one character is verified from scratch, and refused', async () => {
    const token = await mintAccessToken(services, services.demoUserId);
    expect((await services.verifier.verify(token, new Date())).ok).toBe(true);
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await services.verifier.verify(tampered, new Date())).toEqual({ ok: false, description: 'the access token signature does not verify' });
  });
});
