/** Pages are written once as Markdown: served as is for `Accept: text/markdown`, rendered to HTML otherwise. */
import type { Context } from 'hono';
import { Marked, type Tokens } from 'marked';
import { breakableUrl, escapeHtml, htmlPage } from './layout.js';
import { SITE_SCRIPT_SRC } from './site-script.js';

export interface Page {
  title: string;
  description?: string;
  markdown: string;
}

export interface RenderedPage {
  markdown: string;
  html: string;
}

const ANCHOR = /\s*\{#([A-Za-z0-9_-]+)\}\s*$/;

/**
 * What every page's Markdown renders with, for reading on a phone: a link whose text is an address may break at
 * its punctuation (breakableUrl) and nowhere else; a table cell of one word never wraps (class `word`), not even at
 * a hyphen; a table, which scrolls inside its box when wider than the screen, takes the keyboard focus so it can
 * be scrolled without a mouse.
 */
const readableRenderer = {
  link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link): string | false {
    const inner = this.parser.parseInline(token.tokens);
    if (!/^(https?:\/\/|\/)\S+$/.test(token.text) || inner.includes('<')) return false;
    const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
    return `<a href="${escapeHtml(token.href)}"${title}>${breakableUrl(inner)}</a>`;
  },
  tablecell(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.TableCell): string {
    const tag = token.header ? 'th' : 'td';
    const word = token.text.trim();
    const attributes = `${token.align ? ` align="${token.align}"` : ''}${word !== '' && !/\s/.test(word) ? ' class="word"' : ''}`;
    return `<${tag}${attributes}>${this.parser.parseInline(token.tokens)}</${tag}>\n`;
  },
};

/** Focusable tables (see readableRenderer): marked's table renderer writes `<table>` as is. */
function focusableTables(html: string): string {
  return html.replaceAll('<table>\n', '<table tabindex="0">\n');
}

/** The renderer for the site's own pages (static text, not data): raw HTML passes. */
const siteMarked = new Marked({ gfm: true, renderer: readableRenderer });

/**
 * The renderer for pages built from game data: raw HTML in the Markdown is shown as text, never passed through
 * (data text cannot inject markup), and a heading ending in `{#id}` gets that id (link targets like
 * /tier-list#garrison).
 */
const dataMarked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type !== 'heading') return;
    const heading = token as Tokens.Heading & { anchor?: string };
    const last = heading.tokens.at(-1);
    const match = last && 'text' in last ? ANCHOR.exec(last.text) : null;
    if (!last || !match || !('text' in last)) return;
    heading.anchor = match[1];
    last.text = last.text.replace(ANCHOR, '');
    if ('raw' in last) last.raw = last.raw.replace(ANCHOR, '');
  },
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    ...readableRenderer,
    heading(token) {
      const anchor = (token as Tokens.Heading & { anchor?: string }).anchor;
      return `<h${token.depth}${anchor ? ` id="${anchor}"` : ''}>${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
    },
  },
});

/** Markdown built from game data (or results computed from it) as an HTML fragment; raw HTML in it is shown as text. */
export function dataMarkdownToHtml(markdown: string): string {
  return focusableTables(dataMarked.parse(markdown, { async: false }));
}

/**
 * Renders a page (pageOnFirstRequest keeps a static one after its first request). `fromData` pages go through
 * the renderer that escapes raw HTML. Every site page loads the site script (the in-page WebMCP tools).
 */
export interface RenderOptions {
  fromData?: boolean;
  arrangeBody?: (html: string) => string;
}

export function renderPage(page: Page, options: RenderOptions = {}): RenderedPage {
  const rendered = options.fromData
    ? dataMarkdownToHtml(page.markdown)
    : focusableTables(siteMarked.parse(page.markdown, { async: false }));
  const body = options.arrangeBody ? options.arrangeBody(rendered) : rendered;
  return {
    markdown: page.markdown,
    html: htmlPage({
      title: page.title,
      body,
      script: SITE_SCRIPT_SRC,
      ...(page.description ? { description: page.description } : {}),
    }),
  };
}

/**
 * A page rendered on its first request and kept: rendering every static page at start-up was about 140 ms of the
 * service's start, for pages most instances serve rarely.
 */
export function pageOnFirstRequest(page: () => Page, options: RenderOptions = {}): () => RenderedPage {
  let rendered: RenderedPage | undefined;
  return () => (rendered ??= renderPage(page(), options));
}

/** Whether the client asked for Markdown (an agent fetching the page) rather than HTML. */
export function wantsMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [range, ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return range === 'text/markdown' && (!q || Number(q.slice(2)) > 0);
    });
}

const PAGE_HEADERS = {
  'Cache-Control': 'public, max-age=300',
  'X-Content-Type-Options': 'nosniff',
  // The site script (same origin, no inline script) and what it fetches (same origin only).
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
};

export type PageStatus = 200 | 400 | 404;

/** The page as HTML, or as Markdown when the Accept header asks for it. */
export function sendPage(c: Context, page: RenderedPage, status: PageStatus = 200): Response {
  const markdown = wantsMarkdown(c.req.header('accept'));
  const type = markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8';
  return new Response(markdown ? page.markdown : page.html, {
    status,
    headers: { 'Content-Type': type, Vary: 'Accept', ...PAGE_HEADERS },
  });
}

/** Markdown whatever the Accept header says: the `<path>.md` addresses. */
export function sendMarkdown(markdown: string, status: PageStatus = 200): Response {
  return new Response(markdown, {
    status,
    headers: { 'Content-Type': 'text/markdown; charset=utf-8', ...PAGE_HEADERS },
  });
}
