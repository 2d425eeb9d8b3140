/** The JSON-RPC bodies the benchmarks send to /mcp, each the same in every script that measures it. */

/** The arguments of the `governor_gear_cost` call every main ratio is measured on. */
export const GEAR_CALL_ARGUMENTS = { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 };

/** That call as a JSON-RPC body. */
export const GEAR_CALL_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'governor_gear_cost', arguments: GEAR_CALL_ARGUMENTS },
});

/** By the short names the scripts' `--only` takes. */
export const BENCH_BODIES = {
  governor: GEAR_CALL_BODY,
  initialize: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  }),
  list: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
};

export type BenchBodyName = keyof typeof BENCH_BODIES;
