import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The slow whole-project checks (`*.ci.test.ts`: tsc over scratch copies of the project), run by .ci/run after
 * `npm test` so the everyday command stays fast; `npm run test:ci-only` runs them by hand. (Spread, not
 * mergeConfig: that would add these globs to the everyday ones instead of replacing them.) One project, each file
 * with modules of its own (vitest's default), instead of the everyday config's two.
 */
export default defineConfig({
  ...base,
  test: { ...base.test, projects: undefined, include: ['test/**/*.ci.test.ts'], exclude: ['**/node_modules/**'] },
});
