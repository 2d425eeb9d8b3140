/**
 * /search?q=…: the home page's search box answered on the server (no JavaScript needed) by running
 * search_database exactly as /mcp runs it, so the ranking, the typo tolerance and the refusals are the tool's.
 * Each match links to its page. HTML, or Markdown for `Accept: text/markdown` and /search.md.
 */
import { Hono, type Context } from 'hono';
import type { SearchDatabaseOutput } from '../../generated/tools/search_database/types.js';
import { SEARCH_PATH, searchFormHtml } from './home.js';
import { htmlPage } from './layout.js';
import { dataMarkdownToHtml, sendMarkdown, sendPage, type PageStatus, type RenderedPage } from './markdown.js';
import { capitalised } from '../reference/labels.js';
import { text } from './reference-markdown.js';
import { SITE_SCRIPT_SRC } from './site-script.js';
import type { ToolRunner } from './tool-runner.js';

const SITE = 'Kingshot Companion';

type SearchOutcome =
  | { kind: 'empty' }
  | { kind: 'result'; query: string; result: SearchDatabaseOutput }
  | { kind: 'error'; query: string; message: string };

function outcomeMarkdown(outcome: SearchOutcome): string[] {
  if (outcome.kind === 'empty')
    return ['Type a hero, Master, item or event: a name, a nickname or a word. Typos are fine.', ''];
  if (outcome.kind === 'error') return ['## The search cannot use this query', '', `> ${text(outcome.message)}`, ''];
  const { result } = outcome;
  const count = result.total_matches;
  return [
    `## ${count === 0 ? 'No matches' : `${count} ${count === 1 ? 'match' : 'matches'}`} for “${text(outcome.query)}”`,
    '',
    ...(result.matches.length > 0
      ? [
          ...result.matches.map(
            (m) =>
              `- [${text(m.name)}](${m.url}): ${text(capitalised(m.kind))}${m.summary ? ` · ${text(m.summary)}` : ''}${m.matched !== m.name ? ` (matched “${text(m.matched)}”)` : ''}`,
          ),
          '',
        ]
      : []),
    ...(result.total_matches > result.matches.length
      ? [`The best ${result.matches.length} are shown; add a word to narrow the search.`, '']
      : []),
    ...(result.message ? [text(result.message), ''] : []),
  ];
}

function searchMarkdown(outcome: SearchOutcome, baseUrl: string): string {
  return [
    '# Search',
    '',
    ...outcomeMarkdown(outcome),
    `Browse instead: [heroes](${baseUrl}/heroes), [Masters](${baseUrl}/masters), [items](${baseUrl}/items), [events](${baseUrl}/events), the [tier list](${baseUrl}/tier-list) or the [calculators](${baseUrl}/calculators).`,
    '',
  ].join('\n');
}

function searchPage(outcome: SearchOutcome, baseUrl: string): RenderedPage {
  const markdown = searchMarkdown(outcome, baseUrl);
  const query = outcome.kind === 'empty' ? '' : outcome.query;
  return {
    markdown,
    get html() {
      // The query is the visitor's text: it goes through the renderer that shows raw HTML as text.
      const rendered = dataMarkdownToHtml(markdown);
      const split = rendered.indexOf('</h1>') + '</h1>'.length;
      return htmlPage({
        title: query ? `${query} - Search - ${SITE}` : `Search - ${SITE}`,
        description: 'Search Kingshot heroes, Masters, items and events.',
        body: `${rendered.slice(0, split)}\n${searchFormHtml(query)}\n<div id="results">${rendered.slice(split)}</div>`,
        script: SITE_SCRIPT_SRC,
      });
    },
  };
}

export function searchPages(options: { baseUrl: string; runner: ToolRunner; clock: () => Date }): Hono {
  const { runner, clock, baseUrl } = options;
  const answer = (c: Context): { page: RenderedPage; status: PageStatus } => {
    // Only `q` is read; a repeated `q` takes the first, as a form sends one.
    const query = (new URL(c.req.url).searchParams.get('q') ?? '').trim();
    if (query === '') return { page: searchPage({ kind: 'empty' }, baseUrl), status: 200 };
    const run = runner.run('search_database', { query }, clock());
    if (!run.ok)
      return { page: searchPage({ kind: 'error', query, message: run.error.message }, baseUrl), status: 400 };
    // The run's value is the JSON of what the handler returned, which the handler contract types as the output.
    const result = run.value as unknown as SearchDatabaseOutput;
    return { page: searchPage({ kind: 'result', query, result }, baseUrl), status: 200 };
  };
  const app = new Hono();
  app.get(SEARCH_PATH, (c) => {
    const { page, status } = answer(c);
    return sendPage(c, page, status);
  });
  app.get(`${SEARCH_PATH}.md`, (c) => {
    const { page, status } = answer(c);
    return sendMarkdown(page.markdown, status);
  });
  return app;
}
