/**
 * Requests refused before the app could read them (Node's HTTP parser, the request adapter) answered as web pages
 * when they were addressed to a page: HTML, or Markdown for `Accept: text/markdown`, with a link home. The MCP
 * endpoints and the other machine addresses keep their JSON-RPC bodies (the caller decides which paths those are).
 *
 * Node's parser refuses a request line with a raw non-ASCII character, even with `insecureHTTPParser` (llhttp
 * checks the URL's characters either way; tried on Node 20.20), so a calculator link pasted with a raw `★` never
 * reaches the app. The page says the link must be percent-encoded and gives the encoded link when the request
 * line can be read back from the bytes the parser kept.
 */
import type { RefusalPageFor, RefusedRequest } from '../http/node-server.js';
import { breakableUrl, escapeHtml, htmlPage } from './layout.js';
import { wantsMarkdown } from './markdown.js';

type RefusalPage = NonNullable<ReturnType<RefusalPageFor>>;

/** The path of a request target (origin form or absolute form), or undefined for anything else (`*`, garbage). */
export function targetPath(target: string | undefined): string | undefined {
  if (!target) return undefined;
  if (target.startsWith('/')) return target.split(/[?#]/, 1)[0];
  if (/^https?:\/\//i.test(target)) {
    try {
      return new URL(target).pathname;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The target with every character a URL may not carry as is percent-encoded (UTF-8), when it is a path of this
 * site; undefined when it is not one (a protocol-relative `//host` would send the reader elsewhere).
 */
export function encodedTarget(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return undefined;
  return target.replace(/[^\x21-\x7e]|["<>\\^`{|}]/gu, (c) => encodeURIComponent(c));
}

const TITLE: Readonly<Record<number, string>> = {
  400: 'This link could not be read',
  408: 'The request took too long',
  431: 'The request was too large',
};

function explanation(request: RefusedRequest): { text: string; encoded?: string } {
  const hasRawCharacter = request.target !== undefined && /[^\x21-\x7e]/.test(request.target);
  if (request.status === 400 && hasRawCharacter) {
    const encoded = encodedTarget(request.target);
    return {
      text:
        'The address has a character written as is that a web address must carry percent-encoded (a space, or a ' +
        'character such as ★, written %E2%98%85), so the server could not read the request. Browsers encode ' +
        'links themselves; a link pasted into curl or a chat app may need it done by hand.',
      ...(encoded ? { encoded } : {}),
    };
  }
  return { text: request.message };
}

/** The refusal as a page for a reader: HTML, or Markdown when the request asked for it. */
export function refusalPage(request: RefusedRequest): RefusalPage {
  const title = TITLE[request.status] ?? 'The request could not be read';
  const { text, encoded } = explanation(request);
  if (wantsMarkdown(request.accept)) {
    const markdown = [
      `# ${title}`,
      '',
      text,
      '',
      ...(encoded ? ['The same link, encoded:', '', `<${encoded}>`, ''] : []),
      'Start from the [home page](/).',
      '',
    ].join('\n');
    return { contentType: 'text/markdown; charset=utf-8', body: markdown };
  }
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(text)}</p>`,
    ...(encoded
      ? [`<p>The same link, encoded: <a href="${escapeHtml(encoded)}">${breakableUrl(escapeHtml(encoded))}</a></p>`]
      : []),
    '<p>Start from the <a href="/">home page</a>.</p>',
  ].join('\n');
  // No site script: the answer is written to the socket as is, outside the app.
  return { contentType: 'text/html; charset=utf-8', body: htmlPage({ title: `${title} - Kingshot Companion`, body }) };
}

/**
 * Which refused requests get a page: those addressed to a path that is not one of `machinePaths` (the MCP
 * endpoints, /health and the other JSON addresses; a path matches itself and what lies under it).
 */
export function pageRefusals(machinePaths: readonly string[]): RefusalPageFor {
  return (request) => {
    const path = targetPath(request.target);
    if (path === undefined) return undefined;
    if (machinePaths.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`))) return undefined;
    return refusalPage(request);
  };
}
