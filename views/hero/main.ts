/** ui://kingshot/hero — the result of get_hero. */
import '../shared/view.css';
import './hero.css';
import { mountView } from '../shared/mount.js';
import { renderHero } from './render.js';

mountView({
  describeInput: (args) => (typeof args.key === 'string' && args.key.trim() !== '' ? args.key.trim() : undefined),
  runningVerb: 'Looking up',
  render: renderHero,
});
