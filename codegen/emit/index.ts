/**
 * The emit stage: every emitter, in one list. An emitter is a pure function from the checked model and the
 * bundles (EmitInput) to files: it reads nothing from the disk and reports no problem (the load, check and build
 * stages have found them all). To add one, write `emit/<name>.ts` returning `EmittedFiles` and add a line here.
 */
import type { EmitInput } from '../model.js';
import { emitCostSystems } from './cost-systems.js';
import { emitData } from './data.js';
import { emitDocs } from './docs.js';
import { emitGeneratedReadme } from './generated-readme.js';
import { emitIcons } from './icons.js';
import { emitMetadataTypes } from './metadata-types.js';
import { emitPlayerData } from './player-data.js';
import { emitProtocol } from './protocol.js';
import { emitReadme } from './readme.js';
import { emitSharedTypes } from './shared-types.js';
import type { EmittedFiles } from './shared.js';
import { emitTools } from './tools.js';
import { emitValidators } from './validators.js';
import { emitViews } from './views.js';
import { emitDiscoveryDocuments } from './discovery-documents.js';
import { emitServerInfo, SERVER_INFO_PATH } from './server-info.js';
import { emitWebsite } from './website.js';

export interface Emitter {
  /** What it writes, for the error when two emitters claim one path. */
  name: string;
  emit(input: EmitInput): EmittedFiles | Promise<EmittedFiles>;
}

export const EMITTERS: readonly Emitter[] = [
  { name: 'generated/README.md', emit: emitGeneratedReadme },
  { name: 'metadata types', emit: (input) => emitMetadataTypes(input.schemas, input.catalog.toolError) },
  { name: 'shared types', emit: (input) => emitSharedTypes(input.catalog.shared) },
  { name: 'tools', emit: (input) => emitTools(input.catalog) },
  { name: 'protocol', emit: (input) => emitProtocol(input.catalog) },
  { name: 'validators', emit: (input) => emitValidators(input.catalog) },
  { name: 'developer docs', emit: (input) => emitDocs(input.catalog) },
  { name: 'icons', emit: emitIcons },
  { name: 'data', emit: (input) => emitData(input.data, input.schemas) },
  { name: 'cost systems', emit: (input) => emitCostSystems(input.catalog, input.data) },
  { name: 'player data', emit: (input) => (input.playerData ? emitPlayerData(input.playerData) : new Map()) },
  { name: 'server info', emit: (input) => new Map([[SERVER_INFO_PATH, emitServerInfo(input.catalog)]]) },
  { name: 'discovery documents', emit: (input) => emitDiscoveryDocuments(input.catalog) },
  { name: 'views', emit: (input) => emitViews(input.catalog, input.built.views) },
  { name: 'website', emit: (input) => emitWebsite(input.catalog, input.built.site) },
  // The one file outside generated/ that codegen writes: only the lines between the README's markers change.
  { name: 'README tool tables', emit: emitReadme },
];

/** Every emitter's files; a path two emitters write is a bug in codegen, not in the catalogue. */
export async function emitAll(input: EmitInput, emitters: readonly Emitter[] = EMITTERS): Promise<EmittedFiles> {
  const files: EmittedFiles = new Map();
  const owner = new Map<string, string>();
  for (const emitter of emitters) {
    for (const [path, text] of await emitter.emit(input)) {
      const other = owner.get(path);
      if (other) throw new Error(`codegen: emitters "${other}" and "${emitter.name}" both write ${path}`);
      owner.set(path, emitter.name);
      files.set(path, text);
    }
  }
  return files;
}
