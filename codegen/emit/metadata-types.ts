/** generated/metadata-types.ts: the types shared by every generated module and by src/. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import type { Catalog } from '../model.js';
import { addCompiledDeclarations, banner, createProject, finish, newSourceFile, type EmittedFiles } from './shared.js';

export async function emitMetadataTypes(root: string, catalog: Catalog): Promise<EmittedFiles> {
  const project = createProject();
  const file = newSourceFile(project, 'generated/metadata-types.ts');
  file.addTypeAlias({ isExported: true, name: 'Availability', type: `'public' | 'account'`, docs: ['public: on every endpoint; account: only where account tools are served.'] });
  file.addTypeAlias({
    isExported: true,
    name: 'ToolListEra',
    type: `'2024-11-05' | '2025-03-26' | '2025-06-18'`,
    docs: ['Shape of a tools/list entry, named after the protocol revision that introduced it.'],
  });
  // Declared once, in the catalogue's own schema (endpoint.schema.json refers to the tool schema's definition).
  const toolSchema = JSON.parse(readFileSync(join(root, 'catalog/schema/tool.schema.json'), 'utf8')) as { definitions: Record<string, Parameters<typeof compile>[0]> };
  addCompiledDeclarations(file, await compile(toolSchema.definitions.deprecation!, 'Deprecation', { bannerComment: '', additionalProperties: false, format: false }));
  file.addInterface({
    isExported: true,
    name: 'ToolMetadata',
    properties: [
      { name: 'name', type: 'string' },
      { name: 'title', type: 'string' },
      { name: 'description', type: 'string' },
      { name: 'availability', type: 'Availability' },
      { name: 'view', type: 'string', hasQuestionToken: true },
      { name: 'deprecation', type: 'Deprecation', hasQuestionToken: true },
      { name: 'costSystem', type: 'string', hasQuestionToken: true, docs: ['The cost system (data/costs) the tool computes: the one whose materials its result totals list.'] },
      {
        name: 'calculator',
        type: '{ readonly example: Readonly<Record<string, string>>; readonly levelChoices: readonly string[] }',
        hasQuestionToken: true,
        docs: ["The tool's page under /calculators: an example range, and the arguments whose input suggests the cost table's level labels."],
      },
      {
        name: 'keyedArguments',
        type: 'Readonly<Record<string, { readonly keys: readonly string[]; readonly aliases: Readonly<Record<string, readonly string[]>> }>>',
        hasQuestionToken: true,
        docs: ['Arguments whose values are keys, read forgivingly (shared/keyed-arguments.ts): the keys and their aliases.'],
      },
      { name: 'source', type: 'string', docs: ['The catalogue file this entry comes from.'] },
    ],
  });
  file.addInterface({
    isExported: true,
    name: 'EndpointMetadata',
    properties: [
      { name: 'path', type: 'string' },
      { name: 'title', type: 'string' },
      { name: 'description', type: 'string' },
      { name: 'instructions', type: 'string', docs: ['Sent as `instructions` in the initialize result.'] },
      { name: 'auth', type: `'none' | 'oauth'` },
      { name: 'serves', type: 'readonly Availability[]' },
      { name: 'deprecation', type: 'Deprecation', hasQuestionToken: true },
      { name: 'source', type: 'string' },
    ],
  });
  file.addInterface({
    isExported: true,
    name: 'DeprecationRule',
    docs: ['One row of the Deprecation/Sunset table, with the header values already formatted.'],
    properties: [
      { name: 'kind', type: `'tool' | 'endpoint'` },
      { name: 'name', type: 'string', docs: ['Tool name or endpoint path.'] },
      { name: 'deprecatedEpochMs', type: 'number' },
      { name: 'sunsetEpochMs', type: 'number' },
      { name: 'deprecationHeader', type: 'string', docs: ['`Deprecation` value (RFC 9745): @<unix-seconds>.'] },
      { name: 'sunsetHeader', type: 'string', docs: ['`Sunset` value (RFC 8594): an IMF-fixdate.'] },
      { name: 'replacement', type: 'string', hasQuestionToken: true },
      { name: 'notice', type: 'string' },
    ],
  });
  const errorSchema = (catalog.toolError.properties as Record<string, unknown>).error as Parameters<typeof compile>[0];
  addCompiledDeclarations(file, await compile(errorSchema, 'ToolError', { bannerComment: '', additionalProperties: false, format: false }));
  file.addInterface({ isExported: true, name: 'ToolErrorDocument', docs: ['The JSON text of a failed tool call.'], properties: [{ name: 'error', type: 'ToolError' }] });
  file.addTypeAlias({
    isExported: true,
    name: 'ToolOutcome',
    typeParameters: ['T'],
    type: '{ ok: true; value: T } | { ok: false; error: ToolError }',
    docs: ['What a tool handler returns: a result, or a failure the model can act on (sent as isError: true).'],
  });
  return new Map([['generated/metadata-types.ts', finish(file, banner('codegen/emit/metadata-types.ts, catalog/schema/tool.schema.json and catalog/shared/tool-error.yaml'))]]);
}
