/**
 * Instructions per request of the built service and the bare-Hono anchor, counted by valgrind's callgrind: a figure
 * that the machine's speed and the other work on it do not move, unlike req/s and even CPU time (on the project's VM
 * the same build's CPU per call moved by half between minutes). Each target runs under callgrind. After a warm-up
 * (so the JIT and the young generation have settled: after 6,000 requests the service's first window could still
 * count almost twice its last, TurboFan optimising its code, where bare Hono's had settled), for each of a few
 * windows, the counters are zeroed, a fixed number of requests is sent and the counters are dumped: every thread's
 * instructions over exactly that stretch, divided by the requests. The windows together are reported, with their
 * range beside it.
 *
 *   npx tsx bench/instructions.ts [--warmup 20000] [--windows 3] [--requests 2000] [--only governor|initialize|list]
 *
 * `--vs-root <a built checkout>` adds that build (`baseline`); `--vs-env KEY=VALUE` (repeatable) adds this build
 * again with those settings (`variant`, e.g. `--vs-env RATE_LIMIT_PER_MINUTE=0`: what the limiter costs).
 *
 * What it does not see: time in the kernel (the socket writes, the request log's file writes) and how fast the
 * instructions run (cache misses, branch mispredictions). It takes three to six minutes per target and scenario,
 * as Node runs some fifty times slower under valgrind. Needs valgrind (`apt-get install -y valgrind`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_BODIES, type BenchBodyName } from './bodies.js';
import { envPairs } from './env-pairs.js';
import { postExactly } from './load.js';
import { BENCH_SERVICE_ENV, startAnchor, startService, type Launch, type Running } from './processes.js';
import { mean } from './stats.js';

const { values } = parseArgs({
  options: {
    warmup: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '2000' },
    windows: { type: 'string', default: '3' },
    connections: { type: 'string', default: '8' },
    only: { type: 'string' },
    // Another checkout's build in place of this one, or beside it (`baseline`): before and after in the same run.
    'service-root': { type: 'string' },
    'vs-root': { type: 'string' },
    'vs-env': { type: 'string', multiple: true, default: [] },
  },
});
const warmup = Number(values.warmup);
const requests = Number(values.requests);
const windows = Number(values.windows);
const connections = Number(values.connections);

const valgrind = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
if (valgrind.status !== 0) {
  process.stderr.write('bench/instructions.ts needs valgrind: apt-get install -y valgrind\n');
  process.exit(2);
}

const outputDir = mkdtempSync(join(tmpdir(), 'kingshot-callgrind-'));
/**
 * callgrind_control reaches a process through a file named after the user and the HOST variable of both sides; the
 * bench sets HOST for every process it starts, and the user is set here so that the children have one too.
 */
process.env.USER ??= 'bench';
process.env.LOGNAME ??= process.env.USER;
const CONTROL_ENV = { ...process.env, HOST: '127.0.0.1' };
const launch: Launch = {
  wrapper: [
    'valgrind',
    '--tool=callgrind',
    // V8 writes and rewrites machine code: valgrind must notice code changing outside files.
    '--smc-check=all-non-file',
    `--callgrind-out-file=${outputDir}/callgrind.%p`,
  ],
  // Node starts in some 15 s under valgrind on the project's VM; a slow moment doubles that.
  firstResponseWithinMs: 120_000,
};

function control(pid: number, command: string): void {
  const result = spawnSync('callgrind_control', [command, String(pid)], { encoding: 'utf8', env: CONTROL_ENV });
  // It exits with 0 even when it could not reach the process ("error opening …" on stderr, beside its usual
  // "sending command …").
  if (result.status !== 0 || /error|failed/i.test(result.stderr))
    throw new Error(`callgrind_control ${command} ${pid}: ${result.stderr || result.stdout}`);
}

/**
 * The instruction count (Ir) of dump `dump` of process `pid`: callgrind numbers a process's dumps from 1, and each
 * window makes one, named `window-<n>` (checked, so a dump made some other way cannot pass for it).
 */
function dumpedInstructions(pid: number, dump: number): number {
  const path = join(outputDir, `callgrind.${pid}.${dump}`);
  const text = readFileSync(path, 'utf8');
  const summary = /^summary: (\d+)$/m.exec(text);
  if (!text.includes(`\ndesc: Trigger: dump window-${dump}\n`) || !summary)
    throw new Error(`${path} is not the complete dump of window ${dump}`);
  return Number(summary[1]);
}

/**
 * A service (`root`'s build) under callgrind, returned once it says it can serve (/ready: its account stack loaded,
 * its store answering). The service answers /mcp before that and loads the rest behind it; under valgrind that takes
 * a minute or more, and compiling it landed in a counted window (1,307,118 instructions a request against 566,824
 * two windows on), so a window would count the start, not the requests.
 */
async function startCountedService(port: number, env: Record<string, string>, root?: string): Promise<Running> {
  const service = await startService(port, env, root, undefined, launch);
  const deadline = performance.now() + 300_000;
  for (;;) {
    const res = await fetch(`${service.baseUrl}/ready`).catch(() => undefined);
    await res?.arrayBuffer();
    if (res?.status === 200) return service;
    if (performance.now() > deadline) {
      await service.stop();
      throw new Error(`the service on ${port} did not report ready within 300 s`);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Under valgrind a request that waits for the JIT can take seconds (autocannon's default gives up at 10). */
const send = (target: Running, body: string, amount: number) => postExactly(target, body, amount, connections, 120);

/** The instructions of each window of `requests` requests after the warm-up, per request. */
async function instructionsPerRequest(target: Running, body: string): Promise<number[]> {
  const pid = target.process.pid!;
  await send(target, body, warmup);
  const perRequest: number[] = [];
  for (let window = 1; window <= windows; window++) {
    control(pid, '--zero');
    await send(target, body, requests);
    control(pid, `--dump=window-${window}`);
    // callgrind writes the dump between two of the process's own steps: wait for the file.
    const deadline = performance.now() + 60_000;
    for (;;) {
      try {
        perRequest.push(dumpedInstructions(pid, window) / requests);
        break;
      } catch (error) {
        if (performance.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }
  return perRequest;
}

/** The targets besides the service and bare Hono: another build, and this build with other settings. */
const vsRoot = values['vs-root'];
const vsEnv = envPairs(values['vs-env']);
const others: { name: string; start: () => Promise<Running> }[] = [
  ...(vsRoot ? [{ name: 'baseline', start: () => startCountedService(3642, BENCH_SERVICE_ENV, vsRoot) }] : []),
  ...(values['vs-env'].length > 0
    ? [
        {
          name: 'variant',
          start: () => startCountedService(3643, { ...BENCH_SERVICE_ENV, ...vsEnv }, values['service-root']),
        },
      ]
    : []),
];

const thousands = (n: number) => Math.round(n).toLocaleString('en');
const range = (xs: number[]) => `${thousands(Math.min(...xs))}-${thousands(Math.max(...xs))}`;
const names = (Object.keys(BENCH_BODIES) as BenchBodyName[]).filter((n) => !values.only || n.includes(values.only));
const rows: string[] = [];
for (const name of names) {
  const counts: Record<string, number[]> = {};
  for (const { name: targetName, start } of [
    { name: 'service', start: () => startCountedService(3640, BENCH_SERVICE_ENV, values['service-root']) },
    { name: 'bare-hono', start: () => startAnchor('bare-hono', 3641, launch) },
    ...others,
  ]) {
    const target = await start();
    try {
      const windowsCounted = await instructionsPerRequest(target, BENCH_BODIES[name]);
      counts[targetName] = windowsCounted;
      process.stdout.write(
        `  ${name} ${targetName}: ${windowsCounted.map(thousands).join(', ')} instructions a request\n`,
      );
    } finally {
      await target.stop();
    }
  }
  // Work that comes now and then (a major collection above all, which costs the service more as its old generation
  // is larger) lands in one window and can add a third to it or more (seen: tools/call 534,106, 736,536 and 573,510
  // a request). It is part of what a request costs, so the figure is all the windows together, not their median.
  const service = mean(counts['service']!);
  const bare = mean(counts['bare-hono']!);
  const cells = [
    `${thousands(service)} (${range(counts['service']!)})`,
    `${thousands(bare)} (${range(counts['bare-hono']!)})`,
    `${(service / bare).toFixed(3)}x`,
    ...others.flatMap(({ name: other }) => {
      const figure = mean(counts[other]!);
      return [
        `${thousands(figure)} (${range(counts[other]!)})`,
        `${(figure / bare).toFixed(3)}x`,
        `${(figure / service).toFixed(3)}x`,
      ];
    }),
  ];
  rows.push(`| ${name} | ${cells.join(' | ')} |`);
}
const otherColumns = others.flatMap(({ name }) => [name, `${name} / bare Hono`, `${name} / service`]);
const settings = values['vs-env'].length > 0 ? ` The variant: this build with ${values['vs-env'].join(' ')}.` : '';
process.stdout.write(
  `\n${warmup} requests to warm up, then ${windows} windows of ${requests} counted (all windows together, and the windows' range), ${connections} connections (valgrind ${valgrind.stdout.trim()}, Node ${process.version}).${settings} The dumps, for callgrind_annotate: ${outputDir}\n\n` +
    `| Scenario | Service, instructions a request | Bare Hono | Service / bare Hono |${otherColumns.map((c) => ` ${c} |`).join('')}\n` +
    `| --- | ---: | ---: | ---: |${otherColumns.map(() => ' ---: |').join('')}\n` +
    `${rows.join('\n')}\n`,
);
