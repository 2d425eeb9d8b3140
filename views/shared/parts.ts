/** Small pieces of markup more than one view uses: the confidence badge, a fact of a facts list, a scrolling table. */
import { h, type Child } from './dom.js';

const CONFIDENCE_LABELS: Record<string, string> = { high: 'High', 'medium-high': 'Medium-high', medium: 'Medium', 'low-medium': 'Low-medium', low: 'Low' };

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
