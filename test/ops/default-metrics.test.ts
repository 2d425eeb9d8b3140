/**
 * prom-client's default metrics, with the GC durations from V8's GC profiler (gc-durations.ts): the same metrics as
 * collectDefaultMetrics gives, and collections counted by kind once they happened.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerDefaultMetrics } from '../../src/observability/default-metrics.js';

type MetricJson = {
  name: string;
  help: string;
  type: string;
  values: { labels: Record<string, unknown>; value: number; metricName?: string }[];
};

async function metrics(registry: Registry): Promise<MetricJson[]> {
  return (await registry.getMetricsAsJSON()) as unknown as MetricJson[];
}

/** Where the garbage goes, so the allocations cannot be optimised away. */
let sink: unknown;

/** Enough short-lived objects for several scavenges (the young generation is a few MB to 16 MB). */
function makeGarbage(): void {
  for (let i = 0; i < 3_000_000; i++) sink = { i, list: [i, i + 1] };
}

describe('registerDefaultMetrics', () => {
  it("exposes exactly collectDefaultMetrics' metrics, with the same help and types", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    registerDefaultMetrics(ours);
    collectDefaultMetrics({ register: theirs });
    const shape = (list: MetricJson[]) =>
      list.map(({ name, help, type }) => ({ name, help, type })).sort((a, b) => a.name.localeCompare(b.name));
    const ourShape = shape(await metrics(ours));
    expect(ourShape).toEqual(shape(await metrics(theirs)));
    expect(ourShape.map((m) => m.name)).toContain('nodejs_gc_duration_seconds');
    expect(ourShape.length).toBeGreaterThan(20);
  });

  it('counts garbage collections by kind, with the same buckets as prom-client', async () => {
    const registry = new Registry();
    registerDefaultMetrics(registry);
    makeGarbage();
    expect(sink).toEqual({ i: 2_999_999, list: [2_999_999, 3_000_000] });
    const text = await registry.metrics();
    const minor = /^nodejs_gc_duration_seconds_count\{kind="minor"\} (\d+)$/m.exec(text);
    expect(minor).not.toBeNull();
    expect(Number(minor![1])).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_gc_duration_seconds_bucket\{le="0\.001",kind="minor"\} \d+$/m);
    expect(text).toMatch(/^nodejs_gc_duration_seconds_bucket\{le="5",kind="minor"\} \d+$/m);
    const sum = /^nodejs_gc_duration_seconds_sum\{kind="minor"\} ([\d.e-]+)$/m.exec(text);
    expect(Number(sum![1])).toBeGreaterThan(0);
    // A later scrape counts the collections since, on top.
    makeGarbage();
    const again = /^nodejs_gc_duration_seconds_count\{kind="minor"\} (\d+)$/m.exec(await registry.metrics());
    expect(Number(again![1])).toBeGreaterThan(Number(minor![1]));
  });
});
