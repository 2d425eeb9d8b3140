/**
 * The frame of every account page: the site's layout (src/pages/layout.ts) with the account's navigation under the
 * heading, and the headers of a page that holds forms and personal data (never cached, never framed, forms only to
 * this server, no scripts). Every text shown is escaped here or by the caller with `escapeHtml`.
 */
import type { SiteSession } from '../http/service-env.js';
import { escapeHtml, htmlPage } from '../pages/layout.js';

export { escapeHtml };

export const ACCOUNT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

/** The account's sections, in the order of the navigation. */
export const ACCOUNT_NAVIGATION: readonly { path: string; label: string }[] = [
  { path: '/account', label: 'Overview' },
  { path: '/account/profile', label: 'Profile' },
  { path: '/account/inventory', label: 'Inventory' },
  { path: '/account/goals', label: 'Goals' },
  { path: '/account/plan', label: 'Plan' },
  { path: '/account/apps', label: 'Apps' },
  { path: '/account/settings', label: 'Settings' },
];

/** Form and navigation styles of the account pages (the site's variables; fields take the whole width on a phone). */
const ACCOUNT_STYLE = `
nav.account { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; margin: .5rem 0 1rem; padding-bottom: .5rem; border-bottom: 1px solid var(--line); }
nav.account a { color: var(--accent); white-space: nowrap; }
nav.account a[aria-current=page] { color: var(--fg); font-weight: 600; text-decoration: none; }
nav.account form { display: inline; margin: 0; }
nav.account button { font: inherit; color: var(--accent); background: none; border: 0; padding: 0; text-decoration: underline; cursor: pointer; }
form.account { max-width: 30rem; margin: 1rem 0 1.5rem; }
form.account label { display: block; font-weight: 600; margin-top: .9rem; }
form.account small { display: block; color: var(--muted); }
form.account input:not([type=hidden]):not([type=checkbox]) { width: 100%; padding: .5rem; font: inherit; border: 1px solid var(--muted); border-radius: 4px; background: var(--bg); color: var(--fg); }
form.account button { margin-top: 1.1rem; font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: var(--bg); font-weight: 600; cursor: pointer; }
form.account button.secondary { background: none; color: var(--accent); }
form.account button.danger { background: #b03a2e; border-color: #b03a2e; color: #fff; }
.field-error { color: #b03a2e; font-weight: 600; margin: .25rem 0 0; }
.notice { margin: 1rem 0; padding: .5rem 1rem; border-left: 4px solid var(--accent); background: var(--code); }
.problem { margin: 1rem 0; padding: .5rem 1rem; border-left: 4px solid #c0392b; background: var(--code); }
ul.feedback { margin: .25rem 0 0; padding-left: 1.25rem; color: var(--muted); }
`;

function navigation(session: SiteSession | undefined, current: string | undefined): string {
  if (!session)
    return `<nav class="account" aria-label="Account"><a href="/account/sign-in"${current === '/account/sign-in' ? ' aria-current="page"' : ''}>Sign in</a><a href="/account/sign-up"${current === '/account/sign-up' ? ' aria-current="page"' : ''}>Create an account</a></nav>`;
  const links = ACCOUNT_NAVIGATION.map(
    ({ path, label }) => `<a href="${path}"${path === current ? ' aria-current="page"' : ''}>${label}</a>`,
  ).join('');
  return `<nav class="account" aria-label="Account">${links}<form method="post" action="/account/sign-out"><input type="hidden" name="csrf" value="${escapeHtml(session.csrfToken)}"><button type="submit">Sign out</button></form></nav>`;
}

export interface AccountPageOptions {
  title: string;
  /** The signed-in player (the navigation and its sign-out form), or undefined on the sign-in and sign-up pages. */
  session: SiteSession | undefined;
  /** The page's HTML below its heading (already escaped). */
  body: string;
  /** The path of the page, marked in the navigation. */
  current?: string;
  /** A line shown above the body (plain text; escaped here). */
  notice?: string;
  /** Extra CSS for this page. */
  style?: string;
}

/** An account page as HTML. */
export function accountPage(options: AccountPageOptions): string {
  const notice = options.notice ? `<p class="notice" role="status">${escapeHtml(options.notice)}</p>` : '';
  return htmlPage({
    title: `${options.title} · Kingshot Companion`,
    style: ACCOUNT_STYLE + (options.style ?? ''),
    body: `<h1>${escapeHtml(options.title)}</h1>\n${navigation(options.session, options.current)}\n${notice}\n${options.body}`,
  });
}

/** An account page as a response with the account pages' headers. */
export function accountResponse(html: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(html, { status, headers: { ...ACCOUNT_PAGE_HEADERS, ...headers } });
}

/** A page that says what went wrong and what to do (a refused form, a used link). */
export function problemResponse(
  title: string,
  message: string,
  status: number,
  options: { session?: SiteSession; headers?: Record<string, string> } = {},
): Response {
  return accountResponse(
    accountPage({
      title,
      session: options.session,
      body: `<p class="problem" role="alert">${escapeHtml(message)}</p>\n<p><a href="/account">Back to your account</a></p>`,
    }),
    status,
    options.headers,
  );
}

/** The hidden CSRF field of a session's forms. */
export function csrfField(session: SiteSession): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(session.csrfToken)}">`;
}
