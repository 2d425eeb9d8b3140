/** Shared test helpers: an app with test configuration, and JSON-RPC requests through app.request(). */
import type { Hono } from 'hono';
import { createApp, type AppOptions } from '../src/app.js';
import type { ServiceEnv } from '../src/http/service-env.js';
import type { AppConfig } from '../src/app.js';

export const BASE = 'http://127.0.0.1:3000';
export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
} as const;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    baseUrl: BASE,
    rateLimitPerMinute: 0,
    authRateLimitPerMinute: 0,
    allowedHosts: new Set(['127.0.0.1:3000', 'localhost:3000']),
    allowedOrigins: new Set([BASE, 'http://localhost:6274']),
    trustedProxies: new Set(),
    ...overrides,
  };
}

export function testApp(
  options: Omit<Partial<AppOptions>, 'config'> & { config?: Partial<AppConfig> } = {},
): Hono<ServiceEnv> {
  const { config, ...rest } = options;
  return createApp({ logError: () => undefined, ...rest, config: testConfig(config) });
}

/** Bindings that make the app see a socket remote address (used for per-client rate limits). */
export function fromAddress(address: string): { incoming: { socket: { remoteAddress: string } } } {
  return { incoming: { socket: { remoteAddress: address } } };
}

export async function post(
  app: Hono,
  body: unknown,
  headers: Record<string, string> = {},
  path = '/mcp',
  env?: unknown,
): Promise<Response> {
  return app.request(
    `${BASE}${path}`,
    {
      method: 'POST',
      headers: { ...MCP_HEADERS, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    env,
  );
}

let nextId = 1;
export async function rpc(
  app: Hono,
  method: string,
  params?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await post(app, { jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) }, headers);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** tools/call at 2025-06-18 (structuredContent present). */
export async function callTool(app: Hono, name: string, args: unknown, version = '2025-06-18') {
  const { status, json } = await rpc(app, 'tools/call', { name, arguments: args }, { 'mcp-protocol-version': version });
  const result = json.result;
  return {
    status,
    json,
    result,
    text: result?.content?.[0]?.text as string | undefined,
    structured: result?.structuredContent,
  };
}
