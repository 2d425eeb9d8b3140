/** ui://kingshot/hero-widgets-cost — the result of hero_widgets_cost. */
import '../shared/view.css';
import { costView } from '../shared/cost/render.js';
import { mountView } from '../shared/mount.js';

mountView(costView({}));
