/** A minimal browser for the sign-in and consent pages: follows redirects, keeps cookies, submits our forms. */

export interface BrowseResult {
  /** The redirect to the client's redirect_uri (not fetched). */
  callback: URL;
  /** Every page response seen, for header checks. */
  pages: Response[];
}

export class Browser {
  readonly jar = new Map<string, string>();
  readonly redirectUri: string;
  constructor(redirectUri: string) {
    this.redirectUri = redirectUri;
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv!.indexOf('=');
      const name = kv!.slice(0, i).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, kv!.slice(i + 1));
    }
    return res;
  }

  /** GETs `url` and follows redirects until a page (returned) or the redirect_uri (returned as `callback`). */
  async follow(url: string | URL, init: RequestInit = {}): Promise<{ callback?: URL; page?: Response; html?: string }> {
    let next = new URL(url);
    let request = init;
    for (let hop = 0; hop < 10; hop++) {
      if (next.href.startsWith(this.redirectUri)) return { callback: next };
      const res = await this.fetch(next, request);
      if (res.status >= 300 && res.status < 400) {
        next = new URL(res.headers.get('location')!, next);
        request = {};
        continue;
      }
      return { page: res, html: await res.text() };
    }
    throw new Error('too many redirects');
  }

  /** Posts a form of the current page (found by its action suffix) with the page's CSRF token and `fields`. */
  async submit(
    pageUrl: URL,
    html: string,
    actionSuffix: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    const action = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)]
      .map((m) => m[1]!)
      .find((a) => a.endsWith(actionSuffix));
    if (!action) throw new Error(`no form ${actionSuffix} on the page:\n${html.slice(0, 500)}`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const body = new URLSearchParams({ csrf, ...fields });
    return this.follow(new URL(action, pageUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: body.toString(),
    });
  }

  /** The whole user part: sign in (if asked), then approve or deny. */
  async authorize(
    url: URL,
    user: { email: string; password: string },
    decision: 'approve' | 'deny' = 'approve',
  ): Promise<BrowseResult> {
    const pages: Response[] = [];
    let step = await this.follow(url);
    for (let i = 0; i < 4 && !step.callback; i++) {
      if (!step.page || !step.page.ok) throw new Error(`page ${step.page?.status}: ${step.html?.slice(0, 300)}`);
      pages.push(step.page);
      const pageUrl = new URL(step.page.url || url);
      step = step.html!.includes('/login"')
        ? await this.submit(pageUrl, step.html!, '/login', { email: user.email, password: user.password })
        : await this.submit(pageUrl, step.html!, '/consent', { decision });
    }
    if (!step.callback) throw new Error('no redirect to the client');
    return { callback: step.callback, pages };
  }
}
