/**
 * A vitest reporter that runs after the default one: when /usr/bin/chromium is missing, the browser tests skip
 * (test/views/browser.test.ts), which the summary's "skipped" count hides among the rest. This ends the run with
 * a notice nobody scrolls past: how many browser tests did not run, and the command that installs Chromium.
 */
import { existsSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere (a missing path shows what a machine without it does). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BROWSER_TESTS = 'test/views/browser.test.ts';

/** The notice for `skipped` browser tests (none when nothing was skipped). */
export function chromiumNotice(skipped: number): string | undefined {
  if (skipped === 0) return undefined;
  const bar = '!'.repeat(78);
  return [
    '',
    bar,
    `!! ${skipped} BROWSER ${skipped === 1 ? 'TEST WAS' : 'TESTS WERE'} SKIPPED: ${CHROMIUM} is missing, so the MCP Apps views were not tested.`,
    '!! Install it (Debian/Ubuntu), then run npm test again:',
    '!!     sudo apt-get install -y chromium',
    '!! (CI installs it in .ci/run; with CI=1 a missing Chromium fails the run instead of skipping.)',
    bar,
    '',
  ].join('\n');
}

/** How many tests of the browser test file were skipped in this run. */
export function skippedBrowserTests(modules: ReadonlyArray<Pick<TestModule, 'moduleId' | 'children'>>): number {
  let skipped = 0;
  for (const module of modules) {
    if (!module.moduleId.replaceAll('\\', '/').endsWith(BROWSER_TESTS)) continue;
    for (const test of module.children.allTests()) if (test.result().state === 'skipped') skipped++;
  }
  return skipped;
}

export default class ChromiumNotice implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (existsSync(CHROMIUM)) return;
    const notice = chromiumNotice(skippedBrowserTests(modules));
    if (notice) process.stdout.write(`${notice}\n`);
  }
}
