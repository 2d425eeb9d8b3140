/**
 * The inputs that are not YAML documents: the JSON Schemas of catalog/schema/ and data/schema/, the icons of
 * catalog/icons/, and README.md (whose tool tables codegen keeps). Read once here, so no later stage reads the disk.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconFile, JsonSchema, SchemaFiles } from '../model.js';

export const ICONS_FOLDER = 'catalog/icons';
export const README = 'README.md';
export const PUBLISHED_SCHEMAS_FOLDER = 'catalog/schema/published';

function jsonFiles(root: string, folder: string): Record<string, JsonSchema> {
  const dir = join(root, folder);
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as JsonSchema]),
  );
}

export function readSchemaFiles(root: string): SchemaFiles {
  return {
    catalogue: jsonFiles(root, 'catalog/schema'),
    data: jsonFiles(root, 'data/schema'),
    published: jsonFiles(root, PUBLISHED_SCHEMAS_FOLDER),
  };
}

export function readIcons(root: string): IconFile[] {
  const folder = join(root, ICONS_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.svg'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));
}

/** README.md's text; undefined in a root without one (the test fixtures). */
export function readReadme(root: string): string | undefined {
  const path = join(root, README);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}
