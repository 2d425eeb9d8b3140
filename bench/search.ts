/**
 * `npm run bench:search`: search_database latency on the whole reference data set (not a test: timings depend on
 * the machine). Builds a fixed, realistic mix of queries from the data itself (exact names, keys, aliases, the
 * first letters of names, one-typo names, several words, a name inside a sentence, wrong kinds, nonsense), warms
 * up, then times every query many times and prints the median and p99 per call of the search index alone and of
 * the whole tool handler (ranking plus URLs and summaries).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { searchDatabase } from '../src/reference/results.js';
import { referenceIndex } from '../src/reference/records.js';
import { KINDS } from '../src/reference/kinds.js';
import type { RecordKind } from '../src/reference/search.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

interface Query {
  query: string;
  kind?: RecordKind;
}

/** Swaps two neighbouring letters in the middle of a word: a typical typing slip, chosen without randomness. */
function typo(name: string): string {
  const at = Math.floor(name.length / 2);
  return name.length < 5 ? name : `${name.slice(0, at - 1)}${name[at]}${name[at - 1]}${name.slice(at + 1)}`;
}

function queryMix(): Query[] {
  const queries: Query[] = [];
  for (const record of referenceIndex.records) {
    queries.push({ query: record.name });
    queries.push({ query: record.key });
    queries.push({ query: record.name.toLowerCase().slice(0, 4) });
    queries.push({ query: typo(record.name.toLowerCase()) });
    queries.push({ query: record.name, kind: record.kind });
    for (const alias of record.aliases ?? []) queries.push({ query: alias });
    for (const title of record.titles ?? []) queries.push({ query: title });
  }
  queries.push(
    { query: 'viking vengance' },
    { query: 'speed up', kind: 'item' },
    { query: 'what does amadeus exclusive gear do' },
    { query: 'tell me everything about the hero called jabel please' },
    { query: 'best bear hunt joiner hero' },
    { query: 'amadeus', kind: 'event' },
    { query: 'xyzzy' },
    { query: 'qwertyuiop asdfghjkl' },
    { query: 'a' },
    { query: 'x'.repeat(200) },
  );
  return queries;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function measure(label: string, queries: readonly Query[], run: (q: Query) => unknown): void {
  for (let i = 0; i < 5; i++) for (const q of queries) run(q);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of queries) {
      const start = process.hrtime.bigint();
      run(q);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  times.sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(3)} ms`;
  console.log(
    `${label.padEnd(34)} median ${f(percentile(times, 50))}   p90 ${f(percentile(times, 90))}   p99 ${f(percentile(times, 99))}   max ${f(times.at(-1)!)}   (${times.length} calls)`,
  );
}

const queries = queryMix();
const cpu = cpus();
console.log(
  `search_database on ${referenceIndex.records.length} records; ${queries.length} queries x ${ROUNDS} rounds`,
);
console.log(
  `machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
measure('search index (rank only)', queries, (q) => referenceIndex.search(q.query, q.kind ? { kinds: [q.kind] } : {}));
measure('search_database handler', queries, (q) =>
  searchDatabase({ query: q.query, ...(q.kind ? { kind: KINDS[q.kind].path } : {}) }, 'http://127.0.0.1:3000'),
);
