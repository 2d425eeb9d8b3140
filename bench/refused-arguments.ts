/**
 * `npm run bench:refused-arguments`: the CPU one refused request costs the service, for the worst bodies within the
 * limits (issue 22 item 1; target: at most 50 ms each). In-process, through the whole app (body read, JSON parse,
 * validation, the error message), measured with process.cpuUsage around each request; the body is built
 * beforehand so building it is not counted. Median and maximum of --runs runs (default 20) after two warm-ups.
 *
 * Bodies: /mcp tools/call with ~1 MiB of unknown argument names (short and long), with one ~1 MiB unknown name,
 * with a ~1 MiB enum value; and a calculator page URL of ~16 KB of unknown query names (Node's header limit).
 */
import { parseArgs } from 'node:util';
import { createApp } from '../src/app.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const BASE = 'http://127.0.0.1:3000';
const app = createApp({
  logError: () => undefined,
  config: {
    baseUrl: BASE,
    rateLimitPerMinute: 0,
    authRateLimitPerMinute: 0,
    allowedHosts: new Set(['127.0.0.1:3000']),
    allowedOrigins: new Set([BASE]),
    trustedProxies: new Set(),
  },
});
const MIB = 1024 * 1024;

function toolsCall(name: string, args: string): string {
  return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`;
}
/** `{"from":0,"to":22,"<prefix>0":0,…}` up to about `bytes` or `count` names. */
function unknownNames(prefix: string, bytes: number, count = Infinity): string {
  const parts = ['"from":0', '"to":22'];
  let size = 0;
  for (let i = 0; size < bytes && i < count; i++) {
    const part = `"${prefix}${i}":${i}`;
    parts.push(part);
    size += part.length + 1;
  }
  return `{${parts.join(',')}}`;
}

const bodies: [string, () => Response | Promise<Response>][] = [
  ...(
    [
      ['tools/call, ~1 MiB of short unknown names (~70,000)', unknownNames('n', MIB - 200)],
      [
        'tools/call, 9,990 unknown names (just under the 10,000 names a message may have)',
        unknownNames('n', MIB, 9_990),
      ],
      ['tools/call, ~1 MiB of 200-character unknown names', unknownNames('x'.repeat(200), MIB - 200)],
      ['tools/call, one ~1 MiB unknown name', `{"from":0,"to":22,"${'y'.repeat(MIB - 200)}":1}`],
    ] as const
  ).map(
    ([label, args]) =>
      [
        label,
        () =>
          app.request(`${BASE}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body: toolsCall('governor_charm_cost', args),
          }),
      ] as [string, () => Response | Promise<Response>],
  ),
  [
    'tools/call, a ~1 MiB enum value (truegold building)',
    () =>
      app.request(`${BASE}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: toolsCall('truegold_upgrade_cost', `{"building":"${'b'.repeat(MIB - 300)}","from":"30","to":"TG1"}`),
      }),
  ],
  [
    'calculator page, ~16 KB of unknown query names',
    () => {
      const query = Array.from({ length: 1800 }, (_, i) => `q${i}=1`).join('&');
      return app.request(`${BASE}/calculators/governor-charm-cost?from=0&to=22&${query.slice(0, 16_000)}`);
    },
  ],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const lines = ['| Refused request | status | CPU ms median | CPU ms max |', '| --- | ---: | ---: | ---: |'];
let worst = 0;
for (const [label, send] of bodies) {
  const cpu: number[] = [];
  let status = 0;
  for (let i = 0; i < runs + 2; i++) {
    const before = process.cpuUsage();
    const res = await send();
    await res.arrayBuffer();
    const used = process.cpuUsage(before);
    status = res.status;
    if (i >= 2) cpu.push((used.user + used.system) / 1000);
  }
  worst = Math.max(worst, ...cpu);
  lines.push(`| ${label} | ${status} | ${median(cpu).toFixed(1)} | ${Math.max(...cpu).toFixed(1)} |`);
}
lines.push('', `Worst: ${worst.toFixed(1)} ms (target at most 50 ms).`);
process.stdout.write(`${lines.join('\n')}\n`);
if (worst > 50) process.exitCode = 1;
