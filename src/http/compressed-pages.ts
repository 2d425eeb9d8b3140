/**
 * Compression of the website's responses (pages, Markdown, the site script, llms.txt, the sitemap): text over
 * COMPRESS_MIN_BYTES goes out as `br` or `gzip` when the request takes one. Pages served the same to everyone
 * (`Cache-Control: public`, no query string) are compressed once per encoding and kept; the rest (calculator results,
 * search) are compressed as they are sent. The MCP endpoints compress their own replies (mcp-route.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESS_MIN_BYTES, EncodedBodies, compress, negotiateEncoding } from './compression.js';
import type { ServiceEnv } from './service-env.js';

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|[a-z0-9.-]+\+json)|image\/svg\+xml)/i;

function appendVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** Hono's `c.res =` copies the old response's headers over the new one's; these headers are complete already. */
function replaceResponse(c: Context<ServiceEnv>, response: Response): void {
  c.res = undefined;
  c.res = response;
}

export function compressedPages(): MiddlewareHandler<ServiceEnv> {
  const kept = new EncodedBodies(256);
  return async function compressedPages(c, next) {
    await next();
    const res = c.res;
    if (c.req.method !== 'GET' || res.status !== 200 || res.body === null) return;
    if (res.headers.has('content-encoding') || !COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
    const text = await res.text();
    const headers = new Headers(res.headers);
    if (text.length >= COMPRESS_MIN_BYTES) appendVary(headers);
    const encoding = text.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(c.req.header('accept-encoding')) : undefined;
    if (!encoding) {
      replaceResponse(c, new Response(text, { status: res.status, headers }));
      return;
    }
    const url = c.req.url;
    const shared = !url.includes('?') && /\bpublic\b/.test(headers.get('cache-control') ?? '');
    // The key says what, beside the path, the body depends on: the page's form (HTML or Markdown).
    const compressed = shared
      ? kept.get(`${c.req.path} ${headers.get('content-type')}`, text, encoding, () => text)
      : compress(text, encoding);
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    replaceResponse(c, new Response(compressed as Uint8Array<ArrayBuffer>, { status: res.status, headers }));
  };
}
