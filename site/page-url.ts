/**
 * Which addresses the page tools accept: a path of this site or an absolute URL on its origin. Anything else
 * (another origin, a `javascript:` or `data:` URL) is refused with a message that says why, before any request.
 */
import type { ToolError } from '../generated/metadata-types.js';

export type PageUrl = { ok: true; url: URL } | { ok: false; error: ToolError };

const SCRIPTING_SCHEMES = /^\s*(javascript|data|vbscript|blob|file|about):/i;

function refused(message: string): PageUrl {
  return {
    ok: false,
    error: {
      code: 'INVALID_ARGUMENTS',
      message,
      argument: '/url',
      allowed: 'a path of this site (/heroes/amane) or an absolute URL of this site',
    },
  };
}

/** `input` resolved against the current page, when it names a page of the same origin. */
export function pageUrl(input: string | undefined, current: URL): PageUrl {
  if (input === undefined) return { ok: true, url: new URL(current.href) };
  const scheme = SCRIPTING_SCHEMES.exec(input)?.[1];
  if (scheme)
    return refused(
      `url "${shown(input)}" is a ${scheme.toLowerCase()}: URL; only pages of this site (${current.origin}) can be read or opened.`,
    );
  let url: URL;
  try {
    url = new URL(input, current.href);
  } catch {
    return refused(`url "${shown(input)}" is not a URL or a path of this site.`);
  }
  if (url.origin !== current.origin) {
    return refused(
      `url "${shown(input)}" is on another site (${url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol}); only pages of this site (${current.origin}) can be read or opened.`,
    );
  }
  return { ok: true, url };
}

function shown(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The address as this site writes its links: path, query and fragment. */
export function sitePath(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}
