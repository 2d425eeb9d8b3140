/** One bounded autocannon run over loopback, reduced to the figures the report needs. */
import autocannon from 'autocannon';
import { MCP_HEADERS, type Running } from './processes.js';

export interface LoadRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx responses plus connection errors and timeouts: any is a failed run. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  /**
   * Each request's X-Forwarded-For, asked for request by request: many clients behind a trusted proxy. autocannon
   * then builds every request anew, which costs the load generator more CPU, so compare only runs that both use it.
   */
  forwardedFor?: () => string;
}

export async function load(request: LoadRequest, options: LoadOptions): Promise<LoadResult> {
  const { forwardedFor } = options;
  const result = await autocannon({
    url: request.url,
    method: 'POST',
    headers: request.headers,
    body: request.body,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    ...(forwardedFor && {
      requests: [
        {
          setupRequest: (each) => ({ ...each, headers: { ...each.headers, 'x-forwarded-for': forwardedFor() } }),
        },
      ],
    }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Sends exactly `amount` POSTs of `body` to `target`'s /mcp over `connections` connections; any failed, refused or
 * timed-out request (after `timeoutSeconds`) throws.
 */
export async function postExactly(
  target: Running,
  body: string,
  amount: number,
  connections: number,
  timeoutSeconds = 10,
): Promise<void> {
  const result = await autocannon({
    url: `${target.baseUrl}/mcp`,
    method: 'POST',
    headers: MCP_HEADERS,
    body,
    connections,
    amount,
    timeout: timeoutSeconds,
  });
  if (result.non2xx + result.errors + result.timeouts > 0 || result.requests.total !== amount)
    throw new Error(
      `${target.name}: ${result.requests.total} of ${amount} answered, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
}
