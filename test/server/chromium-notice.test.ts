/** The end-of-run notice when Chromium is missing: the count of skipped browser tests and the install command. */
import { describe, expect, it } from 'vitest';
import { chromiumNotice, skippedBrowserTests } from '../support/chromium-notice.js';

type ReportedModule = Parameters<typeof skippedBrowserTests>[0][number];
const test = (state: string) => ({ result: () => ({ state }) });
/**
 * A stand-in for vitest's TestModule with only what skippedBrowserTests reads (its id and its tests' states). The
 * real `children` is a vitest class no test can construct, so the stand-in is cast to it here, in this one place.
 */
const module = (moduleId: string, states: string[]): ReportedModule => ({ moduleId, children: { allTests: () => states.map(test) } }) as unknown as ReportedModule;

describe('chromium notice', () => {
  it('counts the skipped tests of the browser test file only', () => {
    const modules = [module('/repo/test/views/browser.test.ts', ['skipped', 'skipped', 'skipped']), module('/repo/test/server/methods.test.ts', ['skipped', 'passed'])];
    expect(skippedBrowserTests(modules)).toBe(3);
  });
  it('names the count and the install command', () => {
    const notice = chromiumNotice(26)!;
    expect(notice).toContain('!! 26 BROWSER TESTS WERE SKIPPED: /usr/bin/chromium is missing, so the MCP Apps views were not tested.');
    expect(notice).toContain('!!     sudo apt-get install -y chromium');
    expect(chromiumNotice(0)).toBeUndefined();
  });
});
