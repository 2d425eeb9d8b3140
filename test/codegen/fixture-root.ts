/** Temporary repository roots for codegen tests: the real schemas and shared fragments plus the files a test gives. */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');

export const ENDPOINT_YAML = `path: /mcp
title: Public endpoint
description: A public endpoint for the fixture catalogue.
instructions: Use the fixture tools as the examples in their descriptions show.
auth: none
serves: [public]
`;

/** The server's facts (catalog/server.yaml) without an icon: fixture roots have no catalog/icons/. */
export const SERVER_YAML = `name: fixture-mcp
title: Fixture server
version: 0.1.0
description: A fixture server for the code generator's tests and nothing else.
registry_name: fixture
example_origin: https://fixture.example.com
`;

/** A minimal valid tool; tests edit it into invalid shapes. */
export function toolYaml(name: string, extra = ''): string {
  return `name: ${name}
title: Fixture tool
availability: public
description: >-
  A fixture tool that echoes the level it is given, used to test the code generator and nothing else. Examples: {"level": 2}.
arguments:
  type: object
  additionalProperties: false
  properties:
    level: {type: integer, minimum: 0, maximum: 3, description: A level.}
result:
  type: object
  additionalProperties: false
  required: [echo]
  properties:
    echo: {type: integer}
examples:
  - title: Echo
    arguments: {level: 2}
    result: {echo: 2}
annotations: {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false}
readme: {summary: Echoes the level it is given., arguments: level 0-3}
${extra}`;
}

/** The fixture endpoint with the place for the cost tools' lines in its instructions, for a catalogue with one. */
export const COST_ENDPOINT_YAML = ENDPOINT_YAML.replace(
  'instructions: Use the fixture tools as the examples in their descriptions show.',
  'instructions: Use the fixture tools as the examples in their descriptions show; {cost_tools}.',
);

/**
 * A tool whose result totals are `keys` (integers), with its line for the endpoints' instructions and `extra` YAML:
 * a cost tool when the keys are the materials of one table of data/costs/ (serve it with COST_ENDPOINT_YAML).
 */
export function costToolYaml(name: string, keys: string[], extra = ''): string {
  const totals = `    totals: {type: object, additionalProperties: false, required: [${keys.join(', ')}], properties: {${keys.map((k) => `${k}: {type: integer}`).join(', ')}}}\n`;
  return toolYaml(name, `instructions: ${name} takes levels 0-3\n${extra}`).replace(
    '    echo: {type: integer}\n',
    `    echo: {type: integer}\n${totals}`,
  );
}

export function fixtureRoot(files: Record<string, string>, options: { withRealData?: boolean } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'kingshot-codegen-'));
  cpSync(join(REPO, 'catalog/schema'), join(root, 'catalog/schema'), { recursive: true });
  cpSync(join(REPO, 'catalog/shared'), join(root, 'catalog/shared'), { recursive: true });
  cpSync(join(REPO, 'data/schema'), join(root, 'data/schema'), { recursive: true });
  if (options.withRealData) {
    cpSync(join(REPO, 'data/costs'), join(root, 'data/costs'), { recursive: true });
    cpSync(join(REPO, 'data/reference'), join(root, 'data/reference'), { recursive: true });
  }
  const all = {
    'data/manifest.yaml': 'release: "2026.01.01"\n',
    'catalog/endpoints/mcp.yaml': ENDPOINT_YAML,
    'catalog/server.yaml': SERVER_YAML,
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
