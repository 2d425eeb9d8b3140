/** ui://kingshot/mastery-forging-cost — the result of mastery_forging_cost. */
import '../shared/view.css';
import { costView } from '../shared/cost/render.js';
import { mountView } from '../shared/mount.js';

const TRACKS: Record<string, string> = { mastery: 'Mastery Forging', red_gear: 'Red Gear Ascension' };

mountView(
  costView({
    quantity: { field: 'pieces', perUnitTotals: 'totals_per_piece', singular: 'piece', plural: 'pieces' },
    subject: (result) => (typeof result.track === 'string' ? (TRACKS[result.track] ?? result.track) : undefined),
  }),
);
