/**
 * Signs in without a browser: follows the authorization server's redirects with a cookie jar, fills the sign-in
 * form (email, password and the page's CSRF token) and approves the consent page, until the server redirects to
 * the client's redirect URI, which is returned without being fetched. Only the project's own pages are spoken.
 */
import { ServiceError } from '../errors.js';
export interface FormSignIn {
  email: string;
  password: string;
}

export class SignInError extends ServiceError<'ERR_SIGN_IN_FAILED'> {
  constructor(message: string) {
    super('ERR_SIGN_IN_FAILED', message);
  }
}

class CookieJar {
  readonly #cookies = new Map<string, string>();
  header(): string | undefined {
    return this.#cookies.size > 0 ? [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
  keep(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  }
}

/** The form whose action ends with `suffix`, and the page's CSRF token. */
function formOf(html: string, suffix: string, pageUrl: URL): { action: URL; csrf: string } | undefined {
  const action = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)]
    .map((m) => m[1]!.replaceAll('&amp;', '&'))
    .find((a) => a.endsWith(suffix));
  if (!action) return undefined;
  return { action: new URL(action, pageUrl), csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '' };
}

/** The visible error of a page (the sign-in page says why it refused), for the message. */
function pageError(html: string): string {
  const text =
    /<p[^>]*(?:class="error"|role="alert")[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? html.replace(/<[^>]+>/g, ' ');
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export async function signInWithForms(authorizeUrl: URL, redirectUri: string, user: FormSignIn): Promise<URL> {
  const jar = new CookieJar();
  const origin = authorizeUrl.origin;
  let next: URL = authorizeUrl;
  let init: RequestInit = {};
  let signedIn = false;
  for (let hop = 0; hop < 16; hop++) {
    if (next.href.startsWith(redirectUri)) return next;
    const headers = new Headers(init.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(next, { ...init, headers, redirect: 'manual' });
    jar.keep(res);
    if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
      next = new URL(res.headers.get('location')!, next);
      init = {};
      continue;
    }
    const html = await res.text();
    if (!res.ok)
      throw new SignInError(
        signedIn
          ? `the sign-in was refused (${res.status}): ${pageError(html)}`
          : `the authorization server answered ${res.status}: ${pageError(html)}`,
      );
    const login = formOf(html, '/login', next);
    const consent = formOf(html, '/consent', next);
    const post = (form: { action: URL; csrf: string }, fields: Record<string, string>): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ csrf: form.csrf, ...fields }).toString(),
    });
    if (login && html.includes('name="password"')) {
      if (signedIn) throw new SignInError(`the sign-in was refused: ${pageError(html)}`);
      signedIn = true;
      next = login.action;
      init = post(login, { email: user.email, password: user.password, decision: 'sign_in' });
    } else if (consent) {
      next = consent.action;
      init = post(consent, { decision: 'approve' });
    } else {
      throw new SignInError(`unexpected page at ${next.pathname}: ${pageError(html)}`);
    }
  }
  throw new SignInError('too many redirects before the app got its code');
}
