/** ui://kingshot/governor-gear-cost — the result of governor_gear_cost. */
import '../shared/view.css';
import { costView } from '../shared/cost/render.js';
import { mountView } from '../shared/mount.js';

mountView(
  costView({
    quantity: { field: 'pieces', perUnitTotals: 'totals_per_piece', singular: 'piece', plural: 'pieces' },
  }),
);
