/**
 * generated/data/reference/: the reference data as typed modules (no YAML is parsed while serving), and their types
 * compiled from data/schema/reference-*.schema.json.
 */
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import type { ReferenceData } from '../model.js';
import { REFERENCE_FILES } from '../reference.js';
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

export async function emitReference(root: string, reference: ReferenceData): Promise<EmittedFiles> {
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
      cwd: join(root, 'data/schema'),
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
