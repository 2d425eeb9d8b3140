/**
 * generated/cost-systems.ts: every cost table by system, the tool that computes each (codegen/check/cost-systems.ts
 * derives it from the tool's result totals), every cost tool, and every material's display name. One line per system
 * or material, so a new tool that is not a cost tool changes nothing here.
 */
import { costToolOfSystem } from '../check/cost-systems.js';
import type { Catalog, GameData } from '../model.js';
import {
  addConstant,
  banner,
  camelCase,
  createProject,
  finish,
  newSourceFile,
  printLiteral,
  type EmittedFiles,
} from './shared.js';

export function emitCostSystems(catalog: Catalog, data: GameData): EmittedFiles {
  const file = newSourceFile(createProject(), 'generated/cost-systems.ts');
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './data/types.js', namedImports: ['CostTable'] });
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './tools/index.js', namedImports: ['ToolName'] });
  for (const table of data.costs) {
    const module = table.file.replace(/^data\/costs\//, './data/costs/').replace(/\.yaml$/, '.js');
    file.addImportDeclaration({ moduleSpecifier: module, namedImports: [camelCase(table.system)] });
  }
  addConstant(file, {
    name: 'COST_TABLES',
    type: 'Readonly<Record<string, CostTable>>',
    docs: 'Every cost table (data/costs/*.yaml), by its system.',
    initializer: `{\n${data.costs.map((t) => `  ${t.system}: ${camelCase(t.system)},`).join('\n')}\n}`,
  });
  const toolOf = costToolOfSystem(catalog);
  const served = data.costs.flatMap((t) => (toolOf.has(t.system) ? [[t.system, toolOf.get(t.system)!] as const] : []));
  addConstant(file, {
    name: 'COST_TOOL_OF_SYSTEM',
    type: 'Readonly<Record<string, ToolName>>',
    docs: "The cost tool whose totals count a cost system's materials (a system without a tool yet is absent).",
    value: Object.fromEntries(served),
  });
  // Every cost tool (a deprecated one beside its replacement included), in catalogue order: the set and order of
  // the website's calculator pages, typed so that a page can name its tool's result type.
  addConstant(file, {
    name: 'COST_TOOLS',
    docs: 'Every cost tool (its result totals are the materials of a cost table), in catalogue order.',
    initializer: `${printLiteral(catalog.tools.filter((t) => t.costSystem !== undefined).map((t) => t.name))} as const satisfies readonly ToolName[]`,
  });
  file.addTypeAlias({ name: 'CostToolName', isExported: true, type: '(typeof COST_TOOLS)[number]' });
  addConstant(file, {
    name: 'MATERIAL_NAMES',
    type: 'Readonly<Record<string, string>>',
    docs: 'Display name of every material key of every cost system.',
    value: Object.fromEntries(data.costs.flatMap((t) => t.materials.map((m) => [m.key, m.name]))),
  });
  return new Map([
    ['generated/cost-systems.ts', finish(file, banner('data/costs/*.yaml and the cost tools of catalog/tools/*.yaml'))],
  ]);
}
