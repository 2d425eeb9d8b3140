/**
 * The plan of the house (docs/architecture.md) holds: dependency-cruiser checks every import of shared/, src/,
 * generated/ and codegen/ against the layers and rules in .dependency-cruiser.cjs. A second test runs the same rules
 * over a tiny tree with purpose-made back-arrows, so a checker that silently passes everything fails here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const CHECKED = ['shared', 'src', 'generated', 'codegen'];

/** One line per violation: the rule, then from → to (a folder cycle with its whole circle). */
function describeViolation(violation: IViolation): string {
  const path = violation.cycle ? [violation.from, ...violation.cycle.map((step) => step.name)] : [violation.from, violation.to];
  return `${violation.rule.name}: ${path.join(' → ')}`;
}

/** The rules of .dependency-cruiser.cjs applied to `folders` under `baseDir`, resolving imports with its tsconfig. */
async function cruiseWithHouseRules(baseDir: string, folders: readonly string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const tsConfig = extractTSConfig(join(baseDir, 'tsconfig.json'));
  // baseDir: the rules match paths relative to it (`^src/…`), as on the command line from the repository's root.
  const result = await cruise([...folders], { ...options, baseDir, tsConfig: { fileName: join(baseDir, 'tsconfig.json') } }, {}, { tsConfig });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a cruise result');
  return result.output;
}

function violationLines(result: ICruiseResult): string[] {
  return result.summary.violations.map(describeViolation).sort();
}

describe('the plan of the house', () => {
  it('has no back-arrow, folder cycle or unplaced module in shared/, src/, generated/ and codegen/', async () => {
    const result = await cruiseWithHouseRules(ROOT, CHECKED);
    // The cruise saw the service: the entry point and its imports, resolved from `.js` specifiers to `.ts` files.
    const main = result.modules.find((module) => module.source === 'src/main.ts');
    expect(main?.dependencies.some((dependency) => dependency.resolved === 'src/app.ts')).toBe(true);
    const unresolvedLocal = result.modules.flatMap((module) =>
      module.dependencies.filter((dependency) => dependency.couldNotResolve && dependency.module.startsWith('.')).map((dependency) => `${module.source} → ${dependency.module}`),
    );
    expect(unresolvedLocal).toEqual([]);
    expect(violationLines(result)).toEqual([]);
    // The two placement rules see only modules that import or are imported; this sees a lone new module too.
    const layered = (await import(CONFIG)).default.forbidden.find((rule: { name: string }) => rule.name === 'placed-in-a-layer').from.pathNot as string[];
    const unplaced = result.modules
      .map((module) => module.source)
      .filter((source) => /^(shared|generated|src)\//.test(source) && !layered.some((path) => new RegExp(path).test(source)));
    expect(unplaced).toEqual([]);
  }, 120_000);

  describe('fails on purpose-made breakage', () => {
    const fixture = mkdtempSync(join(tmpdir(), 'architecture-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true }, include: ['src', 'codegen'] }),
      // The ground of src/ importing a folder that is in no layer.
      'src/config.ts': "import { helper } from './drawer/helper.js';\nexport const port = helper(3000);\n",
      'src/drawer/helper.ts': 'export const helper = (n: number): number => n;\n',
      // Player data importing the store above it, which imports player data back: a back-arrow and a folder cycle.
      'src/account/model.ts': "import type { Row } from '../store/rows.js';\nexport type Profile = { row: Row };\n",
      'src/store/rows.ts': "import type { Profile } from '../account/model.js';\nexport type Row = { profile?: Profile };\n",
      // Codegen reaching into src/.
      'codegen/main.ts': "import { port } from '../src/config.js';\nexport const generated = port;\n",
      // A correct arrow, which must not be reported: protocol importing the tool handlers below it.
      'src/mcp/server.ts': "import { handlers } from '../tools/handlers.js';\nexport const server = handlers;\n",
      'src/tools/handlers.ts': 'export const handlers = {};\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }

    it('reports each back-arrow with its rule, from → to, and nothing else', async () => {
      const result = await cruiseWithHouseRules(fixture, ['src', 'codegen']);
      expect(violationLines(result)).toEqual([
        'codegen-apart-from-src: codegen/main.ts → src/config.ts',
        'imports-placed-modules: src/config.ts → src/drawer/helper.ts',
        'no-folder-cycles: src/account → src/store → src/account',
        'no-folder-cycles: src/store → src/account → src/store',
        'no-upward-from-player: src/account/model.ts → src/store/rows.ts',
      ]);
    }, 60_000);
  });
});
