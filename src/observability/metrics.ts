/**
 * The service's Prometheus metrics, on a registry of its own (never prom-client's global one, so tests can build
 * several apps). Names follow the OpenTelemetry semantic conventions where they exist (MCP: the operation
 * duration with `mcp.method.name` and `gen_ai.tool.name`; HTTP: the request duration and active requests),
 * rendered the Prometheus way (dots to underscores, `_seconds`, `_total`); the rest are `kingshot_…`. Every label
 * takes values from a small fixed set: no ids, addresses or arguments.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { LabelledHistogram } from './labelled-histogram.js';
import {
  endpointLabel,
  httpMethodLabel,
  limiterLabel,
  mcpMethodLabel,
  mcpOutcomeLabel,
  oauthOperationLabel,
  oauthOutcomeLabel,
  statusLabel,
  toolLabel,
} from './metric-labels.js';

/** Seconds: from a cached tools/call (about a millisecond) to the slow edge of a request timeout. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** How an MCP request ended: the reply's own outcome on a 200, else what its status says. */
export type McpOutcome = 'result' | 'tool_error' | 'protocol_error' | 'accepted' | '401' | '429' | '5xx' | 'aborted';

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #mcpDuration = new LabelledHistogram({
    name: 'mcp_server_operation_duration_seconds',
    help: 'MCP requests by endpoint, JSON-RPC method, tool and outcome: time from the request to the end of its response.',
    labelNames: ['endpoint', 'mcp_method_name', 'gen_ai_tool_name', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly #httpDuration = new LabelledHistogram({
    name: 'http_server_request_duration_seconds',
    help: 'Every HTTP request by endpoint, method and status code.',
    labelNames: ['endpoint', 'http_request_method', 'http_response_status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  /** Requests received and not yet answered: a plain count, read into its gauge when /metrics is rendered. */
  #activeCount = 0;
  readonly #active: Gauge = new Gauge({
    name: 'http_server_active_requests',
    help: 'Requests received and not yet answered.',
    registers: [this.registry],
    // Set at collection, not per request: the gauge's inc and dec hashed their (empty) labels twice a request.
    collect: (): void => this.#active.set(this.#activeCount),
  });
  readonly #refusals = new Counter({
    name: 'kingshot_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit or the sign-in backoff, by limiter.',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });
  readonly #oauth = new Counter({
    name: 'kingshot_oauth_operations_total',
    help: 'Authorization server outcomes: operation (registration, authorization = a code issued, token = a code redeemed, refresh, revocation, grant_revoked) and outcome (success or the OAuth error code).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly #storeErrors = new Counter({
    name: 'kingshot_store_errors_total',
    help: 'Failed store operations: kind "unavailable" (store unreachable, answered 503) or "query" (any other fault).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly #redisOutages = new Counter({
    name: 'kingshot_redis_outages_total',
    help: 'Times Redis became unreachable (rate limits then counted in-process).',
    registers: [this.registry],
  });
  readonly #redisUp = new Gauge({
    name: 'kingshot_redis_up',
    help: '1 while the shared rate limits reach Redis, 0 while they fall back to in-process (absent without REDIS_URL).',
    registers: [],
  });
  readonly #fallbacks = new Counter({
    name: 'kingshot_rate_limit_fallbacks_total',
    help: 'Rate-limit decisions made in-process because Redis was unreachable, by limiter.',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });

  readonly #accountEvents = new Counter({
    name: 'kingshot_account_events_total',
    help: 'The account pages: event (sign_up, verification, sign_in, sign_out, password_change, password_reset_request, password_reset, email_change, export, deletion) and outcome (success, refused, invalid_link, throttled, busy, mail_failed, bounded, everywhere).',
    labelNames: ['event', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly #mails = new Counter({
    name: 'kingshot_mails_total',
    help: 'Account mails by kind (sign_up, sign_up_existing, password_reset, email_change, email_change_notice, password_changed, account_deleted) and outcome (sent, failed, recipient_limited, sender_limited).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Zero from the start, so a rate over them works before the first error.
    for (const kind of ['unavailable', 'query']) this.#storeErrors.inc({ kind }, 0);
    for (const outcome of ['sent', 'failed']) this.#mails.inc({ kind: 'sign_up', outcome }, 0);
  }

  requestStarted(): void {
    this.#activeCount++;
  }

  /** One HTTP request answered, or cut (status 0); `mcp` for the MCP endpoints. */
  requestEnded(
    endpoint: string,
    method: string,
    status: number,
    seconds: number,
    mcp?: { method: string; tool: string; outcome: McpOutcome },
  ): void {
    this.#activeCount--;
    const where = endpointLabel(endpoint);
    // Label values in the order of each histogram's labelNames.
    this.#httpDuration.observe([where, httpMethodLabel(method), statusLabel(status)], seconds);
    if (mcp)
      this.#mcpDuration.observe(
        [where, mcpMethodLabel(mcp.method), toolLabel(mcp.tool), mcpOutcomeLabel(mcp.outcome)],
        seconds,
      );
  }

  rateLimitRefused(limiter: string): void {
    this.#refusals.inc({ limiter: limiterLabel(limiter) });
  }

  oauthOutcome(operation: string, outcome: string): void {
    this.#oauth.inc({ operation: oauthOperationLabel(operation), outcome: oauthOutcomeLabel(outcome) });
  }

  accountEvent(event: string, outcome: string): void {
    this.#accountEvents.inc({ event, outcome });
  }

  mail(kind: string, outcome: string): void {
    this.#mails.inc({ kind, outcome });
  }

  storeError(unavailable: boolean): void {
    this.#storeErrors.inc({ kind: unavailable ? 'unavailable' : 'query' });
  }

  /** Called once when the service uses Redis, so the gauge exists only then. */
  redisConfigured(up: boolean): void {
    this.registry.registerMetric(this.#redisUp);
    this.#redisUp.set(up ? 1 : 0);
  }

  redisDown(): void {
    this.#redisOutages.inc();
    this.#redisUp.set(0);
  }

  redisUp(): void {
    this.#redisUp.set(1);
  }

  rateLimitFallback(limiter: string): void {
    this.#fallbacks.inc({ limiter: limiterLabel(limiter) });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
