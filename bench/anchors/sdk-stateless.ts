/**
 * Anchor (b): the official MCP TypeScript SDK (v1) in its documented stateless mode — a new McpServer and
 * StreamableHTTPServerTransport per request (enableJsonResponse: true), on the SDK's own Express app — serving the
 * same governor_gear_cost with the same calculator. This is what a team would write from the SDK docs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod/v4';
import { governorGearCost } from '../../src/calculators/governor-gear.js';

const port = Number(process.env.PORT ?? 3602);

function getServer(): McpServer {
  const server = new McpServer({ name: 'sdk-stateless', version: '1.0.0' });
  server.registerTool(
    'governor_gear_cost',
    {
      title: 'Governor Gear upgrade cost',
      description: 'Materials to upgrade Governor Gear between two levels.',
      inputSchema: {
        from: z.string().max(64),
        to: z.string().max(64),
        pieces: z.number().int().min(1).max(6).optional(),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
    },
    async (args) => {
      const outcome = governorGearCost(args);
      if (!outcome.ok)
        return { content: [{ type: 'text', text: JSON.stringify({ error: outcome.error }) }], isError: true };
      return {
        content: [{ type: 'text', text: JSON.stringify(outcome.value) }],
        structuredContent: outcome.value as unknown as Record<string, unknown>,
      };
    },
  );
  return server;
}

const app = createMcpExpressApp();
app.post('/mcp', async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
  const server = getServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(port, '127.0.0.1', () => process.stdout.write(`sdk-stateless listening on ${port}\n`));
