/** generated/data/: the cost tables and the reference data as typed modules (no YAML is parsed while serving) and the data version. */
import { compile } from 'json-schema-to-typescript';
import { COST_TABLE_SCHEMA } from '../load/data.js';
import type { GameData, SchemaFiles } from '../model.js';
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

export async function emitData(data: GameData, schemas: SchemaFiles): Promise<EmittedFiles> {
  const files: EmittedFiles = new Map();
  const project = createProject();

  // A copy: the compiler is handed a schema it may annotate.
  const schema = structuredClone(schemas.data[COST_TABLE_SCHEMA]!) as Parameters<typeof compile>[0];
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

  if (data.reference) for (const [path, text] of await emitReference(data.reference, schemas)) files.set(path, text);

  const version = newSourceFile(project, 'generated/data/version.ts');
  addConstant(version, {
    name: 'DATA_VERSION',
    docs: 'Release of the game data plus a hash of its files; every tool result carries it.',
    value: data.version,
  });
  files.set('generated/data/version.ts', finish(version, banner('data/manifest.yaml and data/**/*.yaml')));
  return files;
}
