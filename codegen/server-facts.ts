/**
 * catalog/server.yaml: who the server is. Checked against the catalogue's schema, then the registry's server.json and
 * the server card are built from it for its example origin and validated against the published schemas (copied
 * under catalog/schema/published/; SOURCES.md there names where from). A problem in either points at the line of
 * catalog/server.yaml that causes it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  registryServerJson,
  serverCard,
  type DiscoveryInput,
  type ServerFacts,
} from '../shared/discovery-documents.js';
import { Ajv } from 'ajv';
import { describeAjvError } from './ajv.js';
import type { SourceDocument } from './load.js';
import type { EndpointEntry, ServerEntry } from './model.js';
import type { Problem } from './problems.js';

export const SERVER_FILE = 'catalog/server.yaml';
export const REGISTRY_SCHEMA_FILE = 'catalog/schema/published/registry-server-2025-12-11.schema.json';
export const SERVER_CARD_SCHEMA_FILE = 'catalog/schema/published/server-card-v1.schema.json';

const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => Ajv;

interface RawServer {
  name: string;
  title: string;
  version: string;
  description: string;
  registry_name: string;
  icon?: string;
  example_origin: string;
}

/** The facts of catalog/server.yaml (already checked against its schema), or undefined after adding problems. */
export function serverFactsOf(
  root: string,
  doc: SourceDocument,
  endpoints: readonly EndpointEntry[],
  problems: Problem[],
): ServerEntry | undefined {
  const raw = doc.value as RawServer;
  const server: ServerEntry = {
    name: raw.name,
    title: raw.title,
    version: raw.version,
    description: raw.description,
    registryName: raw.registry_name,
    ...(raw.icon === undefined ? {} : { icon: raw.icon }),
    exampleOrigin: raw.example_origin,
  };
  const before = problems.length;
  if (raw.icon !== undefined && !existsSync(join(root, 'catalog/icons', raw.icon)))
    problems.push(doc.problem('/icon', `catalog/icons/${raw.icon} does not exist`));
  if (problems.length === before) problems.push(...checkDiscoveryDocuments(root, doc, server, endpoints));
  return problems.length === before ? server : undefined;
}

/** The input both documents are built from in codegen: the example origin and every endpoint of the catalogue. */
export function exampleDiscoveryInput(server: ServerEntry, endpoints: readonly EndpointEntry[]): DiscoveryInput {
  const facts: ServerFacts = { ...server };
  delete (facts as Partial<ServerEntry>).exampleOrigin;
  return { facts, origin: server.exampleOrigin, endpointPaths: endpoints.map((e) => e.path) };
}

/** Where in catalog/server.yaml the field behind a document's property is. */
const FIELD_OF: Readonly<Record<string, string>> = {
  '/name': '/registry_name',
  '/title': '/title',
  '/description': '/description',
  '/version': '/version',
  '/websiteUrl': '/example_origin',
};

function checkDiscoveryDocuments(
  root: string,
  doc: SourceDocument,
  server: ServerEntry,
  endpoints: readonly EndpointEntry[],
): Problem[] {
  const input = exampleDiscoveryInput(server, endpoints);
  const checks: [string, ValidateFunction, Record<string, unknown>][] = [
    ['the registry server.json (2025-12-11 schema)', registryValidator(root), registryServerJson(input)],
    ['the server card (v1 schema)', serverCardValidator(root), serverCard(input)],
  ];
  return checks.flatMap(([what, validate, document]) =>
    validate(document) ? [] : (validate.errors ?? []).map((error) => problemFor(doc, what, error)),
  );
}

function problemFor(doc: SourceDocument, what: string, error: ErrorObject): Problem {
  const field = Object.entries(FIELD_OF).find(([property]) => error.instancePath.startsWith(property))?.[1] ?? '';
  return doc.problem(field, `${what} at ${error.instancePath || '/'}: ${describeAjvError(error)}`);
}

function readSchema(root: string, file: string): AnySchema {
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as AnySchema;
}

/** The registry's schema declares draft-07: Ajv's default class, with formats, not strict (it carries `example`). */
export function registryValidator(root: string): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(readSchema(root, REGISTRY_SCHEMA_FILE));
}

/** The server card's schema declares draft 2020-12 and has no root: the card is its `$defs/ServerCard`. */
export function serverCardValidator(root: string): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = readSchema(root, SERVER_CARD_SCHEMA_FILE) as Record<string, unknown>;
  return ajv.compile({ ...schema, $ref: '#/$defs/ServerCard' });
}
