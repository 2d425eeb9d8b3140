/**
 * generated/server-info.ts: the catalogue's facts about the server (catalog/server.yaml), which initialize,
 * server/discover, /health, the MCP Apps views, the registry's server.json and the server card all state.
 * Free of imports: the views bundle it for the browser (through src/mcp/server-info.ts).
 */
import type { Catalog } from '../model.js';
import { addConstant, banner, createProject, finish, newSourceFile } from './shared.js';

export const SERVER_INFO_PATH = 'generated/server-info.ts';

export function emitServerInfo(catalog: Catalog): string {
  const { server } = catalog;
  const file = newSourceFile(createProject(), SERVER_INFO_PATH);
  addConstant(file, { name: 'SERVER_NAME', docs: 'serverInfo.name.', value: server.name });
  addConstant(file, { name: 'SERVER_TITLE', docs: 'serverInfo.title.', value: server.title });
  addConstant(file, {
    name: 'SERVER_VERSION',
    docs: 'serverInfo.version, and the version published to the registry.',
    value: server.version,
  });
  addConstant(file, {
    name: 'SERVER_FACTS',
    docs: 'Everything the discovery documents (shared/discovery-documents.ts) say about the server beside its origin.',
    value: {
      name: server.name,
      title: server.title,
      version: server.version,
      description: server.description,
      registryName: server.registryName,
      ...(server.icon === undefined ? {} : { icon: server.icon }),
    },
  });
  return finish(file, banner('catalog/server.yaml'));
}
