/**
 * catalog/server.yaml and the discovery documents codegen builds from it (codegen/load/server.ts, check/server.ts, emit/discovery-documents.ts): problems name the
 * file and line, the
 * documents are checked against the published schemas (catalog/schema/published/), and the committed
 * generated/discovery/ files are what the shared builders give for the example origin.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryValidator, REGISTRY_SCHEMA, serverCardValidator } from '../../codegen/check/server.js';
import { emitDiscoveryDocuments, SERVER_CARD_PATH, SERVER_JSON_PATH } from '../../codegen/emit/discovery-documents.js';
import { emitServerInfo } from '../../codegen/emit/server-info.js';
import { loadAndCheck } from '../../codegen/generate.js';
import { PUBLISHED_SCHEMAS_FOLDER, readSchemaFiles } from '../../codegen/load/files.js';
import { formatProblem } from '../../codegen/problems.js';
import { registryServerName } from '../../shared/discovery-documents.js';
import { fixtureRoot, REPO, SERVER_YAML, toolYaml } from './fixture-root.js';

const TOOL = { 'catalog/tools/echo.yaml': toolYaml('echo') };

function problemsOf(root: string): string[] {
  return loadAndCheck(root).problems.map(formatProblem);
}

describe('catalog/server.yaml', () => {
  it('is required', () => {
    const root = fixtureRoot(TOOL);
    writeFileSync(join(root, 'catalog/server.yaml'), '');
    expect(problemsOf(root)).toEqual(['catalog/server.yaml:1:1 (document): must be object']);
  });

  it('reports a description over the registry limit of 100 characters at its line', () => {
    const long = 'x'.repeat(101);
    const root = fixtureRoot({
      ...TOOL,
      'catalog/server.yaml': SERVER_YAML.replace(/^description: .*$/m, `description: ${long}`),
    });
    expect(problemsOf(root)).toEqual(['catalog/server.yaml:4:1 /description: must NOT have more than 100 characters']);
  });

  it('reports a version range, an origin with a path and a missing icon file at their lines', () => {
    const yaml = SERVER_YAML.replace('version: 0.1.0', 'version: ^0.1.0')
      .replace('example_origin: https://fixture.example.com', 'example_origin: https://fixture.example.com/app')
      .concat('icon: server.svg\n');
    expect(problemsOf(fixtureRoot({ ...TOOL, 'catalog/server.yaml': yaml }))).toEqual([
      'catalog/server.yaml:3:1 /version: must match pattern "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$"',
      'catalog/server.yaml:6:1 /example_origin: must match pattern "^https://[a-z0-9.-]+(:[0-9]+)?$"',
    ]);
    const iconOnly = SERVER_YAML.concat('icon: server.svg\n');
    expect(problemsOf(fixtureRoot({ ...TOOL, 'catalog/server.yaml': iconOnly }))).toEqual([
      'catalog/server.yaml:7:1 /icon: catalog/icons/server.svg does not exist',
    ]);
  });

  it("checks the built server.json against the registry's published schema, pointing at the field behind it", () => {
    // The catalogue's own schema keeps to the registry's limits; a stricter copy of the published schema shows the
    // documents are checked against that file, and where its refusal lands in catalog/server.yaml.
    const root = fixtureRoot(TOOL);
    const path = join(root, PUBLISHED_SCHEMAS_FOLDER, REGISTRY_SCHEMA);
    const schema = JSON.parse(readFileSync(path, 'utf8')) as {
      definitions: { ServerDetail: { properties: { description: { maxLength: number } } } };
    };
    schema.definitions.ServerDetail.properties.description.maxLength = 40;
    writeFileSync(path, JSON.stringify(schema));
    expect(problemsOf(root)).toEqual([
      'catalog/server.yaml:4:1 /description: the registry server.json (2025-12-11 schema) at /description: must NOT have more than 40 characters',
    ]);
  });
});

describe('the committed discovery documents', () => {
  const { model } = loadAndCheck(REPO);
  if (!model) throw new Error('the repository catalogue does not load');
  const { catalog } = model;
  const published = readSchemaFiles(REPO).published;
  const documents = emitDiscoveryDocuments(catalog);
  const serverJsonText = documents.get(SERVER_JSON_PATH)!;
  const cardText = documents.get(SERVER_CARD_PATH)!;
  const serverJson = JSON.parse(serverJsonText) as Record<string, unknown>;
  const card = JSON.parse(cardText) as Record<string, unknown>;

  it('server.json is the registry entry for the example origin, with both endpoints, and passes the published schema', () => {
    expect(serverJson).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'com.example.kingshot/kingshot',
      title: 'Kingshot Companion',
      description: "Kingshot game reference, upgrade-cost calculators and a signed-in player's saved goals.",
      version: '1.0.0',
      websiteUrl: 'https://kingshot.example.com/',
      icons: [{ src: 'https://kingshot.example.com/icons/server.svg', mimeType: 'image/svg+xml', sizes: ['any'] }],
      remotes: [
        { type: 'streamable-http', url: 'https://kingshot.example.com/mcp' },
        { type: 'streamable-http', url: 'https://kingshot.example.com/mcp/account' },
      ],
    });
    const validate = registryValidator(published);
    expect(validate(serverJson), JSON.stringify(validate.errors)).toBe(true);
    expect(readFileSync(join(REPO, 'generated/discovery/server.json'), 'utf8')).toBe(serverJsonText);
  });

  it('the server card says the same under the card schema and passes it', () => {
    expect(card).toEqual({
      ...serverJson,
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    });
    const validate = serverCardValidator(published);
    expect(validate(card), JSON.stringify(validate.errors)).toBe(true);
    expect(readFileSync(join(REPO, 'generated/discovery/server-card.json'), 'utf8')).toBe(cardText);
  });

  it('the published schemas refuse what the registry refuses: a name without a namespace, a version range in a package', () => {
    const validate = registryValidator(published);
    expect(validate({ ...serverJson, name: 'kingshot' })).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual([
      '/name must match pattern "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"',
    ]);
    const card = serverCardValidator(published);
    expect(card({ ...serverJson })).toBe(false);
    expect(card.errors?.[0]?.instancePath).toBe('/$schema');
  });

  it('the registry name is the origin host reversed, then the catalogue name', () => {
    expect(registryServerName('https://kingshot.example.com', 'kingshot')).toBe('com.example.kingshot/kingshot');
    expect(registryServerName('https://mcp.guild.example.org:8443', 'kingshot')).toBe('org.example.guild.mcp/kingshot');
  });

  it('serverInfo comes from the catalogue', () => {
    expect(emitServerInfo(catalog)).toContain("export const SERVER_VERSION = '1.0.0';");
  });
});
