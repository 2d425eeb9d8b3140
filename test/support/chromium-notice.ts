/**
 * A vitest reporter that runs after the default one: when Chromium is missing, every test file that checks for it
 * (imports `chromiumAvailable`: the MCP Apps views, the site's pages and in-page tools, the sign-in pages) skips its
 * browser tests, which the summary's "skipped" count hides among the rest. This ends the run with a notice nobody
 * scrolls past: how many browser tests did not run, in which files and what they test, and the command that
 * installs Chromium. The files and counts are found in the run itself, so a browser test added later is counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere (a missing path shows what a machine without it does). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The browser tests of one file that did not run. */
export interface SkippedBrowserFile {
  /** Relative to the project root. */
  file: string;
  skipped: number;
  /** The file's top-level suites with a skipped test: what was not tested. */
  suites: string[];
}

/** Does this test file skip without Chromium? It does when it imports the check (test/views/browser.ts). */
export function usesChromiumCheck(path: string): boolean {
  try {
    return /import\s*{[^}]*\bchromiumAvailable\b[^}]*}\s*from/.test(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
}

type ReportedModule = Pick<TestModule, 'moduleId' | 'relativeModuleId' | 'children'>;
type ReportedParent = { type: string; name?: string; parent?: ReportedParent };

/** The name of the top-level suite a test sits in (undefined for a test outside any suite). */
function topLevelSuite(parent: ReportedParent): string | undefined {
  let node = parent;
  while (node.type === 'suite' && node.parent && node.parent.type === 'suite') node = node.parent;
  return node.type === 'suite' ? node.name : undefined;
}

/** Each file that checks for Chromium and had tests skipped in this run, in the run's order. */
export function skippedBrowserTests(
  modules: ReadonlyArray<ReportedModule>,
  checksForChromium: (path: string) => boolean = usesChromiumCheck,
): SkippedBrowserFile[] {
  const out: SkippedBrowserFile[] = [];
  for (const module of modules) {
    if (!checksForChromium(module.moduleId)) continue;
    let skipped = 0;
    const suites: string[] = [];
    for (const test of module.children.allTests()) {
      if (test.result().state !== 'skipped') continue;
      skipped++;
      const suite = topLevelSuite(test.parent);
      if (suite !== undefined && !suites.includes(suite)) suites.push(suite);
    }
    if (skipped > 0) out.push({ file: module.relativeModuleId.replaceAll('\\', '/'), skipped, suites });
  }
  return out;
}

/** The notice for the skipped browser tests (none when nothing was skipped). */
export function chromiumNotice(files: readonly SkippedBrowserFile[], chromium: string): string | undefined {
  const total = files.reduce((sum, f) => sum + f.skipped, 0);
  if (total === 0) return undefined;
  const bar = '!'.repeat(78);
  return [
    '',
    bar,
    `!! ${total} BROWSER ${total === 1 ? 'TEST WAS' : 'TESTS WERE'} SKIPPED: ${chromium} is missing, so these were not tested:`,
    ...files.map((f) => `!! ${String(f.skipped).padStart(4)} in ${f.file}: ${f.suites.join('; ')}`),
    '!! Install it (Debian/Ubuntu), then run npm test again:',
    '!!     sudo apt-get install -y chromium',
    '!! (CI installs it in .ci/run; with CI=1 a missing Chromium fails the run instead of skipping.)',
    bar,
    '',
  ].join('\n');
}

export default class ChromiumNotice implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (existsSync(CHROMIUM)) return;
    const notice = chromiumNotice(skippedBrowserTests(modules), CHROMIUM);
    if (notice) process.stdout.write(`${notice}\n`);
  }
}
