/**
 * The player-data schema lives in the catalogue (catalog/player-data.schema.yaml): codegen checks it compiles as
 * the service compiles it and that every goal kind is a cost system, and generates its types and goal kinds.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGameData } from '../../codegen/data.js';
import { loadPlayerData } from '../../codegen/player-data.js';
import { formatProblem } from '../../codegen/problems.js';
import { GOAL_SYSTEMS } from '../../generated/player-data.js';
import { fixtureRoot } from './fixture-root.js';

const REPO = resolve(import.meta.dirname, '../..');
const SCHEMA = readFileSync(resolve(REPO, 'catalog/player-data.schema.yaml'), 'utf8');

function problemsOf(schema: string): string[] {
  const root = fixtureRoot({ 'catalog/player-data.schema.yaml': schema }, { withRealData: true });
  return loadPlayerData(root, loadGameData(root).data!.costs).problems.map(formatProblem);
}

describe('player-data schema', () => {
  it('is valid, and its goal kinds are the six cost systems', () => {
    expect(problemsOf(SCHEMA)).toEqual([]);
    expect(GOAL_SYSTEMS).toEqual(['governor_gear', 'governor_charm', 'truegold', 'hero_shards', 'hero_widgets', 'mastery_forging']);
  });

  it('reports a goal kind that is no cost system, with its line', () => {
    const line = SCHEMA.split('\n').findIndex((l) => l.includes('system: {const: hero_widgets}')) + 1;
    expect(problemsOf(SCHEMA.replace('system: {const: hero_widgets}', 'system: {const: hero_wigets}'))).toEqual([
      `catalog/player-data.schema.yaml:${line}:20 /definitions/goal/oneOf/4/properties/system/const: goal system "hero_wigets" is not a cost system of data/costs/ (governor_charm, governor_gear, hero_shards, hero_widgets, mastery_forging, truegold)`,
    ]);
  });

  it('reports a schema that does not compile under the service\'s strict options', () => {
    expect(problemsOf(SCHEMA.replace('maxItems: 50,', 'maxItem: 50,'))).toEqual([
      'catalog/player-data.schema.yaml:4:1 (document): schema does not compile: strict mode: unknown keyword: "maxItem"',
    ]);
  });
});
