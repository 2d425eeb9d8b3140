/**
 * The flood of the limits benchmark, in a process of its own so its sending does not slow the measuring client's
 * event loop: autocannon posting 1 MiB bodies to /mcp as one client (X-Forwarded-For) for a fixed time, then one
 * JSON line with what it saw.
 *
 * Usage: tsx bench/flood-worker.ts <url> <client address> <seconds> <connections>
 */
import autocannon from 'autocannon';
import { MCP_HEADERS } from './processes.js';

const [url, address, seconds, connections] = process.argv.slice(2);
const body = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(1024 * 1024 - 60)}"}}`;
const result = await autocannon({
  url: url!,
  method: 'POST',
  headers: { ...MCP_HEADERS, 'x-forwarded-for': address! },
  body,
  connections: Number(connections),
  duration: Number(seconds),
});
const statuses = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count]),
);
process.stdout.write(`${JSON.stringify({ requests: result.requests.total, statuses, errors: result.errors })}\n`);
