/**
 * generated/tools/<tool>/types.ts: each tool's input and output types and catalogue metadata; and an index with the
 * `ToolHandlers<Context>` contract that src/ implements, so the compiler catches a catalogue entry without a
 * handler (or a handler for a tool that no longer exists).
 */
import { compile } from 'json-schema-to-typescript';
import { TYPE_OPTIONS, withNamedFragments } from './shared-types.js';
import type { Catalog, JsonSchema, ToolEntry, ToolMetadata } from '../model.js';
import {
  addCompiledDeclarations,
  addConstant,
  banner,
  camelCase,
  createProject,
  finish,
  newSourceFile,
  pascalCase,
  type EmittedFiles,
} from './shared.js';

/** The type of a tool schema, naming the shared fragments it uses (added to `used`) rather than copying them. */
async function typeFor(schema: JsonSchema, name: string, used: Set<string>): Promise<string> {
  return compile(withNamedFragments(schema, used) as Parameters<typeof compile>[0], name, TYPE_OPTIONS);
}

export function toolConstName(tool: ToolEntry): string {
  return `${camelCase(tool.name)}Tool`;
}

/** The tool's metadata constant, held to the type the service reads it as. */
function metadataOf(tool: ToolEntry): ToolMetadata {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    availability: tool.availability,
    view: tool.view,
    deprecation: tool.deprecation,
    costSystem: tool.costSystem,
    calculator: tool.calculator && {
      example: tool.calculator.example,
      levelChoices: tool.calculator.level_choices ?? [],
    },
    keyedArguments: keyedArgumentsData(tool.keyedArguments),
    source: tool.file,
  };
}

/** The keyed arguments as plain lists (JSON Schema, which the metadata type is compiled from, has no readonly). */
function keyedArgumentsData(keyed: ToolEntry['keyedArguments']): ToolMetadata['keyedArguments'] {
  if (!keyed) return undefined;
  return Object.fromEntries(
    Object.entries(keyed).map(([name, { keys, aliases }]) => [
      name,
      {
        keys: [...keys],
        aliases: Object.fromEntries(Object.entries(aliases).map(([key, names]) => [key, [...names]])),
      },
    ]),
  );
}

function deprecatedTag(tool: ToolEntry): string {
  const d = tool.deprecation;
  if (!d) return '';
  const use = d.replacement ? `; use ${d.replacement}` : '';
  return `\n@deprecated Deprecated ${d.deprecated}; sunset ${d.sunset}${use}. ${d.notice}`;
}

export async function emitTools(catalog: Catalog): Promise<EmittedFiles> {
  const files: EmittedFiles = new Map();
  const project = createProject();

  for (const tool of catalog.tools) {
    const pascal = pascalCase(tool.name);
    const path = `generated/tools/${tool.name}/types.ts`;
    const file = newSourceFile(project, path);
    file.addImportDeclaration({
      isTypeOnly: true,
      moduleSpecifier: '../../metadata-types.js',
      namedImports: ['ToolMetadata'],
    });
    const used = new Set<string>();
    addCompiledDeclarations(file, await typeFor(tool.arguments, `${pascal}Input`, used));
    addCompiledDeclarations(file, await typeFor(tool.result, `${pascal}Output`, used));
    if (used.size > 0)
      file.addImportDeclaration({
        isTypeOnly: true,
        moduleSpecifier: '../../shared-types.js',
        namedImports: [...used].sort(),
      });
    addConstant(file, {
      name: toolConstName(tool),
      type: 'ToolMetadata',
      docs: `${tool.title}.\n@see ${tool.file}${deprecatedTag(tool)}`,
      value: metadataOf(tool),
    });
    files.set(path, finish(file, banner(tool.file)));
  }

  // The index names each tool on lines of its own, so adding a tool adds lines here and changes none.
  const index = newSourceFile(project, 'generated/tools/index.ts');
  index.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: '../metadata-types.js',
    namedImports: ['ToolMetadata', 'ToolOutcome'],
  });
  for (const tool of catalog.tools) {
    const pascal = pascalCase(tool.name);
    index.addImportDeclaration({
      moduleSpecifier: `./${tool.name}/types.js`,
      namedImports: [
        { name: `${pascal}Input`, isTypeOnly: true },
        { name: `${pascal}Output`, isTypeOnly: true },
        toolConstName(tool),
      ],
    });
  }
  for (const tool of catalog.tools) {
    const pascal = pascalCase(tool.name);
    index.addExportDeclaration({
      moduleSpecifier: `./${tool.name}/types.js`,
      namedExports: [
        { name: `${pascal}Input`, isTypeOnly: true },
        { name: `${pascal}Output`, isTypeOnly: true },
        toolConstName(tool),
      ],
    });
  }
  index.addInterface({
    isExported: true,
    name: 'ToolTypes',
    docs: ['Input and output type of every tool, by name.'],
    properties: catalog.tools.map((t) => ({
      name: t.name,
      type: `{ input: ${pascalCase(t.name)}Input; output: ${pascalCase(t.name)}Output }`,
    })),
  });
  // Named through ToolTypes (one line per tool) rather than as a union on one line that every new tool rewrites.
  index.addTypeAlias({
    isExported: true,
    name: 'ToolName',
    docs: ['Every tool in the catalogue.'],
    type: 'keyof ToolTypes',
  });
  index.addInterface({
    isExported: true,
    name: 'ToolHandlers',
    typeParameters: ['Context'],
    docs: [
      'The contract src/ implements: one handler per catalogue entry. A handler never throws for bad input; it returns a failure outcome.',
    ],
    methods: catalog.tools.map((t) => {
      const pascal = pascalCase(t.name);
      return {
        name: t.name,
        docs: [`${t.title}.\n@see ${t.file}${deprecatedTag(t)}`],
        parameters: [
          { name: 'input', type: `${pascal}Input` },
          { name: 'context', type: 'Context' },
        ],
        returnType: `ToolOutcome<${pascal}Output> | Promise<ToolOutcome<${pascal}Output>>`,
      };
    }),
  });
  addConstant(index, {
    name: 'TOOLS',
    type: 'readonly ToolMetadata[]',
    docs: 'Catalogue metadata of every tool, sorted by name.',
    initializer: `[\n${catalog.tools.map((t) => `  ${toolConstName(t)},`).join('\n')}\n]`,
  });
  files.set('generated/tools/index.ts', finish(index, banner('catalog/tools/*.yaml')));
  return files;
}
