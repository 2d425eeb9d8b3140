/**
 * /calculators and /calculators/<tool-name-with-dashes>: a form per cost tool, and with arguments in the query
 * the tool's result rendered on the server (it runs through the same tools/call path as on /mcp, so the numbers
 * and the error messages are the tool's own). HTML, or Markdown for `Accept: text/markdown` and the `.md` paths;
 * an argument the tool refuses is a 400 with its message beside the form.
 */
import { Hono } from 'hono';
import { COST_TABLES, COST_TOOL_OF_SYSTEM } from '../../../generated/cost-systems.js';
import { WEBSITE_STYLE } from '../../../generated/website/script.js';
import { breakableUrl, escapeHtml, htmlPage } from '../layout.js';
import { dataMarkdownToHtml, pageOnFirstRequest, sendMarkdown, sendPage, type PageStatus } from '../markdown.js';
import { CHART_DATA_ID } from '../site-routes.js';
import { SITE_SCRIPT_SRC } from '../site-script.js';
import type { ToolRunner } from '../tool-runner.js';
import { argumentsOf, listLineSyntax } from './arguments.js';
import { CALCULATORS_PATH, queryOf, type Calculator } from './calculator-list.js';
import { calculatorForm, oneRangeArguments, OUTCOME_ID } from './form.js';
import { lede } from './lede.js';
import {
  chartDataOf,
  isSingle,
  listResultMarkdown,
  mdText,
  resultDetailsMarkdown,
  resultSummaryMarkdown,
  type CostResult,
  type SingleCostResult,
  type SourceTitle,
} from './result-markdown.js';

const SITE = 'Kingshot Companion';

/** The titles and addresses of the sources of a calculator's cost table, by source id. */
function sourceTitles(calculator: Calculator): ReadonlyMap<string, SourceTitle> {
  const system = Object.entries(COST_TOOL_OF_SYSTEM).find(([, tool]) => tool === calculator.tool)?.[0];
  const table = system ? COST_TABLES[system] : undefined;
  return new Map((table?.sources ?? []).map((s) => [s.id, { title: s.title, ...(s.url ? { url: s.url } : {}) }]));
}

const exampleUrl = (calculator: Calculator) => `${calculator.path}?${queryOf(calculator.example)}`;

/** The example's arguments as words (`from +0, to +20`): its query string escapes `+` as `%2B`. */
const exampleLabel = (calculator: Calculator) =>
  Object.entries(calculator.example)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');

function argumentsMarkdown(calculator: Calculator): string[] {
  const properties = (calculator.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = oneRangeArguments(calculator.inputSchema);
  return [
    '## Arguments',
    '',
    'Give them as query parameters (the form does), for example',
    `[${mdText(exampleUrl(calculator))}](${exampleUrl(calculator)}).`,
    '',
    ...Object.entries(properties).map(([name, schema]) => {
      const choices = calculator.choices[name];
      const accepted = choices ? ` Accepted levels: ${choices.map((c) => `\`${c}\``).join(', ')}.` : '';
      const values = Array.isArray(schema.enum)
        ? ` One of ${(schema.enum as unknown[]).map((v) => `\`${String(v)}\``).join(', ')}.`
        : '';
      const onPage =
        name === 'ranges'
          ? ` On this page: one upgrade per line, \`${listLineSyntax(calculator.inputSchema) ?? ''}\`.`
          : name === 'have'
            ? ' On this page: one parameter per material, `have.<material>=<amount>`.'
            : '';
      return `- \`${name}\`${required.has(name) ? ' (required for one range)' : ''}: ${String(schema.description ?? '')}${values}${accepted}${onPage}`;
    }),
    '',
  ];
}

function headMarkdown(calculator: Calculator): string[] {
  return [
    `# ${calculator.title}`,
    '',
    `${lede(calculator.description)} The same numbers as the MCP tool \`${calculator.tool}\`.`,
    '',
  ];
}

type Outcome =
  | { kind: 'form' }
  | { kind: 'result'; result: SingleCostResult }
  | { kind: 'list'; result: CostResult }
  | { kind: 'error'; message: string };

/** A tool result as the page shows it: one range (with its steps and chart), or a list of ranges. */
function resultOutcome(result: CostResult): Outcome {
  return isSingle(result) ? { kind: 'result', result } : { kind: 'list', result };
}

function markdownOf(calculator: Calculator, outcome: Outcome): string {
  const head = headMarkdown(calculator);
  if (outcome.kind === 'list') return [...head, listResultMarkdown(outcome.result)].join('\n');
  if (outcome.kind === 'result')
    return [
      ...head,
      resultSummaryMarkdown(outcome.result),
      resultDetailsMarkdown(outcome.result, sourceTitles(calculator)),
    ].join('\n');
  if (outcome.kind === 'error')
    return [...head, '## Error', '', `> ${mdText(outcome.message)}`, '', ...argumentsMarkdown(calculator)].join('\n');
  return [...head, ...argumentsMarkdown(calculator)].join('\n');
}

/** JSON inside a data block: `<` escaped so the text can never end the element. */
function dataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;
}

function htmlOf(calculator: Calculator, query: URLSearchParams, outcome: Outcome): string {
  const parts = [
    `<h1>${escapeHtml(calculator.title)}</h1>`,
    // For players the lede alone; the Markdown (for agents) also names the MCP tool.
    `<p>${escapeHtml(lede(calculator.description))}</p>`,
    calculatorForm(calculator, query, listLineSyntax(calculator.inputSchema)),
  ];
  if (outcome.kind === 'error') {
    parts.push(
      `<div id="${OUTCOME_ID}"><div class="tool-error" role="alert" id="calculator-error"><p><strong>The calculator cannot use these arguments.</strong></p><p>${escapeHtml(outcome.message)}</p></div></div>`,
    );
  }
  if (outcome.kind === 'list') {
    parts.push(
      `<div id="${OUTCOME_ID}"><section class="result">${dataMarkdownToHtml(listResultMarkdown(outcome.result))}</section></div>`,
    );
  } else if (outcome.kind === 'result') {
    parts.push(
      `<div id="${OUTCOME_ID}">`,
      `<section class="result">${dataMarkdownToHtml(resultSummaryMarkdown(outcome.result))}</section>`,
      '<section class="chart-section" hidden><h3>Cumulative cost</h3><figure><div class="chart-holder"></div><figcaption>Share of each material’s total spent once each step is done.</figcaption></figure></section>',
      dataBlock(CHART_DATA_ID, chartDataOf(outcome.result)),
      `<section class="result-details">${dataMarkdownToHtml(resultDetailsMarkdown(outcome.result, sourceTitles(calculator)))}</section>`,
      '</div>',
    );
  }
  if (outcome.kind !== 'result' && outcome.kind !== 'list')
    parts.push(
      `<p>Example: <a href="${escapeHtml(exampleUrl(calculator))}">${breakableUrl(escapeHtml(exampleUrl(calculator)))}</a></p>`,
    );
  return htmlPage({
    title: `${calculator.title} - calculator - ${SITE}`,
    description: lede(calculator.description),
    body: parts.join('\n'),
    script: SITE_SCRIPT_SRC,
    style: WEBSITE_STYLE,
  });
}

function indexMarkdown(list: readonly Calculator[], baseUrl: string): string {
  return [
    '# Upgrade-cost calculators',
    '',
    'What an upgrade costs, step by step, with totals, confidence, data gaps and sources. Each page takes its',
    'arguments in the URL, so a result can be shared; every page also answers in Markdown. The same numbers as the',
    'MCP cost tools.',
    '',
    ...list.flatMap((c) => [
      `- [${c.title}](${baseUrl}${c.path}): ${lede(c.description)} Example: [${mdText(exampleLabel(c))}](${baseUrl}${exampleUrl(c)})`,
    ]),
    '',
  ].join('\n');
}

export interface CalculatorPagesOptions {
  baseUrl: string;
  calculators: readonly Calculator[];
  runner: ToolRunner;
  clock: () => Date;
}

export function calculatorPages(options: CalculatorPagesOptions): Hono {
  const { calculators, runner, clock } = options;
  const index = pageOnFirstRequest(
    () => ({
      title: `Upgrade-cost calculators - ${SITE}`,
      description: 'Kingshot upgrade-cost calculators.',
      markdown: indexMarkdown(calculators, options.baseUrl),
    }),
    { fromData: true },
  );
  const bySlug = new Map(calculators.map((c) => [c.path.slice(CALCULATORS_PATH.length + 1), c]));
  const app = new Hono();
  app.get(CALCULATORS_PATH, (c) => sendPage(c, index()));
  app.get(`${CALCULATORS_PATH}.md`, () => sendMarkdown(index().markdown));
  app.get(`${CALCULATORS_PATH}/:slug`, (c) => {
    const slug = c.req.param('slug');
    const asMarkdown = slug.endsWith('.md');
    const calculator = bySlug.get(asMarkdown ? slug.slice(0, -3) : slug);
    if (!calculator) return c.notFound();
    const query = new URL(c.req.url).searchParams;
    const args = argumentsOf(query, calculator.inputSchema);
    let outcome: Outcome = { kind: 'form' };
    // A page shows one range's steps and chart even with a budget (the tool leaves them out by default).
    if (args?.have !== undefined && args.ranges === undefined) args.include_steps ??= true;
    if (args) {
      const run = runner.run(calculator.tool, args, clock());
      // The run's value is the JSON of what the tool's handler returned, which the handler contract (ToolHandlers)
      // types as the tool's generated output.
      outcome = run.ok
        ? resultOutcome(run.value as unknown as CostResult)
        : { kind: 'error', message: run.error.message };
    }
    const status: PageStatus = outcome.kind === 'error' ? 400 : 200;
    const page = {
      markdown: markdownOf(calculator, outcome),
      get html() {
        return htmlOf(calculator, query, outcome);
      },
    };
    return asMarkdown ? sendMarkdown(page.markdown, status) : sendPage(c, page, status);
  });
  return app;
}
