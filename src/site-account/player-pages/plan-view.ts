/**
 * The plan page's body: get_my_goals as a page, from the very report the tool returns (tools/my-goals.ts). Each
 * number carries data attributes naming what it is (goal, material, field), so a test can read the page's numbers
 * and compare them with the tool's.
 */
import type { GetMyGoalsOutput } from '../../../generated/tools/index.js';
import { escapeHtml } from '../../pages/layout.js';

type Material = GetMyGoalsOutput['combined']['materials'][number];

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function percent(readiness: number): string {
  return `${(readiness * 100).toFixed(1).replace(/\.0$/, '')}%`;
}

function materialRows(scope: string, materials: readonly Material[]): string {
  if (materials.length === 0) return '<p class="muted">Nothing left to spend.</p>';
  const rows = materials
    .map((m) => {
      const cell = (field: keyof Material, text: string) =>
        `<td align="right" data-scope="${escapeHtml(scope)}" data-material="${escapeHtml(`${m.key}${m.hero ? `|${m.hero}` : ''}`)}" data-field="${field}" data-value="${escapeHtml(String(m[field]))}">${text}</td>`;
      return `<tr><td>${escapeHtml(m.name)}</td>${cell('needed', whole.format(m.needed))}${cell('in_inventory', whole.format(m.in_inventory))}${cell('missing', whole.format(m.missing))}${cell('readiness', percent(m.readiness))}</tr>`;
    })
    .join('\n');
  return `<table class="plan"><thead><tr><th>Material</th><th align="right">Needed</th><th align="right">Have</th><th align="right">Missing</th><th align="right">Covered</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

function list(title: string, items: readonly string[]): string {
  return items.length === 0
    ? ''
    : `<p><strong>${escapeHtml(title)}</strong></p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

export function planBody(report: GetMyGoalsOutput): string {
  const goals = report.goals
    .map((goal) => {
      const status =
        goal.status === 'reached'
          ? 'Reached'
          : `${goal.step_count} step${goal.step_count === 1 ? '' : 's'} left · ${goal.ready ? 'the inventory covers it' : `${percent(goal.readiness)} covered`}`;
      return `<section class="card" data-goal="${goal.id}"><h3>${escapeHtml(goal.title)}</h3>
<p>${escapeHtml(status)} · <span class="muted">confidence ${escapeHtml(goal.confidence)}</span> <span hidden data-scope="goal-${goal.id}" data-field="readiness" data-value="${goal.readiness}"></span></p>
${goal.note ? `<p class="muted">${escapeHtml(goal.note)}</p>` : ''}
${materialRows(`goal-${goal.id}`, goal.materials)}
${list('Gaps in the data', goal.gaps)}${list('How the current level was read', goal.notes)}
</section>`;
    })
    .join('\n');
  const combined = report.combined;
  const saved = [
    `Profile saved ${report.profile_updated_at ?? 'never'}`,
    `inventory saved ${report.inventory_updated_at ?? 'never'}`,
    `game data ${report.data_version}`,
  ].join(' · ');
  const switchedOff =
    report.inactive_goals > 0
      ? `<p class="muted">${report.inactive_goals} goal${report.inactive_goals === 1 ? ' is' : 's are'} switched off and not counted.</p>`
      : '';
  if (report.goals.length === 0)
    return `<p>No active goals yet. <a href="/account/goals">Add a goal</a> to see what it still costs.</p>${switchedOff}<p class="muted">${escapeHtml(saved)}</p>`;
  return `<p class="muted">${escapeHtml(saved)}</p>${switchedOff}
<h2>All goals together</h2>
<p>${combined.ready ? 'The inventory covers everything.' : `${percent(combined.readiness)} covered (the scarcest material).`} <span hidden data-scope="combined" data-field="readiness" data-value="${combined.readiness}"></span></p>
${materialRows('combined', combined.materials)}
<h2>Per goal</h2>
${goals}`;
}
