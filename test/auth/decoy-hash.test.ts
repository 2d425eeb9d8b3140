/**
 * A sign-in with an unknown email does exactly the hashing of one with a known email and a wrong password: one
 * scrypt, with the same cost parameters, salt length and key length, from the very first unknown email on (the
 * decoy it is checked against is made of random bytes, not by hashing, so the first miss costs no extra hash that
 * would tell it apart). Counted by wrapping node:crypto's scrypt, so no timing is measured.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { TEST_PASSWORD_HASHING, testStore } from '../support/stores.js';

const hashes = vi.hoisted(() => [] as { N: number; r: number; p: number; saltBytes: number; keyBytes: number }[]);
vi.mock('node:crypto', async (importOriginal) => {
  // vi.mock's factory is hoisted above the imports, so the module's type can only be named inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const actual = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof actual.scrypt>) => {
    const [, salt, keyBytes, options] = args as unknown as [
      unknown,
      Buffer,
      number,
      { N: number; r: number; p: number },
    ];
    hashes.push({ N: options.N, r: options.r, p: options.p, saltBytes: salt.length, keyBytes });
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

describe.each([
  { cost: "the service's", hashing: undefined, N: 32_768 },
  { cost: "the tests'", hashing: TEST_PASSWORD_HASHING, N: TEST_PASSWORD_HASHING.N },
])('the unknown-email path hashes exactly like a known one, at $cost cost', ({ hashing, N }) => {
  let store: Store;
  beforeAll(async () => {
    store = await testStore('sqlite', { passwordHashing: hashing });
    await store.users.create({ email: 'known@example.com', name: 'Known', password: 'known-password' });
  });
  afterAll(() => store.close());

  /** The scrypt calls one authentication makes. */
  async function hashesOf(email: string, password: string) {
    hashes.length = 0;
    const user = await store.users.authenticate(email, password);
    return { signedIn: user !== undefined, hashes: [...hashes] };
  }

  it("one scrypt with the stored hashes' parameters, for the first unknown email as for every later one", async () => {
    const one = { N, r: 8, p: 1, saltBytes: 16, keyBytes: 32 };
    expect(await hashesOf('nobody@example.com', 'some-password')).toEqual({ signedIn: false, hashes: [one] });
    expect(await hashesOf('known@example.com', 'wrong-password')).toEqual({ signedIn: false, hashes: [one] });
    expect(await hashesOf('someone-else@example.com', 'some-password')).toEqual({ signedIn: false, hashes: [one] });
    expect(await hashesOf('known@example.com', 'known-password')).toEqual({ signedIn: true, hashes: [one] });
  });
});
