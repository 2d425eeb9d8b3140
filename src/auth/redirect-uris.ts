/**
 * One reading of a redirect URI for everyone. A URI that browsers and other URL parsers would
 * read differently is refused: `http://127.0.0.1\@evil.example/cb` goes to 127.0.0.1 in a browser (WHATWG turns
 * the backslash into a slash) while RFC 3986 parsers see the host evil.example. So a redirect URI must be exactly
 * its WHATWG-parsed form (`new URL(uri).href`), without a backslash and without user information.
 *
 * One difference is allowed: an http(s) URI with no path at all, such as `http://127.0.0.1:3000`, whose parsed form
 * adds the `/`. Every parser agrees that an empty http path is `/` (RFC 3986 §6.2.3), so it is unambiguous, and a
 * client that registers such a URI sends the same string when it authorizes (redirect URIs match as strings).
 */

const SHOWN_LENGTH = 200;

function shown(text: string): string {
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

/** What is wrong with `uri` as a redirect URI, or undefined when its text is its one parsed form. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.includes('\\'))
    return `redirect_uri ${shown(uri)} contains a backslash, which browsers read as "/" and other URL parsers do not; use "/"`;
  const url = URL.parse(uri);
  if (!url) return `redirect_uri ${shown(uri)} is not an absolute URL`;
  // An empty user information (`http://@host/`) parses to no username, yet other parsers split the authority at it.
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(uri))
    return `redirect_uri ${shown(uri)} has user information (user:password@) before its host; register the URI without it`;
  if (url.href === uri || onlyEmptyPathDiffers(uri, url)) return undefined;
  return `redirect_uri ${shown(uri)} differs from its parsed form ${shown(url.href)}; register exactly that form`;
}

/** `http://host[:port]` or `http://host[:port]?query`, whose parsed form differs only by the `/` of the empty path. */
function onlyEmptyPathDiffers(uri: string, url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const authority = `${url.protocol}//${url.host}`;
  if (!uri.startsWith(authority)) return false;
  const rest = uri.slice(authority.length);
  return (rest === '' || rest.startsWith('?')) && `${authority}/${rest}` === url.href;
}
