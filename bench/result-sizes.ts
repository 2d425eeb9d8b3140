/**
 * Result sizes: characters of `content[0].text` for the calls an assistant makes to answer a few player questions,
 * the way it had to before lists and budgets (one call per piece or building, whole ladders) and the way it can now
 * (one call), plus the size of `tools/list`. In-process through the real /mcp endpoint (test/helpers.ts), no server.
 *
 *   npx tsx bench/result-sizes.ts            this tree: the "before" calls and the "after" calls
 *   npx tsx bench/result-sizes.ts --before   only the "before" calls (to run in a tree without ranges and have)
 *
 * docs/testing.md ("Result sizes") has the table it printed, before and after.
 */
import { callTool, rpc, testApp } from '../test/helpers.js';

interface Call {
  tool: string;
  args: Record<string, unknown>;
}

interface Question {
  question: string;
  before: Call[];
  after: Call;
}

const gear = (from: string, to: string, extra: Record<string, unknown> = {}): Call => ({
  tool: 'governor_gear_cost',
  args: { from, to, ...extra },
});
const building = (b: string, from: string, to: string): Call => ({
  tool: 'truegold_upgrade_cost',
  args: { building: b, from, to },
});
const SIX = ['Gold ★0', 'Gold ★3', 'Gold T1 ★1', 'Gold T1 ★3', 'Gold T2 ★1', 'Gold T2 ★3'];
const TROOPS = ['barracks', 'stable', 'range'];

const QUESTIONS: Question[] = [
  {
    question: 'Budget how-far: Purple T1 ★1 with 300k / 3k / 600',
    // Before: the whole ladder from the piece's level, added up by hand.
    before: [gear('Purple T1 ★1', 'Red T6 ★3')],
    after: {
      tool: 'governor_gear_cost',
      args: { from: 'Purple T1 ★1', have: { satin: 300000, gilded_threads: 3000, artisans_vision: 600 } },
    },
  },
  {
    question: 'Six pieces at six levels to Gold T3 ★0',
    before: SIX.map((from) => gear(from, 'Gold T3 ★0')),
    after: { tool: 'governor_gear_cost', args: { ranges: SIX.map((from) => ({ from, to: 'Gold T3 ★0' })) } },
  },
  {
    question: 'Six pieces at six levels to Gold T3 ★0, with a budget',
    before: SIX.map((from) => gear(from, 'Gold T3 ★0')),
    after: {
      tool: 'governor_gear_cost',
      args: {
        ranges: SIX.map((from) => ({ from, to: 'Gold T3 ★0' })),
        have: { satin: 1000000, gilded_threads: 10000, artisans_vision: 2000 },
      },
    },
  },
  {
    question: 'Town Center TG6→TG7 or the three troop buildings',
    before: [building('town_center', 'TG6', 'TG7'), ...TROOPS.map((b) => building(b, 'TG6', 'TG7'))],
    after: {
      tool: 'plan_upgrades',
      args: {
        plan: [{ system: 'truegold', building: 'town_center', from: 'TG6', to: 'TG7' }],
        compare_with: TROOPS.map((b) => ({ system: 'truegold', building: b, from: 'TG6', to: 'TG7' })),
      },
    },
  },
  {
    question: 'All eight buildings 30→TG5',
    before: [
      ...['town_center', 'embassy', 'command_center', 'infirmary', ...TROOPS].map((b) => building(b, '30', 'TG5')),
      building('war_academy', 'not built', 'TG5'),
    ],
    after: {
      tool: 'truegold_upgrade_cost',
      args: {
        ranges: [
          ...['town_center', 'embassy', 'command_center', 'infirmary', ...TROOPS].map((b) => ({
            building: b,
            from: '30',
            to: 'TG5',
          })),
          { building: 'war_academy', from: 'not built', to: 'TG5' },
        ],
      },
    },
  },
  {
    question: 'One range, unchanged call: Gold T2 ★1→Gold T3 ★3',
    before: [gear('Gold T2 ★1', 'Gold T3 ★3')],
    after: gear('Gold T2 ★1', 'Gold T3 ★3'),
  },
  {
    question: 'One range over a disputed step: Command Center TG5→TG8',
    before: [building('command_center', 'TG5', 'TG8')],
    after: building('command_center', 'TG5', 'TG8'),
  },
];

async function size(app: ReturnType<typeof testApp>, call: Call): Promise<number> {
  const { text, result } = await callTool(app, call.tool, call.args);
  if (result?.isError) throw new Error(`${call.tool} refused ${JSON.stringify(call.args)}: ${text}`);
  return text?.length ?? 0;
}

const beforeOnly = process.argv.includes('--before');
const app = testApp();
const list = await rpc(app, 'tools/list', {}, { 'mcp-protocol-version': '2025-06-18' });
console.log(`tools/list: ${JSON.stringify(list.json.result).length} characters (result JSON)`);
console.log('| Question | Before: calls | Before: characters | After: calls | After: characters |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const q of QUESTIONS) {
  let before = 0;
  for (const call of q.before) before += await size(app, call);
  const after = beforeOnly ? '' : String(await size(app, q.after));
  console.log(`| ${q.question} | ${q.before.length} | ${before} | ${beforeOnly ? '' : 1} | ${after} |`);
}
