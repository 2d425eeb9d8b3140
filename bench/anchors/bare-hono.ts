/**
 * Anchor (a): the least a Hono server can do to answer the same governor_gear_cost call — parse the JSON-RPC body,
 * run the same calculator, serialise the same result — with none of the service's protocol checks, limits or
 * catalogue. The service's throughput is reported as a ratio to this.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ENDPOINTS } from '../../generated/endpoints.js';
import { TOOL_LIST_ENTRIES } from '../../generated/tools-list.js';
import { TOOLS, type ToolName } from '../../generated/tools/index.js';
import { governorGearCost } from '../../src/calculators/governor-gear.js';

const port = Number(process.env.PORT ?? 3601);
const app = new Hono();
// The same bytes the service sends for tools/list and initialize (2025-11-25), serialised once, so those scenarios
// compare servers rather than payload sizes.
const publicTools = TOOLS.filter((t) => t.availability === 'public').map(
  (t) => TOOL_LIST_ENTRIES[t.name as ToolName]['2025-06-18'],
);
const TOOLS_LIST = JSON.stringify({ tools: publicTools });
const INITIALIZE = JSON.stringify({
  protocolVersion: '2025-11-25',
  capabilities: {
    tools: { listChanged: false },
    resources: { listChanged: false },
    extensions: { 'io.modelcontextprotocol/ui': {} },
  },
  serverInfo: {
    name: 'kingshot-mcp',
    title: 'Kingshot Companion',
    version: '1.0.0',
    websiteUrl: `http://127.0.0.1:${port}`,
  },
  instructions: ENDPOINTS.find((e) => e.path === '/mcp')!.instructions,
});

app.post('/mcp', async (c) => {
  const message = await c.req.json<{
    id: number;
    method: string;
    params?: { name?: string; arguments?: { from: string; to: string; pieces?: number } };
  }>();
  let result: string;
  if (message.method === 'tools/call' && message.params?.name === 'governor_gear_cost' && message.params.arguments) {
    const outcome = governorGearCost(message.params.arguments);
    const json = JSON.stringify(outcome.ok ? outcome.value : { error: outcome.error });
    result = `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}`;
  } else if (message.method === 'tools/list') result = TOOLS_LIST;
  else if (message.method === 'initialize') result = INITIALIZE;
  else result = '{}';
  return c.body(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${result}}`, 200, {
    'Content-Type': 'application/json',
  });
});

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
  process.stdout.write(`bare-hono listening on ${port}\n`),
);
