/**
 * Catalogue and data in, every generated file out, in four stages (main.ts writes or compares the result):
 *
 * 1. load/   read catalog/ and data/ (YAML with positions, the JSON Schemas, the icons, README.md) and validate
 *            each file against its schema;
 * 2. check/  the rules beyond a file's schema, within and across files;
 * 3. build/  the browser bundles (the MCP Apps views, the site script);
 * 4. emit/   pure functions from the checked model and the bundles to text (emit/index.ts lists them).
 *
 * Every problem of the first three stages is collected, with its file and line, and thrown once as
 * CatalogInvalidError before anything is emitted; the emit stage has no way to fail on the catalogue.
 */
import { buildBundles } from './build/index.js';
import { checkCatalogue } from './check/catalogue.js';
import { attachCostSystems } from './check/cost-systems.js';
import { checkCostTables } from './check/cost-tables.js';
import { checkIcons } from './check/icons.js';
import { checkInstructionLines } from './check/instructions.js';
import { checkPlayerData, GOALS_RESULT } from './check/player-data.js';
import { checkReadmeMarkers } from './check/readme.js';
import { checkReferenceData } from './check/reference.js';
import { checkServer } from './check/server.js';
import { emitAll } from './emit/index.js';
import { emitServerInfo, SERVER_INFO_PATH } from './emit/server-info.js';
import { websiteModules } from './emit/website.js';
import { readCatalogue } from './load/catalogue.js';
import { readGameData } from './load/data.js';
import { readIcons, readReadme, readSchemaFiles } from './load/files.js';
import { readPlayerData } from './load/player-data.js';
import { readViewFolders } from './load/views.js';
import { loadYaml, SourceIndex } from './load/yaml.js';
import type { Catalog, CostTable, EmittedFiles, GameData, JsonSchema, Model } from './model.js';
import { CatalogInvalidError, type Problem } from './problems.js';

/** The catalogue loaded and checked on its own (no data): the catalogue, or its problems. */
export function loadCatalog(root: string): { catalog?: Catalog; problems: Problem[] } {
  const sources = new SourceIndex();
  const { catalog, problems } = readCatalogue(root, readSchemaFiles(root), sources);
  problems.push(...checkCatalogue(catalog, sources, readViewFolders(root)));
  return problems.length > 0 ? { problems } : { catalog, problems };
}

/** The game data loaded and checked on its own: the data, or its problems. */
export function loadGameData(root: string): { data?: GameData; problems: Problem[] } {
  const sources = new SourceIndex();
  const { data, problems } = readGameData(root, readSchemaFiles(root), sources);
  problems.push(...checkData(data, sources));
  return problems.length > 0 ? { problems } : { data, problems };
}

/** The player-data schema loaded and checked against the cost tables: the schema, or its problems. */
export function loadPlayerData(
  root: string,
  costs: readonly CostTable[],
): { schema?: JsonSchema; problems: Problem[] } {
  const sources = new SourceIndex();
  const goals = loadYaml(root, GOALS_RESULT.file);
  if (goals.ok) sources.add(goals.document);
  const { schema, problems } = readPlayerData(root, sources);
  if (schema) problems.push(...checkPlayerData(schema, costs, sources));
  return problems.length > 0 ? { problems } : { ...(schema ? { schema } : {}), problems };
}

function checkData(data: GameData, sources: SourceIndex): Problem[] {
  return [
    ...checkCostTables(data.costs, sources),
    ...(data.reference ? checkReferenceData(data.reference, sources, data.costs) : []),
  ];
}

/** Stages 1 and 2: the checked model, or every problem found. */
export function loadAndCheck(root: string): { model?: Model; problems: Problem[] } {
  const sources = new SourceIndex();
  const schemas = readSchemaFiles(root);
  const catalogue = readCatalogue(root, schemas, sources);
  const game = readGameData(root, schemas, sources);
  const player = readPlayerData(root, sources);
  const icons = readIcons(root);
  const readme = readReadme(root);
  const { catalog, data } = { catalog: catalogue.catalog, data: game.data };

  // The checks that span the catalogue and the data run on a catalogue and data that passed their own checks:
  // anything else would report the consequences of a problem already listed.
  const catalogProblems = [...catalogue.problems, ...checkCatalogue(catalog, sources, readViewFolders(root))];
  const dataProblems = [...game.problems, ...player.problems, ...checkData(data, sources)];
  const problems = [...catalogProblems, ...dataProblems];
  if (catalogProblems.length === 0) problems.push(...checkIcons(icons, catalog));
  if (catalogProblems.length === 0) problems.push(...checkServer(catalog, icons, schemas.published, sources));
  if (catalogProblems.length === 0 && dataProblems.length === 0) {
    problems.push(...attachCostSystems(catalog, data.costs, sources));
    problems.push(...checkInstructionLines(catalog, sources));
    if (player.schema) problems.push(...checkPlayerData(player.schema, data.costs, sources));
  }
  if (problems.length === 0) problems.push(...checkReadmeMarkers(readme));
  if (problems.length > 0) return { problems };
  const model: Model = {
    catalog,
    data,
    schemas,
    icons,
    ...(player.schema ? { playerData: player.schema } : {}),
    ...(readme !== undefined ? { readme } : {}),
  };
  return { model, problems };
}

export async function generate(root: string): Promise<EmittedFiles> {
  const { model, problems } = loadAndCheck(root);
  if (!model) throw new CatalogInvalidError(problems);
  // Stage 3. The site script imports two generated modules and the views one (their appInfo): each bundle is built
  // from this run's text of them, not from the disk.
  const { built, problems: buildProblems } = await buildBundles(
    root,
    model.catalog,
    await websiteModules(model.catalog),
    new Map([[SERVER_INFO_PATH, emitServerInfo(model.catalog)]]),
  );
  if (!built) throw new CatalogInvalidError(buildProblems);
  return emitAll({ ...model, built });
}
