/**
 * catalog/server.yaml: who the server is (name, title, version, description, registry name, icon) and the origin the
 * committed discovery documents are built for. The load stage reads it against its schema
 * (catalog/schema/server.schema.json); codegen/check/server.ts checks what the schema cannot.
 */
import type { DiscoveryInput, ServerFacts } from '../../shared/discovery-documents.js';
import type { Catalog, ServerEntry } from '../model.js';

export const SERVER_FILE = 'catalog/server.yaml';

/** The file's fields as written (snake case), already checked against its schema. */
interface RawServer {
  name: string;
  title: string;
  version: string;
  description: string;
  registry_name: string;
  icon?: string;
  example_origin: string;
}

export function serverEntryOf(value: unknown): ServerEntry {
  const raw = value as RawServer;
  return {
    name: raw.name,
    title: raw.title,
    version: raw.version,
    description: raw.description,
    registryName: raw.registry_name,
    ...(raw.icon === undefined ? {} : { icon: raw.icon }),
    exampleOrigin: raw.example_origin,
  };
}

/** The server of a catalogue whose catalog/server.yaml did not load (its problem is reported; nothing is emitted). */
export const UNREAD_SERVER: ServerEntry = {
  name: '',
  title: '',
  version: '',
  description: '',
  registryName: '',
  exampleOrigin: '',
};

/** The input both discovery documents are built from in codegen: the example origin and every endpoint. */
export function exampleDiscoveryInput(catalog: Catalog): DiscoveryInput {
  const { exampleOrigin, ...facts } = catalog.server;
  return {
    facts: facts satisfies ServerFacts,
    origin: exampleOrigin,
    endpointPaths: catalog.endpoints.map((e) => e.path),
  };
}
