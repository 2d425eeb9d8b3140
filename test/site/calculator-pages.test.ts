/**
 * The calculator pages without a browser (so without JavaScript): the cross-check totals of the cost data (the
 * sources' published totals, as data/costs/*.yaml records them under cross_checks) rendered from query parameters, in HTML and in Markdown; the tool's own
 * error beside the form with 400; the form from the input schema; the index, the sitemap, llms.txt and the hero
 * pages' links; unknown amounts written "unknown", never as a number.
 */
import { describe, expect, it } from 'vitest';
import {
  amountText,
  chartDataOf,
  resultDetailsMarkdown,
  resultSummaryMarkdown,
  type SingleCostResult,
} from '../../src/pages/calculators/result-markdown.js';
import { TOOLS } from '../../generated/tools/index.js';
import { argumentsOf } from '../../src/pages/calculators/arguments.js';
import { BASE, callTool, testApp } from '../helpers.js';

const app = testApp();
const get = (path: string, accept?: string) => app.request(`${BASE}${path}`, accept ? { headers: { accept } } : {});

const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .trim();

/** The rows of the first table inside the element with this class, as cell texts. */
function tableRows(html: string, sectionClass: string): string[][] {
  const section = new RegExp(`<section class="${sectionClass}">([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';
  const table = /<table[^>]*>([\s\S]*?)<\/table>/.exec(section)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => stripTags(cell[1]!)),
  );
}

interface CrossCheck {
  path: string;
  query: string;
  /** Material name -> cells after the name in the totals table. */
  totals: Record<string, string[]>;
  heading: string;
}

// The figures of the cost data notes' cross-checks.
const CROSS_CHECKS: CrossCheck[] = [
  {
    path: 'governor-gear-cost',
    query: 'from=not+crafted&to=Gold+T3+%E2%98%853',
    heading: 'not crafted → Gold T3 ★3, 1 piece',
    totals: {
      Satin: ['785,500', '785,500'],
      'Gilded Threads': ['7,860', '7,860'],
      "Artisan's Vision": ['1,905', '1,905'],
    },
  },
  {
    path: 'governor-gear-cost',
    query: 'from=not+crafted&to=Red+T6+%E2%98%853&pieces=6',
    heading: 'not crafted → Red T6 ★3, 6 pieces',
    totals: {
      Satin: ['9,947,500', '59,685,000'],
      'Gilded Threads': ['99,480', '596,880'],
      "Artisan's Vision": ['20,255', '121,530'],
    },
  },
  {
    path: 'governor-gear-cost',
    query: 'from=Green+%E2%98%850&to=Red+T6+%E2%98%853',
    heading: 'Green ★0 → Red T6 ★3, 1 piece',
    totals: { Satin: ['9,946,000', '9,946,000'], 'Gilded Threads': ['99,465', '99,465'] },
  },
  {
    path: 'governor-charm-cost',
    query: 'from=0&to=11',
    heading: '0 → 11, 1 charm',
    totals: { 'Charm Guides': ['2,025', '2,025'], 'Charm Designs': ['2,700', '2,700'] },
  },
  {
    path: 'governor-charm-cost',
    query: 'from=0&to=22&charms=18',
    heading: '0 → 22, 18 charms',
    totals: { 'Charm Guides': ['10,880', '195,840'], 'Charm Designs': ['19,200', '345,600'] },
  },
  // "TG1 stage": the five steps that end at TG1 (30-1 … 30-4, TG1), so 30 → TG1.
  {
    path: 'truegold-upgrade-cost',
    query: 'building=town_center&from=30&to=TG1',
    heading: 'Town Center: 30 → TG1',
    totals: { Truegold: ['660'], 'Tempered Truegold': ['0'] },
  },
  {
    path: 'truegold-upgrade-cost',
    query: 'building=town_center&from=30&to=TG5',
    heading: 'Town Center: 30 → TG5',
    totals: { Truegold: ['5,715'], 'Tempered Truegold': ['0'] },
  },
  {
    path: 'truegold-upgrade-cost',
    query: 'building=town_center&from=30&to=TG8',
    heading: 'Town Center: 30 → TG8',
    totals: { Truegold: ['8,775'], 'Tempered Truegold': ['270'] },
  },
  {
    path: 'truegold-upgrade-cost',
    query: 'building=town_center&from=30&to=TG10',
    heading: 'Town Center: 30 → TG10',
    totals: { Truegold: ['11,610'], 'Tempered Truegold': ['870'] },
  },
  {
    path: 'hero-shards-cost',
    query: 'from=0%E2%98%85&to=5%E2%98%85',
    heading: '0★ → 5★ 6/6',
    totals: { 'Hero Shards': ['1,065'] },
  },
  {
    path: 'hero-shards-cost',
    query: 'from=locked&to=5%E2%98%85',
    heading: 'locked → 5★ 6/6',
    totals: { 'Hero Shards': ['1,075'] },
  },
  { path: 'hero-widgets-cost', query: 'from=0&to=10', heading: '0 → 10', totals: { Widgets: ['275'] } },
  { path: 'hero-widgets-cost', query: 'from=1&to=10', heading: '1 → 10', totals: { Widgets: ['270'] } },
  {
    path: 'mastery-forging-cost',
    query: 'from=%2B0&to=%2B20',
    heading: 'Mastery Forging: +0 → +20, 1 piece',
    totals: { Forgehammers: ['2,100', '2,100'], 'Mythic gear pieces': ['55', '55'] },
  },
  {
    path: 'mastery-forging-cost',
    query: 'from=0&to=10',
    heading: 'Mastery Forging: +0 → +10, 1 piece',
    totals: { Forgehammers: ['550', '550'] },
  },
  {
    path: 'mastery-forging-cost',
    query: 'track=red_gear&from=Gold+100&to=Red+200',
    heading: 'Red gear ascension and enhancement: Gold 100 → Red 200, 1 piece',
    totals: { Mithril: ['150', '150'], 'Mythic gear pieces': ['35', '35'] },
  },
];

describe('calculator pages render the cross-check totals from the query, on the server', () => {
  for (const check of CROSS_CHECKS) {
    it(`/calculators/${check.path}?${decodeURIComponent(check.query)}`, async () => {
      const res = await get(`/calculators/${check.path}?${check.query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(stripTags(/<section class="result"><h2>([\s\S]*?)<\/h2>/.exec(html)?.[1] ?? '')).toBe(check.heading);
      const rows = tableRows(html, 'result');
      for (const [material, cells] of Object.entries(check.totals)) {
        const row = rows.find((r) => r[0] === material);
        expect(row, material).toBeDefined();
        expect(row!.slice(1), material).toEqual(cells);
      }
      const markdown = await (await get(`/calculators/${check.path}?${check.query}`, 'text/markdown')).text();
      for (const [material, cells] of Object.entries(check.totals))
        expect(markdown).toContain(`| ${material.replace("'", "'")} | ${cells.join(' | ')} |`);
    });
  }

  it('the steps table sums to the totals and the numbers equal the MCP tool result', async () => {
    const { structured } = await callTool(app, 'governor_gear_cost', {
      from: 'Gold T2 ★1',
      to: 'Gold T3 ★3',
      pieces: 2,
    });
    const html = await (
      await get('/calculators/governor-gear-cost?from=Gold+T2+%E2%98%851&to=Gold+T3+%E2%98%853&pieces=2')
    ).text();
    const steps = tableRows(html, 'result-details');
    expect(steps[0]).toEqual(['#', 'Step', 'Satin', 'Gilded Threads', "Artisan's Vision"]);
    expect(steps).toHaveLength(1 + structured.steps.length + 1);
    structured.steps.forEach((step: { from: string; to: string; cost: Record<string, number> }, i: number) => {
      expect(steps[i + 1]).toEqual([
        String(i + 1),
        `${step.from} → ${step.to}`,
        ...['satin', 'gilded_threads', 'artisans_vision'].map((k) => step.cost[k]!.toLocaleString('en-US')),
      ]);
    });
    expect(steps.at(-1)).toEqual(['', 'Total (per piece)', '393,000', '3,960', '765']);
    expect(tableRows(html, 'result')).toEqual([
      ['Material', 'Per piece', '2 pieces'],
      ['Satin', '393,000', '786,000'],
      ['Gilded Threads', '3,960', '7,920'],
      ["Artisan's Vision", '765', '1,530'],
    ]);
    expect(html).toContain('Steps: <strong>6</strong> · Confidence: <strong>high</strong>');
    // The form's submissions land here: the result's sections in one element with the form's fragment as its id.
    expect(html).toMatch(
      /<div id="outcome">\n<section class="result">[\s\S]*<section class="result-details">[\s\S]*<\/section>\n<\/div>/,
    );
    // The chart's data block (drawn by the site script), with `<` escaped.
    const data = JSON.parse(/<script type="application\/json" id="cost-chart-data">([^<]*)<\/script>/.exec(html)![1]!);
    expect(data.levels).toEqual(['Gold T2 ★2', 'Gold T2 ★3', 'Gold T3 ★0', 'Gold T3 ★1', 'Gold T3 ★2', 'Gold T3 ★3']);
    expect(data.series.map((s: { key: string; values: number[] }) => [s.key, s.values.at(-1)])).toEqual([
      ['satin', 393_000],
      ['gilded_threads', 3_960],
      ['artisans_vision', 765],
    ]);
    // Notes and sources of the result.
    expect(html).toContain('<h3>Notes</h3>');
    expect(html).toContain('<h3>Sources</h3>');
    expect(html).toContain(`Data version <code>${structured.data_version}</code>`);
  });
});

describe('bad input', () => {
  it("an unknown level: the tool's own message beside the form, status 400, the form keeps what was sent", async () => {
    const { text } = await callTool(app, 'governor_gear_cost', { from: 'Gold T9', to: 'Gold T3 ★3' });
    const message = JSON.parse(text!).error.message as string;
    const res = await get('/calculators/governor-gear-cost?from=Gold+T9&to=Gold+T3+%E2%98%853');
    expect(res.status).toBe(400);
    const html = await res.text();
    const box =
      /<div id="outcome"><div class="tool-error" role="alert" id="calculator-error">([\s\S]*?)<\/div><\/div>/.exec(
        html,
      )?.[1];
    expect(stripTags(box ?? '')).toBe(`The calculator cannot use these arguments.${message.replaceAll('"', '"')}`);
    expect(html).toContain(
      '<input id="field-from" name="from" type="text" autocomplete="off" spellcheck="false" value="Gold T9"',
    );
    expect(html).not.toContain('<section class="result">');
    const markdown = await get('/calculators/governor-gear-cost?from=Gold+T9&to=Gold+T3+%E2%98%853', 'text/markdown');
    expect(markdown.status).toBe(400);
    expect(await markdown.text()).toContain('## Error\n\n> "Gold T9" is not a Governor Gear level');
  });

  it("a reversed range, a count out of range and an unknown argument each get the tool's message", async () => {
    for (const [query, args] of [
      ['from=10&to=2', { from: 10, to: 2 }],
      ['from=0&to=2&charms=40', { from: 0, to: 2, charms: 40 }],
      ['from=0&to=2&peices=2', { from: 0, to: 2, peices: '2' }],
    ] as const) {
      const expected = JSON.parse((await callTool(app, 'governor_charm_cost', args)).text!).error.message as string;
      const res = await get(`/calculators/governor-charm-cost?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.text(), query).toContain(expected.replaceAll('"', '&quot;'));
    }
  });

  it('markup in an argument is shown as text', async () => {
    const html = await (
      await get('/calculators/governor-gear-cost?from=%3Cscript%3Ealert(1)%3C/script%3E&to=Gold+T3')
    ).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('an unknown calculator is the 404 page', async () => {
    expect((await get('/calculators/governor-gear')).status).toBe(404);
    expect((await get('/calculators/get-hero')).status).toBe(404);
  });
});

describe('a budget and a list of upgrades on the page', () => {
  it('the list and the budget in the URL give the numbers of the tool, per range, in total and how far they go', async () => {
    const args = {
      ranges: [
        { from: 10, to: 12, charms: 2 },
        { from: 3, to: 5 },
      ],
      have: { charm_guides: 2500, charm_designs: 2000 },
    };
    const { structured } = await callTool(app, 'governor_charm_cost', args);
    const tool = structured as {
      totals: Record<string, number>;
      reach: { spent: Record<string, number>; left: Record<string, number>; short_for_all: Record<string, number> };
    };
    // The tool's figures (worked out by hand in test/calculators/budget-and-lists.test.ts).
    expect(tool.totals).toEqual({ charm_guides: 2460, charm_designs: 2340 });
    expect(tool.reach.spent).toEqual({ charm_guides: 1300, charm_designs: 1140 });
    const query = new URLSearchParams({
      ranges: '10 -> 12 x2\n3 -> 5',
      'have.charm_guides': '2500',
      'have.charm_designs': '2,000',
    });
    const res = await get(`/calculators/governor-charm-cost?${query.toString()}`, 'text/markdown');
    expect(res.status).toBe(200);
    const markdown = await res.text();
    expect(markdown).toContain('| 10 → 12 ×2 | 2,280 | 2,040 |');
    expect(markdown).toContain('| 3 → 5 | 180 | 300 |');
    expect(markdown).toContain('| **Total** | **2,460** | **2,340** |');
    expect(markdown).toContain('| 10 → 12 | 11 | materials | 40 Charm Designs |');
    expect(markdown).toContain('| 3 → 5 | 5 | target reached | – |');
    expect(markdown).toContain('| Charm Guides | 1,300 | 1,200 | 0 |');
    expect(markdown).toContain('| Charm Designs | 1,140 | 860 | 340 |');
    expect(markdown).toContain('Runs out first: **Charm Designs**.');
    // The form keeps what was sent, so the URL can be shared and the page edited.
    const html = await (await get(`/calculators/governor-charm-cost?${query.toString()}`)).text();
    expect(html).toContain(
      'name="ranges" rows="4" spellcheck="false" aria-describedby="field-ranges-hint">10 -&gt; 12 x2\n3 -&gt; 5</textarea>',
    );
    expect(html).toContain(
      '<small id="field-ranges-hint">One per line: from -&gt; to xcharms (to may be left out with a budget)</small>',
    );
    expect(html).toContain(
      'name="have.charm_designs" type="text" inputmode="numeric" autocomplete="off" value="2,000">',
    );
  });

  it("one range with a budget and no target: how far it goes, with the disputed step's range", async () => {
    const have = { satin: 300000, gilded_threads: 3000, artisans_vision: 600 };
    const { structured } = await callTool(app, 'governor_gear_cost', { from: 'Purple T1 ★1', have });
    const reach = (structured as { reach: { ranges: { reached: string }[] } }).reach;
    expect(reach.ranges[0]!.reached).toBe('Gold T1 ★3');
    const query = new URLSearchParams({
      from: 'Purple T1 ★1',
      'have.satin': '300000',
      'have.gilded_threads': '3000',
      'have.artisans_vision': '600',
    });
    const markdown = await (await get(`/calculators/governor-gear-cost?${query.toString()}`, 'text/markdown')).text();
    expect(markdown).toContain('## Purple T1 ★1 → Red T6 ★3, 1 piece');
    expect(markdown).toContain("| Purple T1 ★1 → Red T6 ★3 | Gold T1 ★3 | materials | 20 Artisan's Vision |");
    expect(markdown).toContain('| Satin | 249,000 | 51,000 |');
    expect(markdown).toContain(
      '| Gilded Threads | 15,440 | 15,440 | 15,530 |'.replace('15,440 | 15,440 | 15,530', markdownRange(structured)),
    );
    expect(markdown).toContain("Runs out first: **Artisan's Vision**.");
  });

  it("a list line that is not a level gets the tool's message, pointing at its range", async () => {
    const query = new URLSearchParams({ ranges: 'barracks: TG6 -> TG7\nstable: TG66 -> TG7' });
    const res = await get(`/calculators/truegold-upgrade-cost?${query.toString()}`, 'text/markdown');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('> "TG66" is not a Stable level');
  });
});

/** The disputed-threads row of a result's totals_range, as the page writes it. */
function markdownRange(structured: unknown): string {
  const r = (structured as { totals_range: Record<string, { used: number; lowest: number; highest: number }> })
    .totals_range.gilded_threads!;
  const f = (n: number) => n.toLocaleString('en-US');
  return `${f(r.used)} | ${f(r.lowest)} | ${f(r.highest)}`;
}

describe('the form and the index', () => {
  it('builds the form from the input schema: selects for enumerations and small ranges, inputs with the accepted levels', async () => {
    const truegold = await (await get('/calculators/truegold-upgrade-cost')).text();
    // Submitting lands on the result (or the error), not on the form again.
    expect(truegold).toContain(
      '<form class="calculator" method="get" action="/calculators/truegold-upgrade-cost#outcome">',
    );
    // A keyed argument is a select of its keys, without the description that tells a model how to spell one.
    expect(truegold).toContain(
      '<div class="field"><label for="field-building">Building</label><select id="field-building" name="building"><option value="" selected>Choose…</option><option value="town_center">Town center</option>',
    );
    expect(truegold).not.toContain('field-building-hint');
    expect(truegold).toContain(
      '<small id="field-from-hint">Current level, e.g. 30, 30-4, TG2, TG5-1, or the numeric level 30-80.</small>',
    );
    expect(await (await get('/calculators/truegold-upgrade-cost', 'text/markdown')).text()).toContain(
      '- `building` (required for one range): The building to upgrade, by key or by name (`Town Center`, `TC`). Keys: town_center,',
    );
    expect(truegold).toMatch(
      /<datalist id="field-from-choices"><option value="30"><\/option><option value="30-1"><\/option>.*<option value="TG10"><\/option><option value="not built"><\/option><\/datalist>/,
    );
    const charm = await (await get('/calculators/governor-charm-cost?from=3&to=6')).text();
    expect(charm).toContain('<option value="3" selected>3</option>');
    expect(charm).toContain(
      '<select id="field-charms" name="charms" aria-describedby="field-charms-hint"><option value="">Default</option><option value="1" selected>1</option>',
    );
    const bare = await get('/calculators/hero-shards-cost', 'text/markdown');
    const markdown = await bare.text();
    expect(markdown).toContain(
      '[/calculators/hero-shards-cost?from=0★&to=5★](/calculators/hero-shards-cost?from=0★&to=5★)',
    );
    expect(markdown).toContain('- `from` (required for one range): ');
  });

  it('/calculators lists every cost tool of the catalogue; the sitemap, llms.txt, the guide and a hero page link them', async () => {
    const index = await (await get('/calculators', 'text/markdown')).text();
    const links = [...index.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1]);
    // The set and order are the catalogue's (its cost tools, in catalogue order); test/catalogue-facts.json pins them.
    const costTools = TOOLS.filter((tool) => tool.costSystem !== undefined);
    const pathOf = (tool: string) => `${BASE}/calculators/${tool.replaceAll('_', '-')}`;
    const paths = costTools.map((tool) => pathOf(tool.name));
    expect(links).toEqual(paths);
    // One example per tool with a `calculator` entry; the link texts are the arguments in words (the query string
    // escapes `+` as %2B).
    const examples = [...index.matchAll(/ Example: \[([^\]]+)\]\(([^)]+)\)$/gm)].map((m) => [m[1], m[2]]);
    expect(examples.map(([, url]) => url!.split('?')[0])).toEqual(
      costTools.filter((tool) => tool.calculator).map((tool) => pathOf(tool.name)),
    );
    for (const example of [
      [
        'from Gold T2 ★1, to Gold T3 ★3, pieces 2',
        `${BASE}/calculators/governor-gear-cost?from=Gold+T2+★1&to=Gold+T3+★3&pieces=2`,
      ],
      ['from 0, to 22', `${BASE}/calculators/governor-charm-cost?from=0&to=22`],
      [
        'building town_center, from 30, to TG8',
        `${BASE}/calculators/truegold-upgrade-cost?building=town_center&from=30&to=TG8`,
      ],
      ['from 0★, to 5★', `${BASE}/calculators/hero-shards-cost?from=0★&to=5★`],
      ['from 0, to 10', `${BASE}/calculators/hero-widgets-cost?from=0&to=10`],
      ['track mastery, from +0, to +20', `${BASE}/calculators/mastery-forging-cost?track=mastery&from=%2B0&to=%2B20`],
    ])
      expect(examples).toContainEqual(example);
    const sitemap = await (await get('/sitemap.xml')).text();
    for (const url of [`${BASE}/calculators`, `${BASE}/guide`, ...paths])
      expect(sitemap).toContain(`<loc>${url}</loc>`);
    const llms = await (await get('/llms.txt')).text();
    for (const url of paths) expect(llms).toContain(`(${url}.md)`);
    const guide = await (await get('/guide.md')).text();
    for (const url of paths) expect(guide).toContain(`(${url})`);
    const amadeus = await (await get('/heroes/amadeus', 'text/markdown')).text();
    expect(amadeus).toContain(
      `Upgrade costs: [hero shards calculator](${BASE}/calculators/hero-shards-cost) · [Exclusive Gear widgets calculator](${BASE}/calculators/hero-widgets-cost).`,
    );
  });
});

describe('unknown amounts (null in results) are written "unknown"', () => {
  // A mastery_forging_cost result (its generated output type) whose Mithril and Enhancement XP are not needed.
  const result: SingleCostResult = {
    track: 'red_gear',
    from: 'Gold 100',
    to: 'Red 102',
    pieces: 2,
    step_count: 2,
    steps: [
      {
        from: 'Gold 100',
        to: 'Red 101',
        cost: { forgehammers: null, mythic_gear_pieces: 2 },
        unknown: ['forgehammers'],
      },
      { from: 'Red 101', to: 'Red 102', cost: { forgehammers: 5, mythic_gear_pieces: null } },
    ],
    totals_per_piece: { forgehammers: null, mythic_gear_pieces: null, mithril: 0, enhancement_xp: 0 },
    totals: { forgehammers: null, mythic_gear_pieces: null, mithril: 0, enhancement_xp: 0 },
    materials: {
      forgehammers: 'Forgehammers',
      mythic_gear_pieces: 'Mythic gear pieces',
      mithril: 'Mithril',
      enhancement_xp: 'Enhancement XP',
    },
    confidence: 'medium',
    notes: [],
    gaps: ['Forgehammers for Gold 100 -> Red 101: no source publishes this cost.'],
    sources: [],
    data_version: 'test',
  };

  it('in the totals, the steps and the step sums; the chart leaves the material out', () => {
    expect(amountText(null)).toBe('unknown');
    expect(amountText(undefined)).toBe('unknown');
    expect(amountText(1234.5)).toBe('1,234.5');
    const summary = resultSummaryMarkdown(result);
    expect(summary).toContain('| Forgehammers (the amount of one step is unknown) | unknown | unknown |');
    expect(summary).toContain('| Mythic gear pieces (the amount of one step is unknown) | unknown | unknown |');
    expect(summary).toContain('| Mithril | 0 | 0 |');
    expect(summary).toContain('- Forgehammers for Gold 100 -> Red 101: no source publishes this cost.');
    const details = resultDetailsMarkdown(result);
    expect(details).toContain('| 1 | Gold 100 → Red 101 | *unknown* | 2 | – | – |\n');
    expect(details).toContain('| 2 | Red 101 → Red 102 | 5 | *unknown* | – | – |\n');
    expect(details).toContain('|  | **Total (per piece)** | **unknown** | **unknown** | **0** | **0** |\n');
    expect(chartDataOf(result)).toEqual({
      from: 'Gold 100',
      levels: ['Red 101', 'Red 102'],
      series: [],
      unused: [
        'Forgehammers: amount unknown for part of the range',
        'Mythic gear pieces: amount unknown for part of the range',
        'Mithril: none needed',
        'Enhancement XP: none needed',
      ],
    });
  });

  it('a numeric total that leaves an unknown step out is not shown as the total', () => {
    const known = { forgehammers: 5, mythic_gear_pieces: 0, mithril: 0, enhancement_xp: 0 };
    const summary = resultSummaryMarkdown({ ...result, totals: known, totals_per_piece: known });
    expect(summary).toContain('| Forgehammers (the amount of one step is unknown) | 5 + unknown | 5 + unknown |');
    expect(summary).toContain('| Mythic gear pieces (the amount of one step is unknown) | unknown | unknown |');
  });
});

describe('query parameters to arguments', () => {
  const schema = {
    type: 'object',
    properties: {
      from: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      to: { type: 'string' },
      pieces: { type: 'integer' },
    },
  };
  it('digits become integers where the schema takes one; empty fields are left out; no query is no arguments', () => {
    expect(argumentsOf(new URLSearchParams('from=30&to=30&pieces=2'), schema)).toEqual({
      from: 30,
      to: '30',
      pieces: 2,
    });
    expect(argumentsOf(new URLSearchParams('from=TG1&to=&pieces='), schema)).toEqual({ from: 'TG1' });
    expect(argumentsOf(new URLSearchParams('pieces=two'), schema)).toEqual({ pieces: 'two' });
    expect(argumentsOf(new URLSearchParams(''), schema)).toBeUndefined();
  });
});

describe('sources on a calculator page', () => {
  it('a source that publishes only some of the steps says which, as the MCP result does', async () => {
    const app = testApp();
    const args = { building: 'town_center', from: '30', to: 'TG10' };
    const { structured } = await callTool(app, 'truegold_upgrade_cost', args);
    const partial = (structured.sources as { ref: string; covers?: string }[]).filter((s) => s.covers);
    expect(partial.length).toBeGreaterThan(0);
    const page = await app.request(`${BASE}/calculators/truegold-upgrade-cost?${new URLSearchParams(args)}`, {
      headers: { accept: 'text/markdown' },
    });
    expect(page.status).toBe(200);
    const markdown = await page.text();
    const section = markdown.slice(markdown.indexOf('### Sources'));
    for (const source of partial) expect(section).toContain(`(the steps ${source.covers} only)`);
    expect(section.match(/\(the steps [^)]* only\)/g)).toHaveLength(partial.length);
  });
});
