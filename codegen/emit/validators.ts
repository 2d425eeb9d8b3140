/**
 * generated/validators.ts: Ajv standalone code for every tool's arguments (used on each tools/call) and result
 * (used by the tests), so no schema is compiled while serving.
 */
import type { Ajv } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { createAjv } from '../ajv.js';
import type { Catalog } from '../model.js';
import { banner, type EmittedFiles } from './shared.js';

// ajv's standalone entry is CommonJS with the function on `default`.
const standaloneCode = (standaloneCodeModule as unknown as { default: (ajv: Ajv, exports: Record<string, string>) => string }).default;

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

export function emitValidators(catalog: Catalog): EmittedFiles {
  const ajv = createAjv({ standaloneCode: true });
  const exportNames: Record<string, string> = {};
  for (const tool of catalog.tools) {
    ajv.addSchema(tool.arguments, `${tool.name}/input`);
    ajv.addSchema(tool.result, `${tool.name}/output`);
    exportNames[`${tool.name}_input`] = `${tool.name}/input`;
    exportNames[`${tool.name}_output`] = `${tool.name}/output`;
  }
  const code = requiresToImports(standaloneCode(ajv, exportNames));
  const group = (suffix: string) =>
    `{\n${catalog.tools.map((t) => `  ${t.name}: ${t.name}_${suffix},`).join('\n')}\n}`;
  const text = [
    banner('catalog/tools/*.yaml (arguments and result schemas)').trimEnd(),
    '// @ts-nocheck -- Ajv standalone output; the typed exports are at the end.',
    "import type { ErrorObject } from 'ajv';",
    "import type { ToolName } from './tools/index.js';",
    code.trim(),
    '',
    '/** A precompiled validator: returns whether the data matches and leaves the reasons in `errors`. */',
    'export interface Validator {',
    '  (data: unknown): boolean;',
    '  errors?: ErrorObject[] | null;',
    '}',
    '',
    `export const inputValidators: Readonly<Record<ToolName, Validator>> = ${group('input')};`,
    '',
    `export const outputValidators: Readonly<Record<ToolName, Validator>> = ${group('output')};`,
    '',
  ].join('\n');
  return new Map([['generated/validators.ts', text]]);
}
