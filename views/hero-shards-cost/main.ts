/** ui://kingshot/hero-shards-cost — the result of hero_shards_cost. */
import '../shared/view.css';
import { costView } from '../shared/cost/render.js';
import { mountView } from '../shared/mount.js';

mountView(costView({}));
