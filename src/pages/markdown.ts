/** Pages are written once as Markdown: served as is for `Accept: text/markdown`, rendered to HTML otherwise. */
import type { Context } from 'hono';
import { marked } from 'marked';
import { htmlPage } from './layout.js';

export interface Page {
  title: string;
  description?: string;
  markdown: string;
}

export interface RenderedPage {
  markdown: string;
  html: string;
}

/** Renders once; pages built from static content are rendered at start-up and kept. */
export function renderPage(page: Page): RenderedPage {
  const body = marked.parse(page.markdown, { async: false, gfm: true });
  return { markdown: page.markdown, html: htmlPage({ title: page.title, body, ...(page.description ? { description: page.description } : {}) }) };
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

export function sendPage(c: Context, page: RenderedPage, status: 200 | 404 = 200): Response {
  const markdown = wantsMarkdown(c.req.header('accept'));
  return new Response(markdown ? page.markdown : page.html, {
    status,
    headers: {
      'Content-Type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
      Vary: 'Accept',
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    },
  });
}
