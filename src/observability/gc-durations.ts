/**
 * `nodejs_gc_duration_seconds`, the one default metric of prom-client's that the service does not take from
 * prom-client (metrics.ts takes the others): the same name, help, label and buckets, fed by V8's GC profiler instead
 * of a `gc` PerformanceObserver.
 *
 * Why: for every collection, Node builds a performance entry for such an observer with deprecated accessors made
 * per entry, then queues it for JavaScript; under `tools/call` load that was 1.2 µs a request (CPU profile, a
 * scavenge every 140 or so requests), as much as a fifth of the scavenges' own cost. The profiler records each
 * collection in C++ (its kind and duration beside heap figures) and hands the records over when stopped: they are
 * read into the histogram when the registry is scraped and every FOLD_INTERVAL_MS, which bounds the records
 * waiting in memory. A collection that starts in the instant between one profiler's stop and the next one's start
 * is not counted.
 */
import { GCProfiler } from 'node:v8';
import { Histogram, type Registry } from 'prom-client';

/** prom-client's name, help and buckets (prom-client/lib/metrics/gc.js), so dashboards built on it keep working. */
const NAME = 'nodejs_gc_duration_seconds';
const HELP = 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.';
const BUCKETS = [0.001, 0.01, 0.1, 1, 2, 5];

/** The profiler's names of V8's collection types, as prom-client labels them. */
const KINDS: Readonly<Record<string, string>> = {
  Scavenge: 'minor',
  MarkSweepCompact: 'major',
  IncrementalMarking: 'incremental',
  ProcessWeakCallbacks: 'weakcb',
};

/** Longest the records wait in the profiler between scrapes: about 600 collections under full load. */
const FOLD_INTERVAL_MS = 10_000;

interface GcRecord {
  gcType: string;
  /** Microseconds. */
  cost: number;
}

/** One profiler for the process, read into every registered histogram (tests build many registries). */
class GcRecords {
  readonly #histograms = new Set<WeakRef<Histogram<'kind'>>>();
  #profiler: GCProfiler | undefined;

  add(histogram: Histogram<'kind'>): void {
    this.#histograms.add(new WeakRef(histogram));
    if (this.#profiler) return;
    this.#profiler = new GCProfiler();
    this.#profiler.start();
    setInterval(() => this.fold(), FOLD_INTERVAL_MS).unref();
  }

  /** Moves the records so far into the histograms, and starts a new profiler for the next ones. */
  fold(): void {
    const done = this.#profiler;
    if (!done) return;
    const records = (done.stop() as { statistics: GcRecord[] } | undefined)?.statistics ?? [];
    this.#profiler = new GCProfiler();
    this.#profiler.start();
    for (const ref of this.#histograms) {
      const histogram = ref.deref();
      if (!histogram) {
        this.#histograms.delete(ref);
        continue;
      }
      for (const record of records) {
        const kind = KINDS[record.gcType];
        if (kind !== undefined) histogram.observe({ kind }, record.cost / 1e6);
      }
    }
  }
}

const records = new GcRecords();

/** Registers the GC duration histogram in `registry`. */
export function registerGcDurations(registry: Registry): void {
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['kind'] as const,
    buckets: BUCKETS,
    registers: [registry],
    // Called by prom-client on each scrape, so a scrape sees every collection up to that moment.
    collect: () => records.fold(),
  });
  records.add(histogram);
}
