/**
 * generated/discovery/server.json and server-card.json: the registry's server.json and the server card as built for
 * the catalogue's example origin, with every endpoint of the catalogue. Committed so a change to the server's facts
 * or endpoints shows in review; codegen has validated both against the published schemas (codegen/server-facts.ts).
 * A deployment serves its own, built by the same functions for BASE_URL (src/pages/discovery-routes.ts).
 */
import { documentText, registryServerJson, serverCard } from '../../shared/discovery-documents.js';
import type { Catalog } from '../model.js';
import { exampleDiscoveryInput } from '../server-facts.js';

export const SERVER_JSON_PATH = 'generated/discovery/server.json';
export const SERVER_CARD_PATH = 'generated/discovery/server-card.json';

export function emitRegistryServerJson(catalog: Catalog): string {
  return documentText(registryServerJson(exampleDiscoveryInput(catalog.server, catalog.endpoints)));
}

export function emitServerCard(catalog: Catalog): string {
  return documentText(serverCard(exampleDiscoveryInput(catalog.server, catalog.endpoints)));
}
