/**
 * Ajv standalone code for every tool's arguments (used on each tools/call) and result (used by the tests), so no
 * schema is compiled while serving. One module per tool and side under generated/tools/<tool>/, each compiled by
 * its own Ajv instance, so a tool's validator code never depends on which other tools exist; generated/validators/
 * holds two small indexes, one line per tool.
 */
import type { Ajv } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { createAjv } from '../ajv.js';
import type { Catalog, ToolEntry } from '../model.js';
import { banner, camelCase, type EmittedFiles } from './shared.js';

// ajv's standalone entry is CommonJS with the function on `default`.
const standaloneCode = (standaloneCodeModule as unknown as { default: (ajv: Ajv, exports: Record<string, string>) => string }).default;

type Side = 'input' | 'output';
const EXPORT_NAME: Record<Side, string> = { input: 'validateInput', output: 'validateOutput' };

/**
 * Ajv's ESM output still `require`s its runtime helpers (CommonJS modules that set `exports.default`); turn each
 * into an import. Node hands a default import of CommonJS the whole `exports` object, bundlers (vitest) hand over
 * `exports.default`, so take whichever is the function.
 */
function requiresToImports(code: string): string {
  const imports: string[] = [];
  const body = code.replace(/const (\w+) = require\("([^"]+)"\)\.default;/g, (_, name: string, module: string) => {
    imports.push(`import ${name}Module from '${module}.js';`);
    return `const ${name} = ${name}Module.default ?? ${name}Module;`;
  });
  return `${imports.join('\n')}\n${body.replace(/^"use strict";\n/, '')}`;
}

/** Ajv standalone ESM code exporting one validator per entry (export name -> schema). */
export function standaloneValidators(schemas: ReadonlyMap<string, unknown>): string {
  const ajv = createAjv({ standaloneCode: true });
  const exportNames: Record<string, string> = {};
  for (const [name, schema] of schemas) {
    ajv.addSchema(schema as object, name);
    exportNames[name] = name;
  }
  return requiresToImports(standaloneCode(ajv, exportNames));
}

export function validatorPath(tool: ToolEntry, side: Side): string {
  return `generated/tools/${tool.name}/validate-${side}.ts`;
}

function validatorModule(tool: ToolEntry, side: Side): string {
  const ajv = createAjv({ standaloneCode: true });
  ajv.addSchema(side === 'input' ? tool.arguments : tool.result, 'schema');
  const code = requiresToImports(standaloneCode(ajv, { [EXPORT_NAME[side]]: 'schema' }));
  return [
    banner(`${tool.file} (${side === 'input' ? 'arguments' : 'result'} schema)`).trimEnd(),
    '// @ts-nocheck -- Ajv standalone output; typed where generated/validators/ lists it.',
    code.trim(),
    '',
  ].join('\n');
}

function indexModule(catalog: Catalog, side: Side): string {
  const local = (tool: ToolEntry) => `${camelCase(tool.name)}${side === 'input' ? 'Input' : 'Output'}`;
  const validatorType =
    side === 'input'
      ? ['/** A precompiled validator: returns whether the data matches and leaves the reasons in `errors`. */', 'export interface Validator {', '  (data: unknown): boolean;', '  errors?: ErrorObject[] | null;', '}', '']
      : [];
  return [
    banner(`catalog/tools/*.yaml (${side === 'input' ? 'arguments' : 'result'} schemas)`).trimEnd(),
    side === 'input' ? "import type { ErrorObject } from 'ajv';" : "import type { Validator } from './input.js';",
    "import type { ToolName } from '../tools/index.js';",
    ...catalog.tools.map((t) => `import { ${EXPORT_NAME[side]} as ${local(t)} } from '../tools/${t.name}/validate-${side}.js';`),
    '',
    ...validatorType,
    `/** The ${side === 'input' ? 'arguments' : 'result'} validator of every tool, by name. */`,
    `export const ${side}Validators: Readonly<Record<ToolName, Validator>> = {`,
    ...catalog.tools.map((t) => `  ${t.name}: ${local(t)},`),
    '};',
    '',
  ].join('\n');
}

/**
 * The input validators run on every tools/call; the output validators (result schemas, much larger) are for the
 * tests, so the server never loads them.
 */
export function emitValidators(catalog: Catalog): EmittedFiles {
  const files: EmittedFiles = new Map();
  for (const tool of catalog.tools) {
    for (const side of ['input', 'output'] as const) files.set(validatorPath(tool, side), validatorModule(tool, side));
  }
  files.set('generated/validators/input.ts', indexModule(catalog, 'input'));
  files.set('generated/validators/output.ts', indexModule(catalog, 'output'));
  return files;
}
