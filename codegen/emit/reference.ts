/**
 * generated/data/reference/: the reference data as typed modules (no YAML is parsed while serving), and their types
 * compiled from data/schema/reference-*.schema.json.
 */
import { posix } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { REFERENCE_FILES } from '../load/reference.js';
import type { ReferenceData, SchemaFiles } from '../model.js';
import {
  addCompiledDeclarations,
  addConstant,
  banner,
  camelCase,
  createProject,
  finish,
  newSourceFile,
  type EmittedFiles,
} from './shared.js';

/**
 * The files the wrapper's `$ref`s name are resolved from the schemas the load stage read, never from the disk: the
 * compiler's file resolver is swapped for one over `schemas.data`, under a folder that exists nowhere.
 */
function schemaResolver(schemas: SchemaFiles) {
  return {
    file: false,
    loaded: {
      order: 1,
      canRead: true,
      read: (file: { url: string }) => {
        const schema = schemas.data[posix.basename(file.url)];
        if (!schema) throw new Error(`data/schema/${posix.basename(file.url)} does not exist`);
        return JSON.stringify(schema);
      },
    },
  };
}

export async function emitReference(reference: ReferenceData, schemas: SchemaFiles): Promise<EmittedFiles> {
  const files: EmittedFiles = new Map();
  const project = createProject();

  // One wrapper schema over the five files, so the definitions they share (sources, aliases, confidence) are
  // declared once.
  const wrapper = {
    title: 'ReferenceFiles',
    description: 'The five reference data files.',
    type: 'object',
    additionalProperties: false,
    required: REFERENCE_FILES.map((f) => f.key),
    properties: Object.fromEntries(REFERENCE_FILES.map((f) => [f.key, { $ref: f.schema }])),
  };
  const types = newSourceFile(project, 'generated/data/reference/types.ts');
  addCompiledDeclarations(
    types,
    await compile(wrapper as Parameters<typeof compile>[0], 'ReferenceFiles', {
      cwd: '/data/schema/',
      $refOptions: { resolve: schemaResolver(schemas) },
      bannerComment: '',
      additionalProperties: false,
      format: false,
    }),
  );
  files.set('generated/data/reference/types.ts', finish(types, banner('data/schema/reference-*.schema.json')));

  for (const { key, file: source, module, type } of REFERENCE_FILES) {
    const path = `generated/data/reference/${module}.ts`;
    const file = newSourceFile(project, path);
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './types.js', namedImports: [type] });
    addConstant(file, {
      name: `${camelCase(module)}File`,
      type,
      docs: `The ${module.replace('-', ' ')} reference data.\n@see ${source}`,
      value: reference[key],
    });
    files.set(path, finish(file, banner(source)));
  }
  return files;
}
