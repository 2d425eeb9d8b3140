/**
 * Own per-minute budgets on the public MCP endpoint for listed networks (RATE_LIMIT_NETWORKS, e.g.
 * `198.51.100.0/24=6000,2001:db8::/32=6000`). Hosted assistants call from a few shared egress addresses, so the
 * default 60 a minute per address is too little for the many users behind one of them.
 *
 * The budget is per address inside the network, not shared by the network: each egress address gets its own
 * 6,000, so one busy address cannot use up its neighbours' budget, and the network's total stays bounded by its
 * size. The address is the one the rate limit already uses (TRUSTED_PROXIES resolved first); when networks
 * overlap, the most specific (longest prefix) wins.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface NetworkBudget {
  /** Canonical CIDR (`198.51.100.0/24`, `2001:db8::/32`). */
  network: string;
  /** Requests per rolling minute for each address in the network. */
  perMinute: number;
}

const MAX_BUDGET = 1_000_000_000;
const EXAMPLE = 'e.g. 198.51.100.0/24=6000,2001:db8::/32=6000';

/** One `<network>=<budget>` entry, or why it is not one. */
function parseEntry(entry: string): NetworkBudget | string {
  const equals = entry.lastIndexOf('=');
  if (equals < 0) return `"${entry}" has no budget: write <network>=<requests per minute> (${EXAMPLE})`;
  const [cidr, budgetText] = [entry.slice(0, equals).trim(), entry.slice(equals + 1).trim()];
  const slash = cidr.indexOf('/');
  const address = slash < 0 ? cidr : cidr.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return `"${cidr}" is not an IPv4 or IPv6 network (${EXAMPLE})`;
  const bits = family === 4 ? 32 : 128;
  const prefixText = slash < 0 ? String(bits) : cidr.slice(slash + 1);
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > bits)
    return `"${cidr}": the prefix length must be a whole number from 0 to ${bits} for IPv${family}`;
  const network = (family === 4 ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(`${address}/${prefix}`).toString();
  if (network !== ipaddr.parse(address).toString())
    return `"${cidr}" has bits set past its /${prefix} prefix; did you mean ${network}/${prefix}?`;
  const perMinute = Number(budgetText);
  if (!/^\d+$/.test(budgetText) || perMinute < 1 || perMinute > MAX_BUDGET)
    return `"${entry}": the budget must be a whole number of requests per minute from 1 to ${MAX_BUDGET}`;
  return { network: `${network}/${prefix}`, perMinute };
}

/** RATE_LIMIT_NETWORKS parsed, with a problem per bad entry (the config lists them all). */
export function parseNetworkBudgets(raw: string | undefined): { budgets: NetworkBudget[]; problems: string[] } {
  const budgets: NetworkBudget[] = [];
  const problems: string[] = [];
  for (const entry of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const parsed = parseEntry(entry);
    if (typeof parsed === 'string') problems.push(`RATE_LIMIT_NETWORKS: ${parsed}`);
    else if (budgets.some((b) => b.network === parsed.network))
      problems.push(`RATE_LIMIT_NETWORKS: ${parsed.network} is listed twice`);
    else budgets.push(parsed);
  }
  return { budgets, problems };
}

/** The budget of an address's network, or undefined for the default; IPv4-mapped IPv6 addresses match IPv4 networks. */
export function networkBudgetOf(budgets: readonly NetworkBudget[]): (address: string) => number | undefined {
  const prefixOf = (b: NetworkBudget) => Number(b.network.slice(b.network.lastIndexOf('/') + 1));
  const lists = [...budgets]
    .sort((a, b) => prefixOf(b) - prefixOf(a))
    .map((b) => {
      const list = new BlockList();
      const [address] = b.network.split('/');
      list.addSubnet(address!, prefixOf(b), isIPv4(address!) ? 'ipv4' : 'ipv6');
      return { list, perMinute: b.perMinute };
    });
  return (address) => {
    const family = isIP(address);
    if (family === 0) return undefined;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    for (const { list, perMinute } of lists) if (list.check(address, type)) return perMinute;
    return undefined;
  };
}
