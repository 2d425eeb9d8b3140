/**
 * The typed handler contract, proved with the compiler: a new catalogue entry without its handler (or under a
 * misspelt name) fails tsc, and adding it to a handler group makes it pass. Two whole-project tsc runs (about 20 s
 * on a quiet 2-core machine), so this file runs in CI only (`npm run test:ci-only`, vitest.ci.config.ts), not in
 * `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { writeOutput } from '../../codegen/write.js';
import { REPO } from './fixture-root.js';

describe('the handler contract', () => {
  it('a new catalogue entry without its handler (or under a misspelt name) fails tsc; adding it to a handler group makes it pass (README "Adding a tool")', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kingshot-add-tool-'));
    for (const dir of ['catalog', 'codegen', 'data', 'shared', 'src', 'generated', 'views', 'site'])
      cpSync(join(REPO, dir), join(root, dir), { recursive: true });
    for (const file of ['tsconfig.json', 'package.json']) cpSync(join(REPO, file), join(root, file));
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({ extends: './tsconfig.base.json', include: ['src', 'generated'] }),
    );
    cpSync(join(REPO, 'tsconfig.json'), join(root, 'tsconfig.base.json'));
    // A second tool computing the same cost system must be the deprecated one (codegen/check/cost-systems.ts).
    const deprecation =
      'deprecation: {deprecated: "2030-01-01T00:00:00Z", sunset: "2030-06-01", replacement: hero_widgets_cost, notice: Use hero_widgets_cost.}\n';
    const yaml = readFileSync(join(REPO, 'catalog/tools/hero_widgets_cost.yaml'), 'utf8')
      .replace('name: hero_widgets_cost\n', `name: hero_widgets_copy\n${deprecation}`)
      .replace("instructions: 'hero_widgets_cost ", "instructions: 'hero_widgets_copy ");
    writeFileSync(join(root, 'catalog/tools/hero_widgets_copy.yaml'), yaml);
    writeOutput(root, await generate(root));
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const run = () => {
      try {
        execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json'), '--noEmit'], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
        return '';
      } catch (error) {
        return String((error as { stdout?: string }).stdout);
      }
    };
    // The handler goes into its group (no list of names to extend there); a misspelt name is caught in the group,
    // and the missing tool is named by handlers.ts.
    const group = join(root, 'src/tools/cost-handlers.ts');
    const withHandler = (name: string) =>
      writeFileSync(
        group,
        readFileSync(join(REPO, 'src/tools/cost-handlers.ts'), 'utf8').replace(
          '  mastery_forging_cost:',
          `  ${name}: (input) => heroWidgetsCostTool(input),\n  mastery_forging_cost:`,
        ),
      );
    withHandler('hero_widgets_copi');
    const misspelt = run();
    expect(misspelt).toContain("Property 'hero_widgets_copy' is missing");
    expect(misspelt).toContain("'hero_widgets_copi' does not exist in type 'Partial<ToolHandlers<ToolContext>>'");
    withHandler('hero_widgets_copy');
    expect(run()).toBe('');
    // Two whole-project tsc runs: generous for a loaded 2-core machine, not a speed check.
  }, 300_000);
});
