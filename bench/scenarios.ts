/**
 * What the benchmark sends. Each scenario names the targets that can do the same work and checks one answer from
 * each before any load, so a misconfigured target can never look fast by failing quickly.
 */
import { GEAR_CALL_ARGUMENTS } from './bodies.js';
import type { LoadRequest } from './load.js';
import { MCP_HEADERS } from './processes.js';
import { accessToken } from './token.js';

export type TargetName = 'service' | 'bare-hono' | 'sdk-stateless';

export interface Scenario {
  name: string;
  targets: TargetName[];
  /** Built before every run (an account request fetches a fresh token: they last 10 minutes). */
  request(baseUrl: string): Promise<LoadRequest>;
  verify(baseUrl: string, target: TargetName): Promise<void>;
}

function rpcBody(method: string, params?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });
}

function mcpScenario(
  name: string,
  targets: TargetName[],
  body: string,
  check: (result: any) => boolean,
  path = '/mcp',
  headers: (baseUrl: string) => Promise<Record<string, string>> = async () => ({}),
): Scenario {
  const request = async (baseUrl: string): Promise<LoadRequest> => ({
    url: `${baseUrl}${path}`,
    body,
    headers: { ...MCP_HEADERS, ...(await headers(baseUrl)) },
  });
  return {
    name,
    targets,
    request,
    async verify(baseUrl, target) {
      const r = await request(baseUrl);
      const res = await fetch(r.url, { method: 'POST', headers: r.headers, body: r.body });
      const json = (await res.json()) as { result?: unknown };
      if (res.status !== 200 || !check(json.result))
        throw new Error(`${name} on ${target}: unexpected answer ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    },
  };
}

const ALL: TargetName[] = ['service', 'bare-hono', 'sdk-stateless'];

const gearCall = rpcBody('tools/call', { name: 'governor_gear_cost', arguments: GEAR_CALL_ARGUMENTS });

export async function scenarios(serviceUrl: string, demo: { email: string; password: string }): Promise<Scenario[]> {
  const list: Scenario[] = [
    mcpScenario('tools/call governor_gear_cost', ALL, gearCall, (r) => r?.structuredContent?.totals?.satin === 786000),
    mcpScenario('tools/list', ALL, rpcBody('tools/list'), (r) => Array.isArray(r?.tools) && r.tools.length > 0),
    mcpScenario(
      'initialize',
      ALL,
      rpcBody('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      }),
      (r) => r?.protocolVersion === '2025-11-25',
    ),
  ];
  const tools = (await (
    await fetch(`${serviceUrl}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: rpcBody('tools/list') })
  ).json()) as { result: { tools: { name: string }[] } };
  if (tools.result.tools.some((t) => t.name === 'search_database')) {
    list.push(
      mcpScenario(
        'tools/call search_database',
        ['service'],
        rpcBody('tools/call', { name: 'search_database', arguments: { query: 'amnae' } }),
        (r) => r?.structuredContent?.matches?.[0]?.key === 'amane',
      ),
    );
  }
  const probe = await fetch(`${serviceUrl}/mcp/account`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: rpcBody('ping'),
  });
  if (probe.status === 401) {
    const bearer = async (baseUrl: string) => ({ authorization: `Bearer ${await accessToken(baseUrl, demo)}` });
    list.push(
      mcpScenario(
        '/mcp/account tools/call governor_gear_cost',
        ['service'],
        gearCall,
        (r) => r?.structuredContent?.totals?.satin === 786000,
        '/mcp/account',
        bearer,
      ),
      mcpScenario(
        '/mcp/account tools/call get_my_goals',
        ['service'],
        rpcBody('tools/call', { name: 'get_my_goals', arguments: {} }),
        (r) => Array.isArray(r?.structuredContent?.goals),
        '/mcp/account',
        bearer,
      ),
    );
  }
  return list;
}
