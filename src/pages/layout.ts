/**
 * The HTML shell of every page: readable on a phone (nothing wider than 390 px: long URLs wrap at their slashes), light
 * and dark themes, no external assets (no fonts, scripts or images from elsewhere). Site pages load the site
 * script (`script`); the sign-in and consent pages do not.
 */

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * An address (already escaped) that may break at its punctuation and nowhere else: after a slash, before `?`, `&`
 * and `#`. Each part is kept on one line (Chromium would otherwise also break after a `?` or a `-`).
 */
export function breakableUrl(escaped: string): string {
  return escaped
    .split(/(?<=\/)(?=.)|(?<=.)(?=\?|&amp;|#)/)
    .map((part) => `<span class="url-part">${part}</span>`)
    .join('<wbr>');
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fdfdfc; --muted: #5b6470; --line: #d8dde3; --accent: #8a4b08; --code: #f1f3f5; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #15171a; --muted: #9aa3ad; --line: #2e3338; --accent: #f0b35a; --code: #1f2327; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header, main, footer { max-width: 52rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1rem; border-bottom: 1px solid var(--line); }
header a { color: var(--fg); text-decoration: none; font-weight: 600; }
nav a { margin-right: 1rem; color: var(--muted); display: inline-block; white-space: nowrap; }
main { padding-top: 1rem; padding-bottom: 2rem; }
footer { color: var(--muted); font-size: .875rem; padding-bottom: 2rem; }
a { color: var(--accent); }
h1 { font-size: 1.6rem; line-height: 1.25; }
h2 { font-size: 1.3rem; margin-top: 2rem; }
h3 { font-size: 1.1rem; margin-top: 1.5rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; background: var(--code); border-radius: 4px; }
code { padding: .1em .3em; }
pre { padding: .75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
pre code { padding: 0; background: none; }
table { border-collapse: collapse; display: block; overflow-x: auto; max-width: 100%; }
th, td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; vertical-align: top; }
th[align=right], td[align=right] { text-align: right; font-variant-numeric: tabular-nums; }
td.word, th.word, .url-part { white-space: nowrap; }
blockquote { margin: 1rem 0; padding: .25rem 1rem; border-left: 4px solid var(--accent); color: var(--muted); }
/* A word is never broken inside (a hero's name stays whole): only a word longer than the line breaks, and long URLs
   break after their slashes (<wbr>, added where a link's text is its address). */
main { overflow-wrap: break-word; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem 1rem; }
.skip:focus { left: 1rem; }
form.search { margin: 1rem 0 1.5rem; display: flex; flex-direction: column; gap: .35rem; }
form.search label { font-weight: 600; }
form.search small { color: var(--muted); }
form.search .search-row { display: flex; gap: .5rem; }
form.search input { flex: 1 1 auto; min-width: 0; font: inherit; padding: .45rem .6rem; border: 1px solid var(--muted); border-radius: 4px; background: var(--bg); color: var(--fg); }
form.search button { font: inherit; font-weight: 600; padding: .45rem 1rem; border: 1px solid var(--accent); border-radius: 4px; background: var(--accent); color: var(--bg); cursor: pointer; }
form.calculator { display: flex; flex-wrap: wrap; gap: .75rem 1rem; align-items: flex-start; padding: .75rem; border: 1px solid var(--line); border-radius: 6px; }
form.calculator .field { display: flex; flex-direction: column; gap: .2rem; flex: 1 1 12rem; min-width: 0; }
form.calculator label { font-weight: 600; }
form.calculator small { color: var(--muted); }
form.calculator input, form.calculator select, form.calculator button { font: inherit; padding: .35rem .5rem; border: 1px solid var(--muted); border-radius: 4px; background: var(--bg); color: var(--fg); max-width: 100%; }
form.calculator button { background: var(--accent); color: var(--bg); border-color: var(--accent); font-weight: 600; cursor: pointer; }
.tool-error { margin: 1rem 0; padding: .5rem 1rem; border-left: 4px solid #c0392b; background: var(--code); }
.unknown { color: var(--muted); font-style: italic; }
.result-details td:nth-child(2) { min-width: 10rem; }
.result-details td[align=right] { white-space: nowrap; }
@media (max-width: 36rem) {
  th, td { padding: .3rem; font-size: .875rem; }
  /* The step table on a phone: each step on two lines, the step across the width and its amounts below in equal
     columns under the material names, so nothing is cut off or scrolls inside the table. */
  .result-details table, .result-details thead, .result-details tbody { display: block; }
  .result-details tr { display: flex; flex-wrap: wrap; border-bottom: 1px solid var(--line); }
  .result-details thead tr { border-bottom-width: 2px; }
  .result-details th, .result-details td { display: block; border: 0; min-width: 0; }
  .result-details :is(th, td):first-child { flex: 0 0 2.25rem; }
  .result-details :is(th, td):nth-child(2) { flex: 1 1 calc(100% - 2.25rem); min-width: 0; }
  .result-details :is(th, td):nth-child(n+3) { flex: 1 1 0; }
}
`;

export function htmlPage(options: {
  title: string;
  body: string;
  description?: string;
  script?: string;
  style?: string;
}): string {
  const description = options.description
    ? `\n<meta name="description" content="${escapeHtml(options.description)}">`
    : '';
  const script = options.script ? `\n<script src="${escapeHtml(options.script)}" defer></script>` : '';
  const style = options.style ? `\n<style>${options.style}</style>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(options.title)}</title>${description}
<style>${STYLE}</style>${style}${script}
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header><p><a href="/">Kingshot Companion</a></p><nav aria-label="Site"><a href="/search">Search</a><a href="/tier-list">Tier list</a><a href="/calculators">Calculators</a><a href="/reference">Game reference</a></nav></header>
<main id="content">
${options.body}
</main>
<footer><p>Game data from public community sources; numbers carry their sources and confidence. Not affiliated with Century Games.</p><p>For developers: <a href="/connect">connect an assistant</a> · <a href="/developers">developer reference</a> · <a href="/guide">site guide</a></p></footer>
</body>
</html>
`;
}
