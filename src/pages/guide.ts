/**
 * /guide: what the site holds and how to use it, for people and for agents (the in-page get_site_guide returns
 * this page's Markdown). The tool list comes from the catalogue, like the developer page's.
 */
import { WEBSITE_TOOLS } from '../../generated/website/tools.js';
import type { EndpointMetadata } from '../../generated/metadata-types.js';
import type { Calculator } from './calculators/calculator-list.js';

export function guideMarkdown(
  baseUrl: string,
  endpoints: readonly EndpointMetadata[],
  calculators: readonly Calculator[],
): string {
  return [
    '# Site guide',
    '',
    'Kingshot Companion holds reference data for the mobile strategy game Kingshot (heroes, Masters, items, events,',
    'community tier lists) and upgrade-cost calculators, every number with its sources and confidence. Every page',
    'below is also Markdown: ask for it with `Accept: text/markdown`, or add `.md` to the path.',
    '',
    '## Sections',
    '',
    `- [Home](${baseUrl}/): the search box, and what each part of the site gives a player.`,
    `- [Search](${baseUrl}/search?q=amane): \`/search?q=<words>\` finds heroes, Masters, items and events by name, typos and nicknames included (the ranking of \`search_database\`).`,
    `- [Connect an assistant](${baseUrl}/connect): the MCP endpoints and how to add them to Claude, ChatGPT, VS Code or Cursor.`,
    `- [Game reference](${baseUrl}/reference): how the data is sourced, with links to the indexes.`,
    `- [Heroes](${baseUrl}/heroes), one page each at \`/heroes/<key>\` (e.g. [/heroes/amane](${baseUrl}/heroes/amane)): skills, buffs, exclusive gear, tier ratings.`,
    `- [Masters](${baseUrl}/masters) at \`/masters/<key>\`, [items](${baseUrl}/items) at \`/items/<key>\`, [events](${baseUrl}/events) at \`/events/<key>\`.`,
    `- [Tier lists](${baseUrl}/tier-list): S+ to D by role, the latest generation of each; one page per role at \`/tier-list/<role>\` (e.g. [/tier-list/bear-hunt-joiner](${baseUrl}/tier-list/bear-hunt-joiner)) with every generation, plus [overall lists](${baseUrl}/tier-list/overall) and [lineups](${baseUrl}/tier-list/lineups).`,
    `- [Calculators](${baseUrl}/calculators): one page per upgrade cost; the arguments go in the query string, so a result is a shareable URL.`,
    ...calculators.map((c) => `  - [${c.title}](${baseUrl}${c.path})`),
    `- [Developer reference](${baseUrl}/developers): every MCP tool, its arguments and results.`,
    `- [Sitemap](${baseUrl}/sitemap.xml) and [llms.txt](${baseUrl}/llms.txt): every page's address.`,
    '',
    '## Tools on every page (WebMCP)',
    '',
    'In a browser with WebMCP, every page of this site registers these tools for an agent working in the tab:',
    '',
    ...WEBSITE_TOOLS.map(
      (t) =>
        `- \`${t.name}\`${t.annotations.readOnlyHint ? '' : ' (changes the page)'}: ${t.title}. Arguments: ${
          Object.keys(t.inputSchema.properties ?? {})
            .map((n) => `\`${n}\``)
            .join(', ') || 'none'
        }.`,
    ),
    '',
    "A good order: `search_database` with a name (typos and aliases are fine) gives the record's `url`;",
    '`get_page_markdown` with that URL reads it; `open_page` shows it to the person in the tab. Calculator pages',
    'read the same way: `get_page_markdown` with `/calculators/hero-shards-cost?from=0★&to=5★`.',
    '',
    '## MCP endpoints',
    '',
    'The same data for an assistant outside the browser, over MCP (Streamable HTTP, one JSON-RPC message per POST):',
    '',
    ...endpoints.map(
      (e) =>
        `- \`${baseUrl}${e.path}\`${e.auth === 'none' ? ' (no sign-in)' : " (OAuth sign-in: the player's own saved data)"}: ${e.description}`,
    ),
    '',
  ].join('\n');
}
