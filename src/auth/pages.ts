/**
 * The sign-in and consent pages of the authorization server: server-rendered, no scripts, no external assets, one
 * form each with labelled fields. Buttons come before hidden fields and the sign-in form has a single button: simple
 * form-filling agents (the MCP acceptance tools' headless browser among them) then press the intended one. The client's name is escaped and shown as unverified (DCR names are chosen by the
 * client itself).
 */
import { escapeHtml, htmlPage } from '../pages/layout.js';

const BASE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";

/**
 * Headers for every interaction page: never framed (clickjacking), never cached, forms only to this server, no
 * referrer leaking the uid to another origin. `same-origin`, not `no-referrer`: with no-referrer a browser sends
 * `Origin: null` on the page's own form POSTs, which the CSRF check must refuse (Chromium does).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `${BASE_CSP}; form-action 'self'`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

const HTTP_ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:$/;

/**
 * The CSP source for where the browser goes once a sign-in or consent form is sent: the authorization's redirect
 * URI's origin (http and https), or its scheme (a private-use URI such as cursor://…). Undefined when it is neither,
 * or would not be a plain source expression (it goes into a header: nothing may end the directive).
 */
export function redirectSource(redirectUri: unknown): string | undefined {
  const url = typeof redirectUri === 'string' ? URL.parse(redirectUri) : null;
  if (!url) return undefined;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const origin = `${url.protocol}//${url.host}`;
    return HTTP_ORIGIN.test(origin) ? origin : undefined;
  }
  return SCHEME.test(url.protocol) ? url.protocol : undefined;
}

/**
 * Headers of the sign-in and consent pages. Chromium applies form-action to every redirect that follows a form
 * submission, and these forms end in a redirect to the client (Approve, Deny, Cancel, or sign-in when consent was
 * already given), so the client's redirect origin is allowed besides 'self'.
 */
export function formPageHeaders(redirectUri: unknown): Record<string, string> {
  const source = redirectSource(redirectUri);
  return { ...PAGE_HEADERS, 'Content-Security-Policy': `${BASE_CSP}; form-action 'self'${source ? ` ${source}` : ''}` };
}

const FORM_STYLE = `<style>
form.auth { max-width: 26rem; }
form.auth label { display: block; font-weight: 600; margin-top: 1rem; }
form.auth input[type=email], form.auth input[type=password] { width: 100%; padding: .5rem; font: inherit; border: 1px solid var(--muted); border-radius: 4px; background: var(--bg); color: var(--fg); }
form.auth .buttons { margin-top: 1.5rem; display: flex; gap: .75rem; }
form.auth button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid var(--accent); cursor: pointer; }
form.auth button.primary { background: var(--accent); color: var(--bg); }
form.auth button.secondary { background: transparent; color: var(--fg); }
form.auth button:focus-visible, form.auth input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.alert { border: 1px solid #b3261e; padding: .5rem .75rem; border-radius: 4px; }
.unverified { font-size: .875rem; color: var(--muted); }
</style>`;

export interface ClientView {
  /** Self-asserted at registration; may be absent. */
  name: string | undefined;
  clientId: string;
  /** The host publishing the client's metadata document, when its client_id is an https URL (CIMD). */
  metadataHost: string | undefined;
  /** Where the browser goes afterwards: host (and port) for http(s), scheme for private-use URIs. */
  redirectHost: string;
}

function clientLabel(client: ClientView): string {
  // A metadata document's name is self-asserted too: the host that publishes it is what the player can check.
  const published = client.metadataHost ? ` (published by ${escapeHtml(client.metadataHost)})` : '';
  return client.name
    ? `“${escapeHtml(client.name)}”${published}`
    : `an app without a name (client ${escapeHtml(client.clientId.slice(0, 40))})${published}`;
}

function csrfField(token: string): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(token)}">`;
}

export function loginPage(options: {
  uid: string;
  csrf: string;
  client: ClientView;
  email?: string;
  error?: string;
}): string {
  const { uid, csrf, client } = options;
  const error = options.error
    ? `<p class="alert" id="signin-error" role="alert">${escapeHtml(options.error)}</p>\n`
    : '';
  const describedBy = options.error ? ' aria-describedby="signin-error" aria-invalid="true"' : '';
  const body = `${FORM_STYLE}
<h1>Sign in to Kingshot Companion</h1>
<p>${clientLabel(client)} asks to connect to your Kingshot Companion account. Sign in first; on the next page you see exactly what it could read, and decide.</p>
${error}<form class="auth" method="post" action="/interaction/${escapeHtml(uid)}/login">
${csrfField(csrf)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}"${describedBy}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
<div class="buttons">
<button class="primary" type="submit" name="decision" value="sign_in">Sign in</button>
</div>
</form>
<form class="auth" method="post" action="/interaction/${escapeHtml(uid)}/login">
<button class="secondary" type="submit" name="decision" value="cancel">Cancel and return to the app</button>
${csrfField(csrf)}
</form>`;
  return htmlPage({ title: 'Sign in - Kingshot Companion', body });
}

export function consentPage(options: {
  uid: string;
  csrf: string;
  client: ClientView;
  email: string;
  scopes: readonly string[];
}): string {
  const { uid, csrf, client, scopes } = options;
  const extras: string[] = [];
  if (scopes.includes('profile')) extras.push('<li>Your account name (in its sign-in token)</li>');
  if (scopes.includes('email')) extras.push('<li>Your email address (in its sign-in token)</li>');
  const stay = scopes.includes('offline_access')
    ? '<p>It asks to <strong>stay connected</strong>: it can keep reading without asking you again until the app disconnects, your password is changed, or the approval ends (after at most 90 days).</p>'
    : '<p>Its access lasts 10 minutes; after that it has to ask you again.</p>';
  const body = `${FORM_STYLE}
<h1>Allow ${clientLabel(client)} to read your Kingshot data?</h1>
<p class="unverified">The name ${clientLabel(client)} was given by the app itself when it registered; Kingshot Companion has not verified it. After you decide, your browser returns to <strong>${escapeHtml(client.redirectHost)}</strong>. You are signed in as <strong>${escapeHtml(options.email)}</strong>.</p>
<h2>It will be able to read</h2>
<ul>
<li>Your player profile: Town Center level, power, troops, combat stats, heroes and gear levels</li>
<li>Your active Progression Goals</li>
<li>Your saved inventory</li>
${extras.join('\n')}
</ul>
<h2>It can never</h2>
<ul>
<li>Change your account data</li>
<li>Read alliance data</li>
<li>Spend AI Credits</li>
</ul>
${stay}
<form class="auth" method="post" action="/interaction/${escapeHtml(uid)}/consent">
<div class="buttons">
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button class="secondary" type="submit" name="decision" value="deny">Deny</button>
</div>
${csrfField(csrf)}
</form>`;
  return htmlPage({ title: 'Approve access - Kingshot Companion', body });
}

export function problemPage(title: string, text: string): string {
  return htmlPage({
    title: `${title} - Kingshot Companion`,
    body: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`,
  });
}
