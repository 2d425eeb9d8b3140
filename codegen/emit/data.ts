/** generated/data/: the cost tables and the reference data as typed modules (no YAML is parsed while serving) and the data version. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import type { GameData } from '../model.js';
import { emitReference } from './reference.js';
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

export async function emitData(root: string, data: GameData): Promise<EmittedFiles> {
  const files: EmittedFiles = new Map();
  const project = createProject();

  const schema = JSON.parse(readFileSync(join(root, 'data/schema/cost-table.schema.json'), 'utf8')) as Parameters<
    typeof compile
  >[0];
  const types = newSourceFile(project, 'generated/data/types.ts');
  addCompiledDeclarations(
    types,
    await compile(schema, 'CostTable', { bannerComment: '', additionalProperties: false, format: false }),
  );
  files.set('generated/data/types.ts', finish(types, banner('data/schema/cost-table.schema.json')));

  for (const table of data.costs) {
    const name = table.file.replace(/^data\/costs\//, '').replace(/\.yaml$/, '');
    const file = newSourceFile(project, `generated/data/costs/${name}.ts`);
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../types.js', namedImports: ['CostTable'] });
    const { file: _source, ...content } = table;
    addConstant(file, {
      name: camelCase(table.system),
      type: 'CostTable',
      docs: `${table.title}.\n@see ${table.file}`,
      value: content,
    });
    files.set(`generated/data/costs/${name}.ts`, finish(file, banner(table.file)));
  }

  if (data.reference) for (const [path, text] of await emitReference(root, data.reference)) files.set(path, text);

  const version = newSourceFile(project, 'generated/data/version.ts');
  addConstant(version, {
    name: 'DATA_VERSION',
    docs: 'Release of the game data plus a hash of its files; every tool result carries it.',
    value: data.version,
  });
  files.set('generated/data/version.ts', finish(version, banner('data/manifest.yaml and data/**/*.yaml')));
  return files;
}
