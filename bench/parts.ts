/**
 * CPU microseconds per request by part, in this process (process.cpuUsage over many repetitions, after a warm-up):
 * the pieces of a `tools/call governor_gear_cost` on `/mcp`, each run by the service's own code, so a regression shows
 * where it happens. CPU time, not wall time: other work on a shared machine moves it far less than req/s.
 *
 *   npx tsx bench/parts.ts [--repetitions 200000]
 */
import { isUtf8 } from 'node:buffer';
import { openSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { governorGearCost } from '../src/calculators/governor-gear.js';
import { BodyBytes } from '../src/http/body-bytes.js';
import { compress } from '../src/http/compression.js';
import { acceptsMcpResponses, jsonContentType } from '../src/http/media-types.js';
import { jsonShapeProblem } from '../src/http/read-body.js';
import { JSON_LIMITS } from '../src/http/request-peek.js';
import { decideEra, metaVersionOf } from '../src/mcp/era.js';
import { classify } from '../src/mcp/jsonrpc.js';
import { SlidingWindowLimiter } from '../src/http/rate-limit.js';
import { successJson } from '../src/mcp/tools-call.js';
import { createRequestLogger, requestLineDestination, requestLineWriter } from '../src/observability/logger.js';
import { ServiceMetrics } from '../src/observability/metrics.js';
import { BASE, MCP_HEADERS, testApp } from '../test/helpers.js';
import { GEAR_CALL_ARGUMENTS } from './bodies.js';

const { values } = parseArgs({ options: { repetitions: { type: 'string', default: '200000' } } });
const repetitions = Number(values.repetitions);

function perCall(run: (i: number) => unknown, times = repetitions): number {
  for (let i = 0; i < Math.min(times, 20_000); i++) run(i);
  const before = process.cpuUsage();
  for (let i = 0; i < times; i++) run(i);
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / times;
}

async function perRequest(run: () => Promise<unknown>, times: number): Promise<number> {
  for (let i = 0; i < Math.min(times, 2_000); i++) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < times; i++) await run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / times;
}

const outcome = governorGearCost(GEAR_CALL_ARGUMENTS);
if (!outcome.ok) throw new Error('the benchmark call failed');
const body = `{"jsonrpc":"2.0","id":1,"result":${successJson(outcome.value, '2025-11-25')}}`;
const metrics = new ServiceMetrics();
const limiter = new SlidingWindowLimiter({ limit: 1_000_000_000 });
// bench/limits.ts's many clients: 65,536 addresses in turn behind a trusted proxy at 60 a minute, a request every
// 0.2 ms (5,000 a second), so each client comes back every 13 s and none reaches its limit.
const manyClientsLimiter = new SlidingWindowLimiter({ limit: 60 });
const clientAddress = (i: number) => `10.77.${(i >> 8) & 255}.${i & 255}`;
// The request logger as main.ts builds it, writing to /dev/null instead of stdout.
const requestLog = createRequestLogger('info', requestLineDestination(openSync('/dev/null', 'w')));
const writeRequestLine = requestLineWriter(requestLog);
const app = testApp();
const request = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'governor_gear_cost', arguments: GEAR_CALL_ARGUMENTS },
});

const requestBytes = Buffer.from(request);
const bodyBytes = new BodyBytes();

/** The route's checks before dispatch, in its order (mcp-route.ts), on the call's headers and body. */
function protocolChecks(): unknown {
  if (!jsonContentType(MCP_HEADERS['content-type']).ok) throw new Error('content type refused');
  if (!acceptsMcpResponses(MCP_HEADERS.accept)) throw new Error('accept refused');
  if (!isUtf8(requestBytes)) throw new Error('not UTF-8');
  const text = requestBytes.toString('utf8');
  if (jsonShapeProblem(text, JSON_LIMITS)) throw new Error('shape refused');
  const parsed: unknown = JSON.parse(text);
  const message = classify(parsed);
  if (message.kind !== 'request') throw new Error('not a request');
  const era = decideEra({
    method: message.request.method,
    header: '2025-11-25', // MCP-Protocol-Version, as the bench's clients send it
    metaVersion: metaVersionOf(parsed),
  });
  if (era.kind === 'refuse') throw new Error('era refused');
  return message;
}

const rows: [string, number][] = [
  [
    'protocol checks (content type, Accept, UTF-8, JSON shape and parse, JSON-RPC shape, protocol version)',
    perCall(protocolChecks),
  ],
  ['handler (governorGearCost)', perCall(() => governorGearCost(GEAR_CALL_ARGUMENTS))],
  ['serialisation (successJson)', perCall(() => successJson(outcome.value, '2025-11-25'))],
  [
    'log line (the request line writer, as the request observer writes it)',
    perCall((i) =>
      writeRequestLine({
        request_id: `bench-${i}`,
        endpoint: 'mcp',
        method: 'POST',
        mcp_method: 'tools/call',
        tool: 'governor_gear_cost',
        outcome: 'result',
        status: 200,
        duration_ms: 1.234,
      }),
    ),
  ],
  [
    'metrics (both histograms)',
    perCall(() =>
      metrics.requestEnded('mcp', 'POST', 200, 0.003, {
        method: 'tools/call',
        tool: 'governor_gear_cost',
        outcome: 'result',
      }),
    ),
  ],
  ['limiter (in-process take)', perCall((i) => limiter.take('127.0.0.1', 1_800_000_000_000 + Math.floor(i / 100)))],
  [
    // The address is built anew each time, as each request's header is, so its hash is computed each time too.
    'limiter, 65,536 clients in turn at 60 a minute (in-process take, the address built anew)',
    perCall((i) => manyClientsLimiter.take(clientAddress(i), 1_800_000_000_000 + i / 5)),
  ],
  [
    `the answer's bytes (one UTF-8 pass into the kept buffer, ${body.length} characters)`,
    perCall(() => {
      const bytes = bodyBytes.encode(body);
      bodyBytes.written(false);
      return bytes;
    }),
  ],
  [`compression, br (${body.length} B)`, perCall(() => compress(body, 'br'), 20_000)],
  [`compression, gzip (${body.length} B)`, perCall(() => compress(body, 'gzip'), 20_000)],
  [
    'whole request through the app in-process (protocol checks, handler, serialisation; no socket, no observer)',
    await perRequest(async () => {
      const res = await app.request(`${BASE}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: request });
      return res.text();
    }, 20_000),
  ],
];
console.log('| Part | µs of CPU per request |\n| --- | ---: |');
for (const [part, micros] of rows) console.log(`| ${part} | ${micros.toFixed(2)} |`);
