/**
 * `npm run bench:reference-sizes`: how many characters a model reads for typical reference-tool calls (the
 * `content[0].text` of each result, through /mcp) and for `tools/list`. Sizes, not timings: the figures are exact
 * and the same on every machine, so docs/testing.md quotes them.
 */
import { testApp, callTool, rpc } from '../test/helpers.js';

const CALLS: readonly { label: string; tool: string; args: Record<string, unknown> }[] = [
  { label: 'get_hero amane', tool: 'get_hero', args: { key: 'amane' } },
  { label: 'get_hero amadeus', tool: 'get_hero', args: { key: 'amadeus' } },
  { label: 'get_tier_list rally_leader', tool: 'get_tier_list', args: { role: 'rally_leader' } },
  {
    label: 'get_tier_list rally_leader gen 3 infantry',
    tool: 'get_tier_list',
    args: { role: 'rally_leader', generation: 3, troop_type: 'infantry' },
  },
  { label: 'get_item satin', tool: 'get_item', args: { key: 'satin' } },
  { label: 'get_item forgehammer', tool: 'get_item', args: { key: 'forgehammer' } },
  {
    label: 'get_hero amadeus, one skill',
    tool: 'get_hero',
    args: { key: 'amadeus', skill: 'Battle Ready', fields: ['skills'] },
  },
  {
    label: 'get_item forgehammer, granted_by only',
    tool: 'get_item',
    args: { key: 'forgehammer', fields: ['granted_by'] },
  },
  {
    label: 'get_hero amane, exclusive gear only',
    tool: 'get_hero',
    args: { key: 'amane', fields: ['exclusive_gear', 'exclusive_gear_note'] },
  },
  { label: 'search_database forgehammer', tool: 'search_database', args: { query: 'forgehammer' } },
];

const app = testApp();
for (const { label, tool, args } of CALLS) {
  const { text, result } = await callTool(app, tool, args);
  console.log(`${label.padEnd(44)} ${String(text?.length ?? 0).padStart(7)} chars${result?.isError ? ' (error)' : ''}`);
}
const { json } = await rpc(app, 'tools/list', {}, { 'mcp-protocol-version': '2025-06-18' });
console.log(`${'tools/list (2025-06-18)'.padEnd(44)} ${String(JSON.stringify(json.result).length).padStart(7)} chars`);
