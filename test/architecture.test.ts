/**
 * The plan of the house (docs/architecture.md) holds: dependency-cruiser checks every import of shared/, src/,
 * generated/, codegen/ and the browser code (views/, site/) against the layers and rules in .dependency-cruiser.cjs.
 * A second test runs the same rules over a tiny tree with purpose-made back-arrows, so a checker that silently
 * passes everything fails here.
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
const CHECKED = ['shared', 'src', 'generated', 'codegen', 'views', 'site'];

/** One line per violation: the rule, then from → to (a folder cycle with its whole circle). */
function describeViolation(violation: IViolation): string {
  const path = violation.cycle
    ? [violation.from, ...violation.cycle.map((step) => step.name)]
    : [violation.from, violation.to];
  return `${violation.rule.name}: ${path.join(' → ')}`;
}

/** The rules of .dependency-cruiser.cjs applied to `folders` under `baseDir`, resolving imports with its tsconfig. */
async function cruiseWithHouseRules(baseDir: string, folders: readonly string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const tsConfig = extractTSConfig(join(baseDir, 'tsconfig.json'));
  // baseDir: the rules match paths relative to it (`^src/…`), as on the command line from the repository's root.
  const result = await cruise(
    [...folders],
    { ...options, baseDir, tsConfig: { fileName: join(baseDir, 'tsconfig.json') } },
    {},
    { tsConfig },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a cruise result');
  return result.output;
}

function violationLines(result: ICruiseResult): string[] {
  return result.summary.violations.map(describeViolation).sort();
}

describe('the plan of the house', () => {
  it('has no back-arrow, folder cycle or unplaced module in shared/, src/, generated/ and codegen/, and no unlisted import in views/ and site/', async () => {
    const result = await cruiseWithHouseRules(ROOT, CHECKED);
    // The cruise saw the service: the entry point and its imports, resolved from `.js` specifiers to `.ts` files.
    const main = result.modules.find((module) => module.source === 'src/main.ts');
    expect(main?.dependencies.some((dependency) => dependency.resolved === 'src/app.ts')).toBe(true);
    // And the browser code, with its type-only imports of generated/ (erased from the bundles, but checked).
    const heroResult = result.modules.find((module) => module.source === 'views/hero/result.ts');
    expect(
      heroResult?.dependencies.find((dependency) => dependency.resolved === 'generated/tools/get_hero/types.ts')
        ?.dependencyTypes,
    ).toContain('type-only');
    const unresolvedLocal = result.modules.flatMap((module) =>
      module.dependencies
        .filter((dependency) => dependency.couldNotResolve && dependency.module.startsWith('.'))
        .map((dependency) => `${module.source} → ${dependency.module}`),
    );
    expect(unresolvedLocal).toEqual([]);
    expect(violationLines(result)).toEqual([]);
    // The two placement rules see only modules that import or are imported; this sees a lone new module too.
    const layered = (await import(CONFIG)).default.forbidden.find(
      (rule: { name: string }) => rule.name === 'placed-in-a-layer',
    ).from.pathNot as string[];
    const unplaced = result.modules
      .map((module) => module.source)
      .filter(
        (source) => /^(shared|generated|src)\//.test(source) && !layered.some((path) => new RegExp(path).test(source)),
      );
    expect(unplaced).toEqual([]);
  }, 120_000);

  describe('fails on purpose-made breakage', () => {
    const fixture = mkdtempSync(join(tmpdir(), 'architecture-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true },
        include: ['src', 'codegen', 'generated', 'views', 'site'],
      }),
      // The ground of src/ importing a folder that is in no layer.
      'src/config.ts': "import { helper } from './drawer/helper.js';\nexport const port = helper(3000);\n",
      'src/drawer/helper.ts': 'export const helper = (n: number): number => n;\n',
      // Player data importing the store above it, which imports player data back: a back-arrow and a folder cycle.
      'src/account/model.ts': "import type { Row } from '../store/rows.js';\nexport type Profile = { row: Row };\n",
      'src/store/rows.ts':
        "import type { Profile } from '../account/model.js';\nexport type Row = { profile?: Profile };\n",
      // Codegen reaching into src/, into a generated module other than the schema types, and into the schema types
      // for a value rather than a type (its model's type-only import of them is correct).
      'codegen/main.ts': "import { port } from '../src/config.js';\nexport const generated = port;\n",
      'codegen/model.ts': [
        "import type { ToolError } from '../generated/metadata-types.js';",
        "import { TOOLS } from '../generated/tools/index.js';",
        "import { EMPTY_TABLE } from '../generated/data/types.js';",
        'export type Failure = ToolError;',
        'export const known = [TOOLS, EMPTY_TABLE];',
        '',
      ].join('\n'),
      'generated/tools/index.ts': 'export const TOOLS: string[] = [];\n',
      'generated/data/types.ts':
        'export interface CostTable { system: string }\nexport const EMPTY_TABLE: CostTable = { system: "" };\n',
      // A correct arrow, which must not be reported: protocol importing the tool handlers below it.
      'src/mcp/server.ts': "import { handlers } from '../tools/handlers.js';\nexport const server = handlers;\n",
      'src/tools/handlers.ts': 'export const handlers = {};\n',
      // A view importing what runs in a browser and types (correct), a module of the service and Node's file system
      // (not listed), and a tool's generated module as code rather than for its types.
      'views/demo/main.ts': [
        "import type { CostStep } from '../../generated/shared-types.js';",
        "import { SERVER_VERSION } from '../../src/mcp/server-info.js';",
        "import { port } from '../../src/config.js';",
        "import { readFileSync } from 'node:fs';",
        "import { demoTool, type DemoOutput } from '../../generated/tools/demo/types.js';",
        'export const shown: [CostStep?, DemoOutput?, string?, number?, unknown?, unknown?] = [undefined, undefined, SERVER_VERSION, port, readFileSync, demoTool];',
        '',
      ].join('\n'),
      'generated/shared-types.ts': 'export interface CostStep { from: string }\n',
      'generated/tools/demo/types.ts':
        "export interface DemoOutput { ok: boolean }\nexport const demoTool = { name: 'demo' };\n",
      'src/mcp/server-info.ts': "export const SERVER_VERSION = '1.0.0';\n",
      // The site script importing its listed modules (correct) and the app (not listed).
      'site/main.ts': [
        "import { argumentsFailure } from '../src/mcp/argument-errors.js';",
        "import type { ToolError } from '../generated/metadata-types.js';",
        "import { app } from '../src/app.js';",
        'export const started: [unknown, ToolError?, unknown?] = [argumentsFailure, undefined, app];',
        '',
      ].join('\n'),
      'src/mcp/argument-errors.ts': 'export const argumentsFailure = (): string => "bad arguments";\n',
      'generated/metadata-types.ts': 'export interface ToolError { code: string }\n',
      'src/app.ts': 'export const app = {};\n',
      // The service importing browser code.
      'views/other/label.ts': "export const label = 'demo';\n",
      'src/pages/page.ts': "import { label } from '../../views/other/label.js';\nexport const page = label;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }

    it('reports each back-arrow with its rule, from → to, and nothing else', async () => {
      const result = await cruiseWithHouseRules(fixture, ['src', 'codegen', 'generated', 'views', 'site']);
      expect(violationLines(result)).toEqual([
        'codegen-apart-from-generated: codegen/model.ts → generated/tools/index.ts',
        'codegen-apart-from-src: codegen/main.ts → src/config.ts',
        'codegen-imports-schema-types-only: codegen/model.ts → generated/data/types.ts',
        'imports-placed-modules: src/config.ts → src/drawer/helper.ts',
        'no-folder-cycles: src/account → src/store → src/account',
        'no-folder-cycles: src/store → src/account → src/store',
        'no-upward-from-player: src/account/model.ts → src/store/rows.ts',
        'nothing-imports-browser-code: src/pages/page.ts → views/other/label.ts',
        'site-imports-listed-modules: site/main.ts → src/app.ts',
        'views-imports-listed-modules: views/demo/main.ts → fs',
        'views-imports-listed-modules: views/demo/main.ts → src/config.ts',
        'views-imports-types-only: views/demo/main.ts → generated/tools/demo/types.ts',
      ]);
    }, 60_000);
  });
});
