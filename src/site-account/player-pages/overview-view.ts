/** The account overview's body: what is saved and when, with links to each page. */
import type { Inventory, PlayerProfile, StoredGoal } from '../../account/model.js';
import { escapeHtml } from '../../pages/layout.js';
import type { ConnectedApp } from '../../store/grants.js';
import type { Dated } from '../../store/player-data.js';

function when(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

export function overviewBody(options: {
  name: string;
  email: string;
  profile: Dated<PlayerProfile> | undefined;
  inventory: Dated<Inventory> | undefined;
  goals: readonly StoredGoal[];
  apps: readonly ConnectedApp[];
}): string {
  const { profile, inventory, goals, apps } = options;
  const active = goals.filter((g) => g.goal.active).length;
  const rows = [
    [
      '<a href="/account/profile">Profile</a>',
      profile
        ? `${escapeHtml(profile.value.name)}, kingdom ${profile.value.kingdom}: ${profile.value.heroes.length} heroes, ${Object.keys(profile.value.governor_gear).length} Governor Gear pieces · saved ${when(profile.updatedAt)}`
        : 'not saved yet',
    ],
    ['<a href="/account/inventory">Inventory</a>', inventory ? `saved ${when(inventory.updatedAt)}` : 'not saved yet'],
    [
      '<a href="/account/goals">Goals</a>',
      goals.length === 0 ? 'none yet' : `${goals.length} (${active} active) · <a href="/account/plan">see the plan</a>`,
    ],
    [
      '<a href="/account/apps">Connected apps</a>',
      apps.length === 0 ? 'none' : `${apps.length} with access to your data`,
    ],
  ];
  return `<p>Signed in as <strong>${escapeHtml(options.name)}</strong> (${escapeHtml(options.email)}).</p>
<dl class="facts">${rows.map(([what, state]) => `<dt>${what}</dt><dd>${state}</dd>`).join('\n')}</dl>
<p class="muted">Your assistant reads this data through <code>/mcp/account</code> once you approve it; it cannot change it. You change it here.</p>`;
}
