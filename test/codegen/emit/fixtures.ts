/**
 * The fixtures the emitter tests share (test/codegen/emit/*.test.ts): a one-tool catalogue (with one website tool,
 * one view, a deprecated tool and endpoint where an emitter needs them), a one-table cost fixture, five tiny
 * reference schemas. Each is made the first time a test asks for it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Project, SyntaxKind } from 'ts-morph';
import { loadCatalog } from '../../../codegen/generate.js';
import type { Catalog, CostTable } from '../../../codegen/model.js';
import { ENDPOINT_YAML, fixtureRoot, toolYaml } from '../fixture-root.js';

/** A value made on first use and kept: a fixture root costs a copy of the schemas, a catalogue a load. */
function once<T>(make: () => T): () => T {
  let value: { made: T } | undefined;
  return () => (value ??= { made: make() }).made;
}

export const root = once(() => fixtureRoot({ 'catalog/tools/echo_level.yaml': toolYaml('echo_level') }));
export const catalog = once((): Catalog => loadCatalog(root()).catalog!);
export const forge: CostTable = {
  file: 'data/costs/forge.yaml',
  system: 'forge',
  title: 'Forge',
  data_as_of: '2026-01-01',
  materials: [{ key: 'iron', name: 'Iron' }],
  sources: [{ id: 'wiki', ref: 'A wiki, 2026-01', title: 'A wiki' }],
  notes: ['Fixture.'],
  ladders: [
    { key: 'anvil', title: 'Anvil', confidence: 'high', levels: [{ label: '1' }, { label: '2', cost: { iron: 5 } }] },
  ],
  cross_checks: [],
};

/** A catalogue with one deprecated endpoint and one deprecated tool, each naming its replacement. */
const deprecation = (replacement: string) =>
  `deprecation: {deprecated: "2027-01-01T00:00:00Z", sunset: "2027-04-01", replacement: ${replacement}, notice: Replaced by the next one.}\n`;
export const deprecatedCatalog = once(
  (): Catalog =>
    loadCatalog(
      fixtureRoot({
        'catalog/tools/echo_level.yaml': toolYaml('echo_level', deprecation('echo_next')),
        'catalog/tools/echo_next.yaml': toolYaml('echo_next'),
        'catalog/endpoints/mcp.yaml': ENDPOINT_YAML + deprecation('/mcp/next'),
        'catalog/endpoints/next.yaml': ENDPOINT_YAML.replace('path: /mcp', 'path: /mcp/next').replace(
          'title: Public endpoint',
          'title: Next endpoint',
        ),
      }),
    ).catalog!,
);

const goToYaml = `name: go_to
title: Go to a page
annotations: {readOnlyHint: false}
description: >-
  Navigates this tab to a page of this site, used to test the code generator and nothing else. Examples: {"url": "/heroes"}.
inputSchema:
  type: object
  additionalProperties: false
  required: [url]
  properties:
    url: {type: string, minLength: 1, description: A path of this site.}
`;
export const websiteCatalog = once(
  (): Catalog =>
    loadCatalog(
      fixtureRoot({ 'catalog/tools/echo_level.yaml': toolYaml('echo_level'), 'catalog/website/go_to.yaml': goToYaml }),
    ).catalog!,
);

export const viewRoot = once(() =>
  fixtureRoot({
    'catalog/tools/echo_level.yaml': toolYaml('echo_level', 'view: ui://kingshot/echo\n'),
    'views/echo/main.ts': "import './echo.css';\ndocument.body.dataset.ran = 'echo view ran';\n",
    'views/echo/echo.css': 'main { color: red; }\n',
  }),
);
export const viewCatalog = once((): Catalog => loadCatalog(viewRoot()).catalog!);

/** The document around the bundle, up to the inline stylesheet (codegen/emit/views.ts viewDocument). */
export const echoDocumentHead = `<!doctype html>
<html lang="en" data-view="echo">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Fixture tool</title>
<!-- ui://kingshot/echo: built by \`npm run codegen\` from views/echo/ -->
<style>`;

export const siteRoot = once(() =>
  fixtureRoot({
    'catalog/tools/echo_level.yaml': toolYaml('echo_level'),
    'catalog/website/go_to.yaml': goToYaml,
    'site/tsconfig.json': '{}\n',
    'site/main.ts':
      "import './site.css';\nimport { WEBSITE_TOOLS } from '../generated/website/tools.js';\ndocument.body.dataset.tools = WEBSITE_TOOLS.map((tool) => tool.name).join(' ');\n",
    'site/site.css': '.chart { color: red; }\n',
  }),
);

/** Five tiny reference schemas; heroes and masters share a definition of reference-common.schema.json. */
const referenceSchema = (name: string, title: string, properties: Record<string, unknown>) =>
  JSON.stringify({
    $id: `reference-${name}.schema.json`,
    title,
    description: `The ${title}.`,
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  });
const keyedRecords = (title: string) => ({
  type: 'array',
  items: {
    title,
    type: 'object',
    additionalProperties: false,
    required: ['key'],
    properties: { key: { $ref: 'reference-common.schema.json#/definitions/key' } },
  },
});
export const referenceRoot = once(() =>
  fixtureRoot({
    'data/schema/reference-common.schema.json': JSON.stringify({
      $id: 'reference-common.schema.json',
      definitions: { key: { type: 'string', description: 'A record key.' } },
    }),
    'data/schema/reference-heroes.schema.json': referenceSchema('heroes', 'HeroesFile', {
      heroes: keyedRecords('Hero'),
    }),
    'data/schema/reference-masters.schema.json': referenceSchema('masters', 'MastersFile', {
      masters: keyedRecords('Master'),
    }),
    'data/schema/reference-items.schema.json': referenceSchema('items', 'ItemsFile', {}),
    'data/schema/reference-events.schema.json': referenceSchema('events', 'EventsFile', {}),
    'data/schema/reference-tier-list.schema.json': referenceSchema('tier-list', 'TierListFile', {
      version: { type: 'integer' },
    }),
  }),
);

/** The string constants of an emitted module, as their values (a bundle's text, read back from its literal). */
export function stringConstants(text: string): Record<string, string> {
  const file = new Project({ useInMemoryFileSystem: true }).createSourceFile('module.ts', text);
  return Object.fromEntries(
    file
      .getVariableDeclarations()
      .map((d) => [d.getName(), d.getInitializerIfKindOrThrow(SyntaxKind.StringLiteral).getLiteralValue()]),
  );
}

/** A repository root holding only the given shared fragments. */
export function sharedRoot(fragments: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kingshot-shared-types-'));
  mkdirSync(join(dir, 'catalog/shared'), { recursive: true });
  for (const [name, text] of Object.entries(fragments)) writeFileSync(join(dir, 'catalog/shared', name), text);
  return dir;
}
