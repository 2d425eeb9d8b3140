/**
 * generated/player-data.ts: the player-data schema as served to Ajv by src/account/schema.ts, its named types
 * (json-schema-to-typescript, one per titled definition), and the goal kinds it declares.
 */
import { compile } from 'json-schema-to-typescript';
import type { JsonSchema } from '../model.js';
import { goalSystems, PLAYER_DATA_FILE } from '../load/player-data.js';
import {
  addCompiledDeclarations,
  addConstant,
  banner,
  createProject,
  finish,
  newSourceFile,
  type EmittedFiles,
} from './shared.js';

export async function emitPlayerData(schema: JsonSchema): Promise<EmittedFiles> {
  const file = newSourceFile(createProject(), 'generated/player-data.ts');
  addCompiledDeclarations(
    file,
    await compile(schema, 'PlayerDataFile', {
      bannerComment: '',
      additionalProperties: false,
      unknownAny: true,
      format: false,
    }),
  );
  addConstant(file, {
    name: 'GOAL_SYSTEMS',
    type: "readonly Goal['system'][]",
    docs: 'The cost systems a Progression Goal may target, in the order of the schema.',
    value: goalSystems(schema),
  });
  addConstant(file, {
    name: 'PLAYER_DATA_SCHEMA',
    type: 'Readonly<Record<string, unknown>>',
    docs: `The JSON Schema of a player's data file (${PLAYER_DATA_FILE}); its definitions are the profile, goals and inventory.`,
    value: schema,
  });
  return new Map([['generated/player-data.ts', finish(file, banner(PLAYER_DATA_FILE))]]);
}
