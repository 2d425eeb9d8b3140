/**
 * prom-client's default metrics (process, heap, event loop, handles, version, GC) on a registry, with the GC
 * duration histogram from gc-durations.ts instead of prom-client's own (why: there). prom-client has no option to
 * leave one default metric out, so its collectors are called one by one from its own list of them, but `gc`; a test
 * checks that the registry ends up with exactly the metrics `collectDefaultMetrics` gives.
 */
import { createRequire } from 'node:module';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { registerGcDurations } from './gc-durations.js';

type Collector = (registry: Registry, config: { eventLoopMonitoringPrecision: number }) => void;

const require = createRequire(import.meta.url);

/** prom-client's own precision for the event-loop lag (collectDefaultMetrics' default). */
const EVENT_LOOP_MONITORING_PRECISION_MS = 10;

export function registerDefaultMetrics(registry: Registry): void {
  const names = (collectDefaultMetrics as unknown as { metricsList: readonly string[] }).metricsList;
  for (const name of names) {
    if (name === 'gc') continue;
    const collector = require(`prom-client/lib/metrics/${name}`) as Collector;
    collector(registry, { eventLoopMonitoringPrecision: EVENT_LOOP_MONITORING_PRECISION_MS });
  }
  registerGcDurations(registry);
}
