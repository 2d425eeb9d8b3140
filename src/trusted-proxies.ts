/**
 * TRUSTED_PROXIES parsed once at start: addresses and CIDRs, IPv4 and IPv6. A request's socket address (or an
 * X-Forwarded-For entry) matches by network, so `127.0.0.0/8` covers every loopback address, and an IPv4-mapped
 * IPv6 address (`::ffff:10.0.0.1`, how an IPv4 proxy arrives on a server bound to `::`) matches the IPv4 entry.
 * An entry that does not parse is a configuration error, not an entry that silently never matches.
 */
import ipaddr from 'ipaddr.js';
import { keptKey } from './kept-key.js';

/** What the service asks of the list; a plain Set of exact addresses is one too (tests). */
export interface TrustedProxies {
  has(address: string): boolean;
  readonly size: number;
}

const EXAMPLE = 'e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8';

/**
 * Addresses whose verdict is kept; past this many the list starts again (a flood of new addresses parses each).
 * Only addresses not written as a plain dotted quad reach it: those are matched as numbers.
 */
const VERDICTS_KEPT = 4096;

const NOT_A_DOTTED_QUAD = -1;

/**
 * An IPv4 address written as four decimal parts of 0-255 without leading zeros (how sockets and proxies write
 * them) as its 32-bit number; NOT_A_DOTTED_QUAD for anything else. ipaddr.js reads other forms its own way
 * (`010.0.0.1` as octal, `10.1` as two parts), so they keep going to it.
 */
function dottedQuad(address: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < address.length; i++) {
    const code = address.charCodeAt(i);
    if (code === 46) {
      if (digits === 0 || ++dots > 3) return NOT_A_DOTTED_QUAD;
      value = value * 256 + part;
      part = 0;
      digits = 0;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && part === 0) return NOT_A_DOTTED_QUAD;
      part = part * 10 + (code - 48);
      digits++;
      if (part > 255) return NOT_A_DOTTED_QUAD;
    } else return NOT_A_DOTTED_QUAD;
  }
  return digits === 0 || dots !== 3 ? NOT_A_DOTTED_QUAD : value * 256 + part;
}

/** An IPv4 network as numbers: an address is in it when its first `prefix` bits are the network's. */
interface NumericNetwork {
  first: number;
  /** 2 ** (32 - prefix): dividing by it drops the bits after the prefix. */
  size: number;
}

function numericNetwork(network: ipaddr.IPv4, prefix: number): NumericNetwork {
  const [a, b, c, d] = network.octets as [number, number, number, number];
  const size = 2 ** (32 - prefix);
  return { first: Math.floor((((a * 256 + b) * 256 + c) * 256 + d) / size), size };
}

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
  const ipv4 = networks
    .filter(([network]) => network.kind() === 'ipv4')
    .map(([network, prefix]) => numericNetwork(network as ipaddr.IPv4, prefix));
  const matchesQuad = (value: number): boolean => {
    for (const { first, size } of ipv4) if (Math.floor(value / size) === first) return true;
    return false;
  };
  const matches = (address: string): boolean => {
    if (networks.length === 0) return false;
    const parsed = canonical(address);
    if (!parsed) return false;
    return networks.some(([network, prefix]) => parsed.kind() === network.kind() && parsed.match(network, prefix));
  };
  // Every request asks about its socket's address, and one through a proxy about its X-Forwarded-For entries too.
  // Parsing one with ipaddr.js cost more than the rest of the rate limiter's work (CPU profile under load): dotted
  // quads are matched as numbers, and the verdicts of the other addresses seen lately are kept.
  const verdicts = new Map<string, boolean>();
  const proxies: TrustedProxies = {
    size: networks.length,
    has(address) {
      if (networks.length === 0) return false;
      const quad = dottedQuad(address);
      if (quad !== NOT_A_DOTTED_QUAD) return matchesQuad(quad);
      let verdict = verdicts.get(address);
      if (verdict === undefined) {
        verdict = matches(address);
        if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
        verdicts.set(keptKey(address), verdict);
      }
      return verdict;
    },
  };
  return { proxies, problems };
}
