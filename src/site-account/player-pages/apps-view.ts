/** The connected-apps page's body: each app with access to the player, and a button to revoke it. */
import type { ConnectedApp } from '../../store/grants.js';
import { escapeHtml } from '../../pages/layout.js';
import { hiddenFields } from './fields.js';

function when(seconds: number | null): string {
  if (seconds === null) return 'not yet';
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

export function appsBody(apps: readonly ConnectedApp[], csrf: string): string {
  if (apps.length === 0)
    return '<p>No app has access to your data. When you connect an assistant to <code>/mcp/account</code> and approve it, it is listed here, and you can take its access back at any time.</p>';
  const cards = apps
    .map(
      (
        app,
      ) => `<section class="card" data-grant="${escapeHtml(app.grantId)}"><h3>${escapeHtml(app.name ?? 'An app without a name')}</h3>
<dl class="facts">
<dt>Returns to</dt><dd>${app.redirectHosts.length > 0 ? app.redirectHosts.map((h) => `<code>${escapeHtml(h)}</code>`).join(', ') : '<span class="muted">unknown</span>'}</dd>
<dt>Access</dt><dd>${app.scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(' ')}</dd>
<dt>Approved</dt><dd>${escapeHtml(when(app.grantedAt))}</dd>
<dt>Last used</dt><dd>${escapeHtml(when(app.lastUsedAt))}</dd>
</dl>
<form class="inline" method="post" action="/account/apps/revoke">${hiddenFields(csrf, '', { grant: app.grantId })}<button class="primary" type="submit">Revoke</button></form>
</section>`,
    )
    .join('\n');
  return `<p>These apps can read your profile, inventory and goals through <code>/mcp/account</code>. Revoking one ends its access at once: its tokens stop working within seconds, and it has to ask you again.</p>
${cards}`;
}
