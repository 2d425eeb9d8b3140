/**
 * Every metrics label takes its values from a closed list; anything else is `other`. 680
 * anonymous requests with Node's 34 methods once grew /metrics from 138 series to 11,226. One case per label.
 */
import { describe, expect, it } from 'vitest';
import { ServiceMetrics } from '../../src/observability/metrics.js';

async function seriesWith(metrics: ServiceMetrics, name: string): Promise<string[]> {
  return (await metrics.render()).split('\n').filter((line) => line.startsWith(name));
}

describe('metrics labels from closed lists', () => {
  it('http_request_method: the HTTP methods the service answers, the rest as other', async () => {
    const metrics = new ServiceMetrics();
    for (const method of ['PROPFIND', 'MKCOL', 'M-SEARCH', 'get', 'POST'])
      metrics.requestEnded('page', method, 405, 0.001);
    const lines = await seriesWith(metrics, 'http_server_request_duration_seconds_count');
    expect(lines.map((l) => /http_request_method="([^"]*)"/.exec(l)?.[1]).sort()).toEqual(['POST', 'other']);
  });
  it('http_response_status_code: an HTTP status (100-599) or 0 for a cut request', async () => {
    const metrics = new ServiceMetrics();
    for (const status of [200, 0, 99, 600, 1234]) metrics.requestEnded('page', 'GET', status, 0.001);
    const lines = await seriesWith(metrics, 'http_server_request_duration_seconds_count');
    expect(lines.map((l) => /http_response_status_code="([^"]*)"/.exec(l)?.[1]).sort()).toEqual(['0', '200', 'other']);
  });
  it('endpoint: the catalogue endpoints and the classifier values, the rest as other', async () => {
    const metrics = new ServiceMetrics();
    for (const endpoint of ['/mcp', '/mcp/account', 'page', '/interaction/:uid/login', '/made-up'])
      metrics.requestEnded(endpoint, 'GET', 200, 0.001);
    const lines = await seriesWith(metrics, 'http_server_request_duration_seconds_count');
    expect(lines.map((l) => /endpoint="([^"]*)"/.exec(l)?.[1]).sort()).toEqual([
      '/interaction/:uid/login',
      '/mcp',
      '/mcp/account',
      'other',
      'page',
    ]);
  });
  it('mcp_method_name, gen_ai_tool_name and outcome: known methods, catalogue tools, the outcomes', async () => {
    const metrics = new ServiceMetrics();
    metrics.requestEnded('/mcp', 'POST', 200, 0.001, { method: 'tools/call', tool: 'get_hero', outcome: 'result' });
    metrics.requestEnded('/mcp', 'POST', 200, 0.001, {
      method: 'x/made-up',
      tool: 'made_up_tool',
      outcome: 'made-up' as never,
    });
    const lines = await seriesWith(metrics, 'mcp_server_operation_duration_seconds_count');
    const labels = lines.map((l) => [
      /mcp_method_name="([^"]*)"/.exec(l)?.[1],
      /gen_ai_tool_name="([^"]*)"/.exec(l)?.[1],
      /outcome="([^"]*)"/.exec(l)?.[1],
    ]);
    expect(labels).toEqual([
      ['tools/call', 'get_hero', 'result'],
      ['other', 'other', 'other'],
    ]);
  });
  it('limiter: the service limiters, the rest as other (refusals and fallbacks)', async () => {
    const metrics = new ServiceMetrics();
    for (const limiter of ['mcp', 'auth:token', 'site-pages', 'made-up']) {
      metrics.rateLimitRefused(limiter);
      metrics.rateLimitFallback(limiter);
    }
    for (const name of ['kingshot_rate_limit_refusals_total', 'kingshot_rate_limit_fallbacks_total']) {
      const lines = await seriesWith(metrics, name);
      expect(lines.map((l) => /limiter="([^"]*)"/.exec(l)?.[1]).sort()).toEqual([
        'auth:token',
        'mcp',
        'other',
        'site-pages',
      ]);
    }
  });
  it('operation and outcome of the OAuth counter: the operations and OAuth error codes, the rest as other', async () => {
    const metrics = new ServiceMetrics();
    metrics.oauthOutcome('token', 'invalid_grant');
    metrics.oauthOutcome('made-up', 'made_up_error');
    const lines = await seriesWith(metrics, 'kingshot_oauth_operations_total');
    expect(lines.map((l) => [/operation="([^"]*)"/.exec(l)?.[1], /outcome="([^"]*)"/.exec(l)?.[1]])).toEqual([
      ['token', 'invalid_grant'],
      ['other', 'other'],
    ]);
  });
});
