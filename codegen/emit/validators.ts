/**
 * generated/validators/: Ajv standalone code for every tool's arguments (used on each tools/call) and result
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

function validatorModule(catalog: Catalog, side: 'input' | 'output'): string {
  const code = standaloneValidators(new Map(catalog.tools.map((tool) => [`${tool.name}_${side}`, side === 'input' ? tool.arguments : tool.result])));
  const group = `{\n${catalog.tools.map((t) => `  ${t.name}: ${t.name}_${side},`).join('\n')}\n}`;
  const validatorType =
    side === 'input'
      ? ['/** A precompiled validator: returns whether the data matches and leaves the reasons in `errors`. */', 'export interface Validator {', '  (data: unknown): boolean;', '  errors?: ErrorObject[] | null;', '}', '']
      : [];
  return [
    banner(`catalog/tools/*.yaml (${side === 'input' ? 'arguments' : 'result'} schemas)`).trimEnd(),
    '// @ts-nocheck -- Ajv standalone output; the typed exports are at the end.',
    side === 'input' ? "import type { ErrorObject } from 'ajv';" : "import type { Validator } from './input.js';",
    "import type { ToolName } from '../tools/index.js';",
    code.trim(),
    '',
    ...validatorType,
    `export const ${side}Validators: Readonly<Record<ToolName, Validator>> = ${group};`,
    '',
  ].join('\n');
}

/**
 * Two modules: the input validators run on every tools/call; the output validators (result schemas, much larger)
 * are for the tests, so the server never loads them.
 */
export function emitValidators(catalog: Catalog): EmittedFiles {
  return new Map([
    ['generated/validators/input.ts', validatorModule(catalog, 'input')],
    ['generated/validators/output.ts', validatorModule(catalog, 'output')],
  ]);
}
