/**
 * Anchor (a): the least a Hono server can do to answer the same governor_gear_cost call — parse the JSON-RPC body,
 * run the same calculator, serialise the same result — with none of the service's protocol checks, limits or
 * catalogue. The service's throughput is reported as a ratio to this.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { governorGearCost } from '../../src/calculators/governor-gear.js';

const port = Number(process.env.PORT ?? 3601);
const app = new Hono();
const TOOLS_LIST = JSON.stringify({ tools: [{ name: 'governor_gear_cost', description: 'Governor Gear upgrade cost.', inputSchema: { type: 'object' } }] });
const INITIALIZE = JSON.stringify({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'bare-hono', version: '1.0.0' } });

app.post('/mcp', async (c) => {
  const message = (await c.req.json()) as { id: number; method: string; params?: { name?: string; arguments?: { from: string; to: string; pieces?: number } } };
  let result: string;
  if (message.method === 'tools/call' && message.params?.name === 'governor_gear_cost' && message.params.arguments) {
    const outcome = governorGearCost(message.params.arguments);
    const json = JSON.stringify(outcome.ok ? outcome.value : { error: outcome.error });
    result = `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}`;
  } else if (message.method === 'tools/list') result = TOOLS_LIST;
  else if (message.method === 'initialize') result = INITIALIZE;
  else result = '{}';
  return c.body(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${result}}`, 200, { 'Content-Type': 'application/json' });
});

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.stdout.write(`bare-hono listening on ${port}\n`));
