/**
 * /developers: the reference codegen writes from the catalogue, with the two things the player pages leave out —
 * how to connect an assistant (/connect) and the maintainers' notes on the data (what the heroes' base stats are,
 * the tier list's snake_case role keys, how S+ and unrated heroes are stored, how per-generation tables are derived).
 */
import { DEVELOPER_MARKDOWN } from '../../generated/developer-docs.js';
import { heroesFile, tierListFile } from '../reference/records.js';
import { CONNECT_PATH } from './home.js';
import { text } from './reference-markdown.js';

function dataNotes(): string[] {
  return [
    '## Notes on the hero data',
    '',
    `- Base stats: ${text(heroesFile.base_stats_note)}`,
    `- Expedition bonus: ${text(heroesFile.expedition_bonus_note)}`,
    '',
    '## Notes on the tier-list data',
    '',
    'For maintainers and tool users; the tier-list pages say the same in players’ words.',
    '',
    ...tierListFile.notes.map((note) => `- ${text(note)}`),
    ...tierListFile.roles.flatMap((role) => [
      `- \`${role.key}\`: ${text(role.source_detail)}.${role.generations_note ? ` ${text(role.generations_note)}` : ''}`,
    ]),
    '',
  ];
}

export function developerMarkdown(): string {
  const split = DEVELOPER_MARKDOWN.indexOf('\n## ');
  const connect = `\nTo add the service to an assistant (Claude, ChatGPT, VS Code, Cursor), see [Connect an assistant](${CONNECT_PATH}).\n`;
  return [
    DEVELOPER_MARKDOWN.slice(0, split),
    connect,
    DEVELOPER_MARKDOWN.slice(split).trimEnd(),
    '',
    ...dataNotes(),
  ].join('\n');
}
