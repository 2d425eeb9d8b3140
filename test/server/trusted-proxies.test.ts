import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../../src/trusted-proxies.js';
import { usedBytes } from '../support/used-bytes.js';

/** The verdict as ipaddr.js alone gives it: the rule the list follows, whichever way it is computed. */
function byIpaddr(list: string[], address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return list.some((entry) => {
    const [network, prefix] = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : [ipaddr.process(entry), ipaddr.process(entry).kind() === 'ipv4' ? 32 : 128];
    const base =
      network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress()
        ? (network as ipaddr.IPv6).toIPv4Address()
        : network;
    const bits = base === network ? prefix : prefix - 96;
    return parsed.kind() === base.kind() && parsed.match(base, bits);
  });
}

const LIST = ['10.0.0.0/8', '192.168.4.0/22', '203.0.113.7', '0.0.0.0/32', '::ffff:198.51.100.0/120', '2001:db8::/32'];

/** Addresses written every way a header or a socket may carry one, including the forms ipaddr.js reads unusually. */
const WRITTEN = [
  '10.0.0.1',
  '10.255.255.255',
  '11.0.0.0',
  '9.255.255.255',
  '192.168.4.0',
  '192.168.7.255',
  '192.168.8.0',
  '192.168.3.255',
  '203.0.113.7',
  '203.0.113.8',
  '0.0.0.0',
  '198.51.100.42',
  '198.51.101.1',
  '255.255.255.255',
  '256.0.0.1',
  '10.0.0',
  '10.0.0.1.5',
  '10..0.1',
  '.10.0.0.1',
  '10.0.0.1.',
  '010.0.0.1',
  '00.0.0.0',
  '10.0.0.01',
  '0x0a.0.0.1',
  '167772161',
  '10.1',
  ' 10.0.0.1',
  '10.0.0.1 ',
  '１0.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:198.51.100.9',
  '2001:db8::1',
  '2001:db9::1',
  '::1',
  'unknown',
  '',
];

describe('TRUSTED_PROXIES matching', () => {
  it('gives the verdict ipaddr.js gives, for every way an address may be written', () => {
    const { proxies, problems } = parseTrustedProxies(LIST.join(','));
    expect(problems).toEqual([]);
    const expected = WRITTEN.map((address) => [address, byIpaddr(LIST, address)]);
    expect(WRITTEN.map((address) => [address, proxies.has(address)])).toEqual(expected);
    // The cases hold both verdicts, in both forms: the comparison can fail either way.
    expect(expected.filter(([, trusted]) => trusted).length).toBeGreaterThan(8);
    expect(expected.filter(([, trusted]) => !trusted).length).toBeGreaterThan(8);
  });

  it("gives ipaddr.js's verdicts over a rotation of 70,000 addresses, asked twice", () => {
    const { proxies } = parseTrustedProxies('10.77.0.0/17, 10.77.200.5');
    const disagreements: string[] = [];
    let trusted = 0;
    for (let pass = 0; pass < 2; pass++)
      for (let i = 0; i < 70_000; i++) {
        const address = `10.77.${(i >> 8) & 255}.${i & 255}`;
        const verdict = proxies.has(address);
        if (verdict) trusted++;
        if (verdict !== byIpaddr(['10.77.0.0/17', '10.77.200.5'], address)) disagreements.push(address);
      }
    expect(disagreements).toEqual([]);
    // Per pass: the first 65,536 cover every third octet once, 128 of them (32,768 addresses) in the /17; the
    // 4,464 after them wrap to third octets 0-17, all in it; and 10.77.200.5 once.
    expect(trusted).toBe(2 * (32_768 + 4_464 + 1));
  });

  it('keeps the verdict of an address cut from a long header without the header', () => {
    const { proxies } = parseTrustedProxies('2001:db8:1::/48');
    const padding = 'x'.repeat(8_000);
    const addresses = 4_000;
    const before = usedBytes();
    for (let i = 0; i < addresses; i++) {
      const header = `${padding}, 2001:db8:2::${i.toString(16)}`;
      expect(proxies.has(header.slice(header.lastIndexOf(',') + 2))).toBe(false);
    }
    // Each of the 4,000 verdicts kept held its 8 KB header: over 32 MB.
    expect(usedBytes() - before).toBeLessThan(4_000_000);
    expect(proxies.has('2001:db8:1::9')).toBe(true);
  });

  it('matches nothing with an empty list', () => {
    const { proxies } = parseTrustedProxies('');
    expect(['127.0.0.1', '::1', '10.0.0.1'].map((a) => proxies.has(a))).toEqual([false, false, false]);
  });
});
