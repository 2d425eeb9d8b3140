/**
 * Sign-up and password-reset answers for a known and an unknown email: the same page, byte for byte, and the same
 * work. The work is counted, not timed: node:crypto's scrypt is wrapped (as test/auth/decoy-hash.test.ts does) and
 * each answer's hashes compared, and each path sends exactly one mail through the real SMTP server. The store here
 * hashes at the tests' cost (TEST_PASSWORD_HASHING); test/auth/decoy-hash.test.ts checks the service's own too.
 */
import { describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD_HASHING } from '../support/stores.js';
import { accountSite, form } from './support.js';

const hashes = vi.hoisted(() => [] as { N: number }[]);
vi.mock('node:crypto', async (importOriginal) => {
  // vi.mock's factory is hoisted above the imports, so the module's type can only be named inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const actual = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof actual.scrypt>) => {
    hashes.push({ N: (args[3] as { N: number }).N });
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

describe('known and unknown emails are answered alike', () => {
  it('sign-up: same body, one scrypt with the same cost, one mail each', async () => {
    const site = await accountSite('sqlite');
    const attempt = async (email: string) => {
      hashes.length = 0;
      const mailsBefore = site.smtp.mails.length;
      const res = await form(site.app, '/account/sign-up', { email, name: 'Eve', password: 'velvet harbor moon 12' });
      return { status: res.status, body: res.body, hashes: [...hashes], mails: site.smtp.mails.length - mailsBefore };
    };
    const known = await attempt('demo@kingshot.example');
    const unknown = await attempt('stranger@example.com');
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    expect(known.hashes).toEqual([{ N: TEST_PASSWORD_HASHING.N }]);
    expect(known.mails).toBe(1);
  });

  it('forgot password: same body, no scrypt, one mail each', async () => {
    const site = await accountSite('sqlite');
    const attempt = async (email: string) => {
      hashes.length = 0;
      const mailsBefore = site.smtp.mails.length;
      const res = await form(site.app, '/account/forgot-password', { email });
      return { status: res.status, body: res.body, hashes: [...hashes], mails: site.smtp.mails.length - mailsBefore };
    };
    const known = await attempt('demo@kingshot.example');
    const unknown = await attempt('stranger@example.com');
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, hashes: [], mails: 1 });
  });

  it('sign-in: a wrong password and an unknown email each cost one scrypt', async () => {
    const site = await accountSite('sqlite');
    const attempt = async (email: string) => {
      hashes.length = 0;
      const res = await form(site.app, '/account/sign-in', { email, password: 'wrong password 1' });
      return { status: res.status, hashes: [...hashes] };
    };
    expect(await attempt('demo@kingshot.example')).toEqual({ status: 401, hashes: [{ N: TEST_PASSWORD_HASHING.N }] });
    expect(await attempt('stranger@example.com')).toEqual({ status: 401, hashes: [{ N: TEST_PASSWORD_HASHING.N }] });
  });
});
