/**
 * The end-of-run notice when Chromium is missing: every skipped test of every file that checks for Chromium, what
 * each file would have tested (its top-level suites), and the install command. Counted at run time, so a browser
 * test or file added later is counted without touching the notice. A whole vitest run without Chromium is
 * CI-only (chromium-notice-run.ci.test.ts).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumNotice, skippedBrowserTests, usesChromiumCheck } from '../support/chromium-notice.js';

const REPO = join(import.meta.dirname, '../..');

type FakeNode = { type: 'module' | 'suite'; name?: string; parent?: FakeNode };
/** A test module as a reporter sees it: its file, and its tests as [top-level suite or '', state]. */
function module(relativeModuleId: string, tests: [string, string][]) {
  const mod: FakeNode & { moduleId: string; relativeModuleId: string; children: unknown } = {
    type: 'module',
    moduleId: `/repo/${relativeModuleId}`,
    relativeModuleId,
    children: undefined,
  };
  const suites = new Map<string, FakeNode>();
  const cases = tests.map(([suite, state]) => {
    let parent: FakeNode = mod;
    if (suite !== '') {
      if (!suites.has(suite)) suites.set(suite, { type: 'suite', name: suite, parent: mod });
      parent = { type: 'suite', name: 'a nested describe', parent: suites.get(suite)! };
    }
    return { parent, result: () => ({ state }) };
  });
  mod.children = { allTests: () => cases };
  return mod as never;
}

describe('skippedBrowserTests', () => {
  it('counts the skipped tests of each file that checks for Chromium, with its top-level suites, and no other file', () => {
    const browserFiles = new Set([
      '/repo/test/views/browser.test.ts',
      '/repo/test/site/webmcp.test.ts',
      '/repo/test/auth/sign-in-chromium.test.ts',
    ]);
    const modules = [
      module('test/views/browser.test.ts', [
        ['MCP Apps views in Chromium', 'skipped'],
        ['MCP Apps views in Chromium', 'skipped'],
        ['MCP Apps views in Chromium', 'skipped'],
      ]),
      module('test/server/methods.test.ts', [
        ['methods', 'skipped'],
        ['methods', 'passed'],
      ]),
      module('test/site/webmcp.test.ts', [
        ['WebMCP tools on every page', 'skipped'],
        ['', 'skipped'],
        ['WebMCP tools on every page', 'skipped'],
      ]),
      module('test/auth/sign-in-chromium.test.ts', [['sign-in and consent in Chromium', 'passed']]),
    ];
    expect(skippedBrowserTests(modules, (path) => browserFiles.has(path))).toEqual([
      { file: 'test/views/browser.test.ts', skipped: 3, suites: ['MCP Apps views in Chromium'] },
      { file: 'test/site/webmcp.test.ts', skipped: 3, suites: ['WebMCP tools on every page'] },
    ]);
  });
  it('a file checks for Chromium when it imports chromiumAvailable', () => {
    const uses = (file: string) => usesChromiumCheck(join(REPO, file));
    expect(
      [
        'test/views/browser.ci.test.ts',
        'test/site/webmcp.ci.test.ts',
        'test/site/layout.ci.test.ts',
        'test/auth/sign-in-chromium.test.ts',
      ].map(uses),
    ).toEqual([true, true, true, true]);
    expect(['test/server/methods.test.ts', 'test/server/chromium-notice.test.ts'].map(uses)).toEqual([false, false]);
  });
});

describe('chromiumNotice', () => {
  it('names the total, each file with its count and what it tests, and the install command', () => {
    const notice = chromiumNotice(
      [
        { file: 'test/views/browser.test.ts', skipped: 26, suites: ['MCP Apps views in Chromium'] },
        { file: 'test/site/layout.test.ts', skipped: 5, suites: ['the site without WebMCP'] },
        {
          file: 'test/auth/sign-in-chromium.test.ts',
          skipped: 1,
          suites: ['sign-in and consent in Chromium', 'another suite'],
        },
      ],
      '/usr/bin/chromium',
    );
    const bar = '!'.repeat(78);
    expect(notice).toBe(
      [
        '',
        bar,
        '!! 32 BROWSER TESTS WERE SKIPPED: /usr/bin/chromium is missing, so these were not tested:',
        '!!   26 in test/views/browser.test.ts: MCP Apps views in Chromium',
        '!!    5 in test/site/layout.test.ts: the site without WebMCP',
        '!!    1 in test/auth/sign-in-chromium.test.ts: sign-in and consent in Chromium; another suite',
        '!! Install it (Debian/Ubuntu), then run npm test again:',
        '!!     sudo apt-get install -y chromium',
        '!! (CI installs it in .ci/run; with CI=1 a missing Chromium fails the run instead of skipping.)',
        bar,
        '',
      ].join('\n'),
    );
  });
  it('one skipped test is a test, not tests; nothing skipped is no notice', () => {
    expect(
      chromiumNotice([{ file: 'test/a.test.ts', skipped: 1, suites: ['a'] }], '/opt/chromium')!.split('\n')[2],
    ).toBe('!! 1 BROWSER TEST WAS SKIPPED: /opt/chromium is missing, so these were not tested:');
    expect(chromiumNotice([], '/usr/bin/chromium')).toBeUndefined();
  });
});
