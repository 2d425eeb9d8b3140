/** ui://kingshot/governor-charm-cost — the result of governor_charm_cost. */
import '../shared/view.css';
import { costView } from '../shared/cost/render.js';
import { mountView } from '../shared/mount.js';

mountView(
  costView({
    quantity: { field: 'charms', perUnitTotals: 'totals_per_charm', singular: 'charm', plural: 'charms' },
  }),
);
