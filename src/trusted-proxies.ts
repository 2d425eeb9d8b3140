/**
 * TRUSTED_PROXIES parsed once at start: addresses and CIDRs, IPv4 and IPv6. A request's socket address (or an
 * X-Forwarded-For entry) matches by network, so `127.0.0.0/8` covers every loopback address, and an IPv4-mapped
 * IPv6 address (`::ffff:10.0.0.1`, how an IPv4 proxy arrives on a server bound to `::`) matches the IPv4 entry.
 * An entry that does not parse is a configuration error, not an entry that silently never matches.
 */
import ipaddr from 'ipaddr.js';

/** What the service asks of the list; a plain Set of exact addresses is one too (tests). */
export interface TrustedProxies {
  has(address: string): boolean;
  readonly size: number;
}

const EXAMPLE = 'e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8';

/** Addresses whose verdict is kept; past this many the list starts again (a flood of new addresses parses each). */
const VERDICTS_KEPT = 4096;

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An address in the form it is matched in: IPv4-mapped IPv6 as IPv4. */
function canonical(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  return ipaddr.process(address);
}

function parseEntry(entry: string): Network | undefined {
  try {
    if (entry.includes('/')) {
      const [address, prefix] = ipaddr.parseCIDR(entry);
      if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96)
        return [(address as ipaddr.IPv6).toIPv4Address(), prefix - 96];
      return [address, prefix];
    }
    if (!ipaddr.isValid(entry)) return undefined;
    const address = ipaddr.process(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

export function parseTrustedProxies(raw: string | undefined): { proxies: TrustedProxies; problems: string[] } {
  const networks: Network[] = [];
  const problems: string[] = [];
  for (const entry of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const network = parseEntry(entry);
    if (network) networks.push(network);
    else problems.push(`TRUSTED_PROXIES: "${entry}" is not an IPv4 or IPv6 address or CIDR (${EXAMPLE})`);
  }
  const matches = (address: string): boolean => {
    if (networks.length === 0) return false;
    const parsed = canonical(address);
    if (!parsed) return false;
    return networks.some(([network, prefix]) => parsed.kind() === network.kind() && parsed.match(network, prefix));
  };
  // Every request asks about its socket's address: the verdicts of the addresses seen lately are kept, as parsing
  // one with ipaddr.js cost more than the rest of the rate limiter's work (CPU profile under load).
  const verdicts = new Map<string, boolean>();
  const proxies: TrustedProxies = {
    size: networks.length,
    has(address) {
      if (networks.length === 0) return false;
      let verdict = verdicts.get(address);
      if (verdict === undefined) {
        verdict = matches(address);
        if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
        verdicts.set(address, verdict);
      }
      return verdict;
    },
  };
  return { proxies, problems };
}
