/**
 * Ajv standalone code for every tool's arguments (used on each tools/call) and result (used by the tests), so no
 * schema is compiled while serving. One module per tool and side under generated/tools/<tool>/, each compiled by
 * its own Ajv instance, so a tool's validator code never depends on which other tools exist; generated/validators/
 * holds two small indexes, one line per tool.
 */
import { createRequire } from 'node:module';
import { _, Name, type Ajv } from 'ajv';
import type { AnyValidateFunction, SourceCode } from 'ajv/dist/types/index.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { Node, StructureKind, SyntaxKind, type ImportDeclarationStructure, type SourceFile } from 'ts-morph';
import { createAjv } from '../ajv.js';
import type { Catalog, ToolEntry } from '../model.js';
import { addConstant, banner, camelCase, createProject, finish, newSourceFile, type EmittedFiles } from './shared.js';

const requireCjs = createRequire(import.meta.url);

// ajv's standalone entry is CommonJS with the function on `default`.
const standaloneCode = (
  standaloneCodeModule as unknown as { default: (ajv: Ajv, exports: Record<string, string>) => string }
).default;

type Side = 'input' | 'output';
const EXPORT_NAME: Record<Side, string> = { input: 'validateInput', output: 'validateOutput' };

/**
 * Ajv's runtime helpers (re2 left out: an optional dependency, used only with the `code.regExp` option, which
 * createAjv does not set): CommonJS modules whose function carries, as `code`, the `require(...)` that standalone code
 * would print. Keyed by the function itself, which is how Ajv's scope names each helper a validator uses.
 */
const RUNTIME_MODULES = ['equal', 'quote', 'timestamp', 'ucs2length', 'uri'].map((name) => {
  const module = `ajv/dist/runtime/${name}`;
  return { module, helper: (requireCjs(module) as { default: unknown }).default };
});

/**
 * Ajv's ESM output would still `require` its runtime helpers; instead each helper the validators use is bound, in
 * Ajv's own scope, to an imported module, and the import is declared beside the code. Node hands a default import
 * of CommonJS the whole `exports` object, bundlers (vitest) hand over `exports.default`, so the binding takes
 * whichever is the function.
 */
function importRuntimeHelpers(ajv: Ajv, validators: readonly AnyValidateFunction[]): ImportDeclarationStructure[] {
  const used = usedScopeNames(validators);
  const imports: ImportDeclarationStructure[] = [];
  for (const { module, helper } of RUNTIME_MODULES) {
    const name = ajv.scope.getValue('func', helper);
    if (!name?.value || !used.has(name)) continue;
    const binding = new Name(`${name.str}Module`);
    name.value.code = _`${binding}.default ?? ${binding}`;
    imports.push({
      kind: StructureKind.ImportDeclaration,
      defaultImport: binding.str,
      moduleSpecifier: `${module}.js`,
    });
  }
  return imports;
}

/** The scope names the validators' code uses (the Ajv instance's scope may hold more), following referenced validators. */
function usedScopeNames(validators: readonly AnyValidateFunction[]): Set<unknown> {
  const used = new Set<unknown>();
  const visit = (source: SourceCode | undefined): void => {
    if (!source) return;
    for (const [prefix, names] of Object.entries(source.scopeValues)) {
      for (const name of names ?? []) {
        if (used.has(name)) continue;
        used.add(name);
        // As Ajv's standalone code follows them: a `validate` name refers to a validator, a `root` or `wrapper`
        // name to an object holding one.
        const ref = name.value?.ref as { source?: SourceCode; validate?: { source?: SourceCode } } | undefined;
        if (prefix === 'validate') visit(ref?.source);
        else if (prefix === 'root' || prefix === 'wrapper') visit(ref?.validate?.source);
      }
    }
  };
  for (const validate of validators) visit(validate.source);
  return used;
}

/**
 * The module: Ajv's code parsed as statements, its CommonJS "use strict" prologue dropped (an ES module is strict),
 * and the helper imports declared first.
 */
function moduleFile(ajv: Ajv, exportNames: Record<string, string>): SourceFile {
  const validators = Object.values(exportNames).map((name) => ajv.getSchema(name)!);
  const imports = importRuntimeHelpers(ajv, validators);
  const file = newSourceFile(createProject(), 'validators.js');
  file.addStatements(standaloneCode(ajv, exportNames));
  const prologue = file.getStatements()[0];
  if (Node.isExpressionStatement(prologue) && Node.isStringLiteral(prologue.getExpression())) prologue.remove();
  file.insertImportDeclarations(0, imports);
  return file;
}

/** Ajv standalone ESM code exporting one validator per entry (export name -> schema), as a source file to add to. */
export function standaloneValidatorsFile(schemas: ReadonlyMap<string, unknown>): SourceFile {
  const ajv = createAjv({ standaloneCode: true });
  const exportNames: Record<string, string> = {};
  for (const [name, schema] of schemas) {
    ajv.addSchema(schema as object, name);
    exportNames[name] = name;
  }
  return moduleFile(ajv, exportNames);
}

/** The text of standaloneValidatorsFile. */
export function standaloneValidators(schemas: ReadonlyMap<string, unknown>): string {
  return finish(standaloneValidatorsFile(schemas), '');
}

export function validatorPath(tool: ToolEntry, side: Side): string {
  return `generated/tools/${tool.name}/validate-${side}.ts`;
}

function validatorModule(tool: ToolEntry, side: Side): string {
  const ajv = createAjv({ standaloneCode: true });
  ajv.addSchema(side === 'input' ? tool.arguments : tool.result, 'schema');
  const header = `${banner(`${tool.file} (${side === 'input' ? 'arguments' : 'result'} schema)`)}// @ts-nocheck -- Ajv standalone output; typed where generated/validators/ lists it.\n`;
  return finish(moduleFile(ajv, { [EXPORT_NAME[side]]: 'schema' }), header);
}

/**
 * Adds `export const name: Readonly<Record<keyType, Validator>> = { key: validator, ... };`, one property per entry
 * (key -> the local name of its validator), built on the syntax tree.
 */
export function addValidatorMap(
  file: SourceFile,
  map: { name: string; keyType: string; docs?: string; entries: readonly [string, string][] },
): void {
  addConstant(file, {
    name: map.name,
    type: `Readonly<Record<${map.keyType}, Validator>>`,
    docs: map.docs,
    initializer: '{}',
  });
  file
    .getVariableDeclarationOrThrow(map.name)
    .getInitializerIfKindOrThrow(SyntaxKind.ObjectLiteralExpression)
    .addPropertyAssignments(map.entries.map(([name, initializer]) => ({ name, initializer })));
}

function indexModule(catalog: Catalog, side: Side): string {
  const local = (tool: ToolEntry) => `${camelCase(tool.name)}${side === 'input' ? 'Input' : 'Output'}`;
  const file = newSourceFile(createProject(), `generated/validators/${side}.ts`);
  if (side === 'input')
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: 'ajv', namedImports: ['ErrorObject'] });
  else file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './input.js', namedImports: ['Validator'] });
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../tools/index.js', namedImports: ['ToolName'] });
  for (const tool of catalog.tools) {
    file.addImportDeclaration({
      moduleSpecifier: `../tools/${tool.name}/validate-${side}.js`,
      namedImports: [{ name: EXPORT_NAME[side], alias: local(tool) }],
    });
  }
  if (side === 'input') {
    file.addInterface({
      isExported: true,
      name: 'Validator',
      docs: ['A precompiled validator: returns whether the data matches and leaves the reasons in `errors`.'],
      callSignatures: [{ parameters: [{ name: 'data', type: 'unknown' }], returnType: 'boolean' }],
      properties: [{ name: 'errors', type: 'ErrorObject[] | null', hasQuestionToken: true }],
    });
  }
  addValidatorMap(file, {
    name: `${side}Validators`,
    keyType: 'ToolName',
    docs: `The ${side === 'input' ? 'arguments' : 'result'} validator of every tool, by name.`,
    entries: catalog.tools.map((tool) => [tool.name, local(tool)]),
  });
  return finish(file, banner(`catalog/tools/*.yaml (${side === 'input' ? 'arguments' : 'result'} schemas)`));
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
