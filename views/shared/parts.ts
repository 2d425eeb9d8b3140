/**
 * Pieces of markup more than one view uses: the confidence badge, a fact of a facts list, a scrolling table, the
 * "none" cell, the notes-and-sources section and the data-version footer.
 */
import type { ReferenceSources } from '../../generated/shared-types.js';
import { h, type Child } from './dom.js';

const CONFIDENCE_LABELS: Record<string, string> = {
  high: 'High',
  'medium-high': 'Medium-high',
  medium: 'Medium',
  'low-medium': 'Low-medium',
  low: 'Low',
};

/** The data confidence as a coloured badge; an unknown value is shown as given, in the "low" colour. */
export function confidenceBadge(confidence: string): HTMLElement {
  const known = confidence in CONFIDENCE_LABELS ? confidence : 'unknown';
  return h('span', { class: `confidence confidence-${known}` }, CONFIDENCE_LABELS[confidence] ?? confidence);
}

/** One term and its value in a `<dl class="facts">`. */
export function fact(term: string, ...value: Child[]): HTMLElement {
  return h('div', {}, h('dt', {}, term), h('dd', {}, ...value));
}

/** A table that scrolls sideways inside its own focusable region instead of widening the view. */
export function scrollRegion(labelId: string, table: HTMLTableElement): HTMLElement {
  return h('div', { class: 'scroll', role: 'region', 'aria-labelledby': labelId, tabindex: 0 }, table);
}

/** A table cell for a value the result does not have: a dash on screen, "none" to a screen reader. */
export function noneCell(): HTMLTableCellElement {
  return h(
    'td',
    { class: 'num none' },
    h('span', { 'aria-hidden': 'true' }, '–'),
    h('span', { class: 'sr-only' }, 'none'),
  );
}

/** A source as the notes section lists it: its reference and what it was used for (the cost views map `covers` to that). */
export type Source = Pick<ReferenceSources[number], 'ref' | 'used_for'>;

function sourceItem(source: Source): HTMLElement {
  return h(
    'li',
    {},
    source.ref,
    source.used_for ? h('span', { class: 'step-note' }, `Used for: ${source.used_for}`) : null,
  );
}

/** The result's notes as a list and its sources folded away; nothing when it has neither. */
export function notesSection(notes: readonly string[], sources: readonly Source[]): HTMLElement | null {
  if (notes.length === 0 && sources.length === 0) return null;
  return h(
    'section',
    { class: 'notes-section' },
    notes.length > 0 ? h('h2', {}, 'Notes') : null,
    notes.length > 0 ? h('ul', { class: 'notes' }, ...notes.map((note) => h('li', {}, note))) : null,
    sources.length > 0
      ? h(
          'details',
          { class: 'sources' },
          h('summary', {}, `Sources (${sources.length})`),
          h('ul', {}, ...sources.map(sourceItem)),
        )
      : null,
  );
}

/** What a renderer returns: its sections in order (null ones skipped), then the data version the result was computed from. */
export function resultView(sections: readonly (Node | null)[], dataVersion: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const section of sections) if (section) fragment.append(section);
  if (dataVersion) fragment.append(h('footer', {}, `Data version ${dataVersion}`));
  return fragment;
}
