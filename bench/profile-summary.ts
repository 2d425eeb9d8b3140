/**
 * Self time by function from a V8 .cpuprofile (`node --cpu-prof`): the functions a profile under load spends its
 * samples in, heaviest first, with their file and line, and the share of samples that are the service's own code.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 40] [--skip-ms 2000] [--requests 60000]
 *
 * `--skip-ms` leaves out the first milliseconds of samples (start-up, before the load began); `--requests` (how many
 * requests the load sent) adds each function's CPU microseconds per request, comparable between two processes;
 * `--inclusive name,name` adds the time spent in those functions and everything they called.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '40' },
    'skip-ms': { type: 'string', default: '0' },
    requests: { type: 'string' },
    inclusive: { type: 'string' },
  },
});
if (positionals.length !== 1) throw new Error('usage: bench/profile-summary.ts <file.cpuprofile> [--top n]');
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
const skipMicros = Number(values['skip-ms']) * 1000;
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= skipMicros) selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});
const requests = values.requests === undefined ? undefined : Number(values.requests);

function shortUrl(url: string): string {
  const at = url.lastIndexOf('/node_modules/');
  if (at !== -1) return url.slice(at + '/node_modules/'.length);
  const dist = url.indexOf('/dist/');
  return dist !== -1 ? url.slice(dist + 1) : url.replace(/^file:\/\//, '');
}

const byFunction = new Map<string, number>();
let total = 0;
let own = 0;
let idle = 0;
for (const [id, micros] of selfMicros) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  total += micros;
  if (url.includes('/dist/')) own += micros;
  if (functionName === '(idle)') idle += micros;
}
const busy = total - idle;
console.log(`samples: ${(total / 1e6).toFixed(2)} s, idle ${((100 * idle) / total).toFixed(1)}%`);
console.log(`the service's own code (dist/): ${((100 * own) / busy).toFixed(1)}% of busy time\n`);
if (requests) console.log(`busy CPU per request: ${(busy / requests).toFixed(1)} µs`);
console.log(`self % of busy | ms |${requests ? ' µs/request |' : ''} function`);
const rows = [...byFunction].filter(([key]) => !key.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
for (const [key, micros] of rows.slice(0, Number(values.top))) {
  const perRequest = requests ? ` ${(micros / requests).toFixed(2).padStart(6)} |` : '';
  console.log(
    `${((100 * micros) / busy).toFixed(2).padStart(6)} | ${(micros / 1000).toFixed(0).padStart(6)} |${perRequest} ${key}`,
  );
}

if (values.inclusive) {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const wanted = new Set(values.inclusive.split(','));
  const inclusive = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const name = byId.get(at)!.callFrame.functionName;
      if (wanted.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
      }
    }
  }
  console.log('\ninclusive % of busy | ms |' + (requests ? ' µs/request |' : '') + ' function');
  for (const name of wanted) {
    const micros = inclusive.get(name) ?? 0;
    const perRequest = requests ? ` ${(micros / requests).toFixed(2).padStart(6)} |` : '';
    console.log(
      `${((100 * micros) / busy).toFixed(2).padStart(6)} | ${(micros / 1000).toFixed(0).padStart(6)} |${perRequest} ${name}`,
    );
  }
}
