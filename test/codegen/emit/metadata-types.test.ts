/** codegen/emit/metadata-types.ts: the types every generated module, src/ and codegen share, from the catalogue's schemas. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitMetadataTypes } from '../../../codegen/emit/metadata-types.js';
import { readSchemaFiles } from '../../../codegen/load/files.js';
import { fixtureRoot, toolYaml } from '../fixture-root.js';
import { catalog, root } from './fixtures.js';
import { golden } from './golden.js';

describe('codegen/emit/metadata-types.ts', () => {
  it('writes the types every generated module, src/ and codegen share, each compiled from its schema', async () => {
    // catalog/schema/metadata.schema.json's $refs: a whole definition is its type (`availability: Availability`,
    // `serves` through endpoint.schema.json); a property is copied in with its description (`name`, `notice`). The
    // entries' own shapes (ToolAnnotations, ToolExample, ReadmeRow, CalculatorPage, WebsiteTool) come from the entry
    // schemas' definitions; a oneOf that only chooses keys (an example's result or error) leaves no index signature.
    await expect(
      (await emitMetadataTypes(readSchemaFiles(root()), catalog().toolError)).get('generated/metadata-types.ts'),
    ).toMatchFileSnapshot(golden('metadata-types.ts'));
  });

  it('refuses a $ref to a definition it does not declare as a type', async () => {
    const given = fixtureRoot({ 'catalog/tools/echo_level.yaml': toolYaml('echo_level') });
    const toolSchemaPath = join(given, 'catalog/schema/tool.schema.json');
    const toolSchema = JSON.parse(readFileSync(toolSchemaPath, 'utf8')) as { definitions: Record<string, unknown> };
    toolSchema.definitions.stray = { type: 'object', properties: { note: { type: 'string' } } };
    writeFileSync(toolSchemaPath, JSON.stringify(toolSchema));
    const path = join(given, 'catalog/schema/metadata.schema.json');
    const schema = JSON.parse(readFileSync(path, 'utf8')) as {
      definitions: { toolMetadata: { properties: Record<string, unknown> } };
    };
    schema.definitions.toolMetadata.properties.stray = { $ref: 'tool.schema.json#/definitions/stray' };
    writeFileSync(path, JSON.stringify(schema));
    await expect(emitMetadataTypes(readSchemaFiles(given), catalog().toolError)).rejects.toThrow(
      'catalog/schema/metadata.schema.json: $ref "tool.schema.json#/definitions/stray" names tool.schema.json#/definitions/stray, which metadata-types.ts does not declare',
    );
  });
});
