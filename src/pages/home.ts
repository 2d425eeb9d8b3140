/**
 * The home page, written for players: the search box first, then what each part of the site gives them. How to
 * connect an assistant is its own page (/connect), linked from here and from the developer page.
 */
import { DATA_VERSION } from '../../generated/data/version.js';
import type { EndpointMetadata } from '../../generated/metadata-types.js';
import { eventsFile, heroesFile, itemsFile, mastersFile } from '../reference/records.js';
import type { Calculator } from './calculators/calculator-list.js';
import { lede } from './calculators/lede.js';
import { escapeHtml } from './layout.js';

export const HOME_PATH = '/';
export const SEARCH_PATH = '/search';
export const CONNECT_PATH = '/connect';

/** The most characters search_database takes in a query (its catalogue schema's maxLength). */
export const SEARCH_MAX_LENGTH = 200;

/** The search box: a plain GET form, so it works without JavaScript. */
export function searchFormHtml(query = ''): string {
  return [
    `<form class="search" role="search" action="${SEARCH_PATH}" method="get">`,
    '<label for="search-q">Search heroes, Masters, items and events</label>',
    '<div class="search-row">',
    `<input id="search-q" name="q" type="search" value="${escapeHtml(query)}" maxlength="${SEARCH_MAX_LENGTH}" required autocomplete="off" aria-describedby="search-hint">`,
    '<button type="submit">Search</button>',
    '</div>',
    '<small id="search-hint">A name, a nickname or a word; typos are fine (amnae finds Amane).</small>',
    '</form>',
  ].join('');
}

/** The Markdown home page; the HTML page puts the search box before its first section. */
export function homeMarkdown(baseUrl: string, calculators: readonly Calculator[]): string {
  return [
    '# Kingshot Companion',
    '',
    'Hero facts, tier lists and upgrade costs for Kingshot, every number with its source.',
    '',
    `Search: [${baseUrl}${SEARCH_PATH}?q=amane](${baseUrl}${SEARCH_PATH}?q=amane) (put a name, a nickname or a word after \`q=\`; typos are fine).`,
    '',
    '## Calculators',
    '',
    'What an upgrade costs, step by step, with the total: type your levels, get the materials.',
    '',
    ...calculators.map((c) => `- [${c.title}](${baseUrl}${c.path}): ${lede(c.description)}`),
    '',
    '## Tier list',
    '',
    `- [Hero tier list](${baseUrl}/tier-list): which heroes the community rates best for each role (Bear Hunt, rallies, garrison and more), generation by generation.`,
    '',
    '## Game reference',
    '',
    `- [Heroes](${baseUrl}/heroes): all ${heroesFile.heroes.length} heroes with their troop type, skills at every level, exclusive gear and where their shards come from.`,
    `- [Masters](${baseUrl}/masters): the ${mastersFile.masters.length} Masters of the Master Academy, their relationship levels, talent and skills.`,
    `- [Items](${baseUrl}/items): ${itemsFile.items.length} items, what they are for and which events and shops give them.`,
    `- [Events](${baseUrl}/events): ${eventsFile.events.length} events, how often they run, their rewards and tips.`,
    '',
    '## Use it from an assistant',
    '',
    `- [Connect an assistant](${baseUrl}${CONNECT_PATH}): ask Claude, ChatGPT or your editor about Kingshot with this data.`,
    `- [Developer reference](${baseUrl}/developers): every tool, its arguments and results. [Site guide](${baseUrl}/guide): every section and the tools a browser agent can use.`,
    '',
    `Game data version \`${DATA_VERSION}\`.`,
    '',
  ].join('\n');
}

/** /connect: what the home page said before, for people who want the data in an assistant. */
export function connectMarkdown(baseUrl: string, endpoints: readonly EndpointMetadata[]): string {
  return [
    '# Connect an assistant',
    '',
    'Kingshot Companion is also an MCP server: an assistant that connects to it answers Kingshot questions with the',
    'same data and calculators as this site.',
    '',
    '## Addresses',
    '',
    ...endpoints.map((e) => `- \`${baseUrl}${e.path}\`: ${e.description}`),
    '',
    '## How',
    '',
    'Add the URL as a remote MCP server (Streamable HTTP) in Claude, ChatGPT, VS Code or Cursor. For example,',
    "in VS Code's `.vscode/mcp.json`:",
    '',
    '```json',
    JSON.stringify({ servers: { kingshot: { type: 'http', url: `${baseUrl}/mcp` } } }, null, 2),
    '```',
    '',
    'Then ask: *"What does Gold T2 ★1 to Gold T3 ★3 cost for two pieces?"*',
    '',
    `See the [developer reference](${baseUrl}/developers) for every tool and the [site guide](${baseUrl}/guide) for the in-page tools (WebMCP).`,
    '',
  ].join('\n');
}

/** The home page's HTML body: the heading and tagline, the search box, then the rest of the Markdown. */
export function homeHtmlBody(renderedMarkdown: string): string {
  const split = renderedMarkdown.indexOf('<h2');
  const head = renderedMarkdown.slice(0, split).replace(/<p>Search:.*?<\/p>\s*/s, '');
  return `${head}${searchFormHtml()}\n${renderedMarkdown.slice(split)}`;
}
