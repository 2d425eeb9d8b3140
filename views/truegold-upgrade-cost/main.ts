/** ui://kingshot/truegold-upgrade-cost — the result of truegold_upgrade_cost. */
import '../shared/view.css';
import { costView } from '../shared/cost/render.js';
import { mountView } from '../shared/mount.js';

mountView(
  costView({
    subject(result) {
      const building = result.building as { name?: unknown } | undefined;
      return typeof building?.name === 'string' ? building.name : undefined;
    },
  }),
);
