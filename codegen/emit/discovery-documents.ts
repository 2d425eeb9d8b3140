/**
 * generated/discovery/server.json and server-card.json: the registry's server.json and the server card as built for
 * the catalogue's example origin, with every endpoint of the catalogue. Committed so a change to the server's facts
 * or endpoints shows in review; the check stage has validated both against the published schemas
 * (codegen/check/server.ts). A deployment serves its own, built by the same functions for BASE_URL
 * (src/pages/discovery-routes.ts).
 */
import { documentText, registryServerJson, serverCard } from '../../shared/discovery-documents.js';
import { exampleDiscoveryInput } from '../load/server.js';
import type { Catalog, EmittedFiles } from '../model.js';

export const SERVER_JSON_PATH = 'generated/discovery/server.json';
export const SERVER_CARD_PATH = 'generated/discovery/server-card.json';

export function emitDiscoveryDocuments(catalog: Catalog): EmittedFiles {
  const input = exampleDiscoveryInput(catalog);
  return new Map([
    [SERVER_JSON_PATH, documentText(registryServerJson(input))],
    [SERVER_CARD_PATH, documentText(serverCard(input))],
  ]);
}
