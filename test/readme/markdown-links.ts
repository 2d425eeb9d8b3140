/**
 * The links and heading anchors of a Markdown document, as GitHub renders it: what test/readme/links.test.ts
 * checks. Code (fenced blocks and inline spans) holds no links, so it is blanked first, keeping line numbers.
 */

export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

/** Every `[text](target)` and `![alt](target)` outside code, with its line; a link title after the target is dropped. */
export function linksOf(markdown: string): MarkdownLink[] {
  const prose = blankCode(markdown);
  const links: MarkdownLink[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const line = prose.slice(0, match.index).split('\n').length;
    links.push({ line, target: match[1]! });
  }
  return links;
}

/** The anchors GitHub gives the document's headings: `## Stopping: the drain` is `#stopping-the-drain`. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const slug = slugOf(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** GitHub's rule: link text for links, lower case, every character but letters, digits, spaces, `-` and `_` dropped, spaces to `-`. */
export function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Fenced code blocks replaced by empty lines (line numbers kept). */
function withoutFences(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

/** Fences and inline code spans (which may wrap onto the next line) blanked, newlines kept. */
function blankCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`]*`/g, (span) => span.replace(/[^\n]/g, ' '));
}
