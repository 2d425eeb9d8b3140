/**
 * The per-request duration histograms (src/observability/labelled-histogram.ts) are rendered exactly as
 * prom-client's Histogram renders the same observations: both are fed the same values, boundary values and label
 * values that need escaping included, and their registries' text and JSON compared.
 */
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LabelledHistogram } from '../../src/observability/labelled-histogram.js';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LABELS = ['endpoint', 'http_request_method', 'http_response_status_code'] as const;
type Values = [string, string, string];

const OBSERVATIONS: [Values, number][] = [
  [['/mcp', 'POST', '200'], 0.0004],
  [['/mcp', 'POST', '200'], 0.001], // on a bound: counted in that bucket
  [['/mcp', 'POST', '200'], 0.0010001],
  [['/mcp', 'POST', '429'], 0],
  [['page', 'GET', '200'], 0.3],
  [['page', 'GET', '404'], 30],
  [['page', 'GET', '404'], 31], // above every bound: +Inf only
  [['/mcp', 'POST', '200'], 2.5],
  [['odd "quoted" \\ value\nline', 'GET', '500'], 0.07],
  [['/mcp', 'GET', '405'], 0.002],
];

function both() {
  const theirs = new Registry();
  const ours = new Registry();
  const options = { name: 'http_server_request_duration_seconds', help: 'Every HTTP request.', buckets: BUCKETS };
  const histogram = new Histogram({ ...options, labelNames: LABELS, registers: [theirs] });
  const labelled = new LabelledHistogram({ ...options, labelNames: LABELS, registers: [ours] });
  const observe = () => {
    for (const [[endpoint, method, status], seconds] of OBSERVATIONS) {
      histogram.observe({ endpoint, http_request_method: method, http_response_status_code: status }, seconds);
      labelled.observe([endpoint, method, status], seconds);
    }
  };
  return { theirs, ours, observe };
}

const plain = (metrics: { values: { labels: object; value: number; metricName?: string }[] }[]) =>
  metrics.map((metric) => ({
    ...metric,
    values: metric.values.map(({ labels, value, metricName }) => ({ labels, value, metricName })),
  }));

describe('LabelledHistogram', () => {
  it("renders the same exposition text as prom-client's Histogram for the same observations", async () => {
    const { theirs, ours, observe } = both();
    expect(await ours.metrics()).toBe(await theirs.metrics()); // nothing observed yet
    observe();
    observe();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_server_request_duration_seconds_bucket{le="0.001",endpoint="/mcp",http_request_method="POST",http_response_status_code="200"} 4',
    );
    expect(text).toContain(
      'http_server_request_duration_seconds_count{endpoint="page",http_request_method="GET",http_response_status_code="404"} 4',
    );
  });

  it('gives the same JSON, and is empty again after a reset', async () => {
    const { theirs, ours, observe } = both();
    observe();
    expect(plain(await ours.getMetricsAsJSON())).toEqual(plain(await theirs.getMetricsAsJSON()));
    theirs.resetMetrics();
    ours.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    observe();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('refuses a value that is not a finite number, or the wrong number of label values', () => {
    const { ours } = both();
    const labelled = ours.getSingleMetric('http_server_request_duration_seconds') as unknown as LabelledHistogram<
      (typeof LABELS)[number]
    >;
    expect(() => labelled.observe(['/mcp', 'POST', '200'], Number.NaN)).toThrow('not a finite number');
    expect(() => labelled.observe(['/mcp', 'POST'], 0.1)).toThrow('3 label values expected, got 2');
  });
});
