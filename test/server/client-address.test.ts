import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestClientAddress } from '../../src/http/client-address.js';
import type { RequestView } from '../../src/http/request-view.js';
import { parseTrustedProxies } from '../../src/trusted-proxies.js';

function from(remoteAddress: string, forwardedFor?: string): RequestView {
  return {
    header: (name) => (name === 'x-forwarded-for' ? forwardedFor : undefined),
    incoming: { socket: { remoteAddress } } as IncomingMessage,
    fetchRequest: undefined,
  };
}

describe('the client address behind trusted proxies', () => {
  const { proxies } = parseTrustedProxies('10.0.0.0/8, 192.0.2.1');

  it('is the right-most X-Forwarded-For entry that is not a trusted proxy', () => {
    const cases: [string, string | undefined, string][] = [
      ['10.0.0.1', '198.51.100.7', '198.51.100.7'],
      ['10.0.0.1', '203.0.113.5, 198.51.100.7', '198.51.100.7'],
      ['10.0.0.1', '203.0.113.5, 198.51.100.7, 10.1.2.3', '198.51.100.7'],
      ['10.0.0.1', '203.0.113.5,198.51.100.7,192.0.2.1', '198.51.100.7'],
      ['10.0.0.1', ' 203.0.113.5 ,  198.51.100.7 ', '198.51.100.7'],
      ['10.0.0.1', '198.51.100.7,', '198.51.100.7'],
      ['10.0.0.1', '198.51.100.7, , ,', '198.51.100.7'],
      ['10.0.0.1', ',198.51.100.7', '198.51.100.7'],
      ['10.0.0.1', 'garbage, 10.9.9.9', 'garbage'],
      ['10.0.0.1', '2001:db8::7', '2001:db8::7'],
    ];
    expect(cases.map(([remote, header]) => requestClientAddress(from(remote, header), proxies))).toEqual(
      cases.map(([, , client]) => client),
    );
  });

  it('is the socket address when every entry is a trusted proxy, the header is empty or absent', () => {
    const cases: [string, string | undefined][] = [
      ['10.0.0.1', '10.2.2.2, 192.0.2.1'],
      ['10.0.0.1', ''],
      ['10.0.0.1', ' , ,'],
      ['10.0.0.1', undefined],
    ];
    expect(cases.map(([remote, header]) => requestClientAddress(from(remote, header), proxies))).toEqual(
      cases.map(() => '10.0.0.1'),
    );
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(requestClientAddress(from('198.51.100.9', '203.0.113.5'), proxies)).toBe('198.51.100.9');
    expect(requestClientAddress(from('198.51.100.9'), proxies)).toBe('198.51.100.9');
  });
});
