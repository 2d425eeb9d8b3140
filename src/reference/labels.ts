/**
 * Display names for the snake_case keys of the game data: stat keys of skill ladders and gear stats
 * (`damage_up_pct_atk` → "Damage up (% of ATK)", `stun_s` → "Stun (s)"), roles and tier-list roles
 * (`bear_hunt_joiner` → "Bear Hunt joiner"). Unknown keys still read as words.
 *
 * Shared by the reference pages (src/pages/reference-markdown.ts) and the MCP Apps views (views/), which bundle it
 * for the browser: it must stay free of imports so a view pulls in nothing else.
 */
const WORDS: Readonly<Record<string, string>> = { aoe: 'AoE', atk: 'ATK', hp: 'HP', kvk: 'KvK', no: 'No.' };

export function capitalised(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** A data key as words: underscores become spaces, known abbreviations keep their case, units go in brackets. */
export function keyLabel(key: string): string {
  let words = key.split('_').filter((w) => w.length > 0);
  let unit = '';
  if (words.length > 2 && words.at(-2) === 'pct' && words.at(-1) === 'atk') {
    words = words.slice(0, -2);
    unit = ' (% of ATK)';
  } else if (words.length > 1 && words.at(-1) === 's') {
    words = words.slice(0, -1);
    unit = ' (s)';
  }
  const text = words
    .map((w) => WORDS[w] ?? w)
    .join(' ')
    .replace(/\bbear hunt\b/g, 'Bear Hunt');
  return capitalised(text) + unit;
}
