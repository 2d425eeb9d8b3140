/**
 * JSON Schemas of the player's data (model.ts), compiled once. The CLI import, the demo seed and every read from
 * the store use these same validators.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { describeAjvError } from '../../shared/schema-errors.js';
import { BUILDINGS, GEAR_PIECES, HERO_GEAR_SLOTS, OTHER_BUILDINGS, TROOP_TYPES } from './model.js';

const count = { type: 'integer', minimum: 0, maximum: 1e12 } as const;
const heroKey = { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 40, description: 'Hero key, e.g. `amadeus` or `long-fei`.' } as const;
const levelText = { type: 'string', minLength: 1, maxLength: 64 } as const;
const levelTextOrNumber = { type: ['string', 'integer'], minLength: 1, maxLength: 64 } as const;
const percent = { type: 'number', minimum: 0, maximum: 100000 } as const;

function objectOf(keys: readonly string[], value: object, required = true): object {
  return {
    type: 'object',
    additionalProperties: false,
    ...(required ? { required: [...keys] } : {}),
    properties: Object.fromEntries(keys.map((k) => [k, value])),
  };
}

const combatStats = objectOf(['attack', 'defense', 'lethality', 'health'], percent);

export const profileSchema = {
  $id: 'kingshot:player-profile',
  type: 'object',
  additionalProperties: false,
  required: ['player_id', 'name', 'kingdom', 'town_center_level', 'power', 'troops', 'combat_stats', 'heroes', 'governor_gear', 'buildings'],
  properties: {
    player_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    kingdom: { type: 'integer', minimum: 1, maximum: 99999 },
    town_center_level: { type: 'integer', minimum: 1, maximum: 80 },
    power: count,
    troops: {
      type: 'array',
      maxItems: 60,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'tier', 'count'],
        properties: { type: { enum: [...TROOP_TYPES] }, tier: { type: 'integer', minimum: 1, maximum: 11 }, count },
      },
    },
    combat_stats: objectOf(TROOP_TYPES, combatStats),
    heroes: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'stars', 'sub_tier', 'level', 'exclusive_gear_level', 'gear'],
        properties: {
          key: heroKey,
          stars: { type: 'integer', minimum: 0, maximum: 5 },
          sub_tier: { type: 'integer', minimum: 0, maximum: 6 },
          level: { type: 'integer', minimum: 1, maximum: 200 },
          exclusive_gear_level: { type: 'integer', minimum: 0, maximum: 10 },
          gear: objectOf(
            HERO_GEAR_SLOTS,
            {
              type: 'object',
              additionalProperties: false,
              required: ['mastery', 'enhancement'],
              properties: { mastery: { type: 'integer', minimum: 0, maximum: 20 }, enhancement: { type: 'integer', minimum: 0, maximum: 200 } },
            },
            false,
          ),
        },
      },
    },
    governor_gear: objectOf(
      GEAR_PIECES,
      {
        type: 'object',
        additionalProperties: false,
        required: ['level', 'charms'],
        properties: {
          level: levelText,
          charms: { type: 'array', minItems: 3, maxItems: 3, items: { type: 'integer', minimum: 0, maximum: 22 } },
        },
      },
      false,
    ),
    buildings: objectOf(OTHER_BUILDINGS, levelTextOrNumber, false),
  },
} as const;

const goalCommon = { active: { type: 'boolean' }, note: { type: 'string', maxLength: 200 } } as const;
function goalVariant(system: string, required: string[], properties: Record<string, object>): object {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['system', ...required, 'active'],
    properties: { system: { const: system }, ...properties, ...goalCommon },
  };
}

export const goalSchema = {
  $id: 'kingshot:goal',
  type: 'object',
  required: ['system'],
  discriminator: { propertyName: 'system' },
  oneOf: [
    goalVariant('governor_gear', ['piece', 'target'], { piece: { enum: [...GEAR_PIECES] }, target: levelText }),
    goalVariant('governor_charm', ['piece', 'slot', 'target'], { piece: { enum: [...GEAR_PIECES] }, slot: { enum: [1, 2, 3] }, target: { type: 'integer', minimum: 0, maximum: 22 } }),
    goalVariant('truegold', ['building', 'target'], { building: { enum: [...BUILDINGS] }, target: levelTextOrNumber }),
    goalVariant('hero_shards', ['hero', 'target'], { hero: heroKey, target: levelText }),
    goalVariant('hero_widgets', ['hero', 'target'], { hero: heroKey, target: { type: 'integer', minimum: 0, maximum: 10 } }),
    goalVariant('mastery_forging', ['hero', 'slot', 'track', 'target'], { hero: heroKey, slot: { enum: [...HERO_GEAR_SLOTS] }, track: { enum: ['mastery', 'red_gear'] }, target: levelTextOrNumber }),
  ],
} as const;

export const goalsSchema = { $id: 'kingshot:goals', type: 'array', maxItems: 50, items: { $ref: 'kingshot:goal' } } as const;

const perHero = { type: 'object', maxProperties: 100, propertyNames: heroKey, additionalProperties: count } as const;
export const inventorySchema = {
  $id: 'kingshot:inventory',
  type: 'object',
  additionalProperties: false,
  required: ['governor_gear', 'charms', 'truegold', 'hero_shards', 'widgets', 'forging'],
  properties: {
    governor_gear: objectOf(['satin', 'gilded_threads', 'artisans_vision'], count),
    charms: objectOf(['charm_guides', 'charm_designs'], count),
    truegold: objectOf(['truegold', 'tempered_truegold'], count),
    hero_shards: perHero,
    widgets: perHero,
    forging: objectOf(['forgehammers', 'mythic_gear_pieces', 'mithril', 'enhancement_xp'], count),
  },
} as const;

export const playerDataFileSchema = {
  $id: 'kingshot:player-data-file',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    profile: { $ref: 'kingshot:player-profile' },
    goals: { $ref: 'kingshot:goals' },
    inventory: { $ref: 'kingshot:inventory' },
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, discriminator: true });
for (const schema of [profileSchema, goalSchema, goalsSchema, inventorySchema, playerDataFileSchema]) ajv.addSchema(schema);

export interface SchemaProblem {
  /** JSON pointer of the field at fault, from the document root (e.g. `/goals/2/target`). */
  pointer: string;
  message: string;
}

function describe(error: ErrorObject): string {
  // Ajv's own words for an unknown goal system name no systems; the goal schema's discriminator is "system".
  if (error.keyword === 'discriminator' && error.params.error === 'mapping') return '"system" must be one of governor_gear, governor_charm, truegold, hero_shards, hero_widgets, mastery_forging';
  return describeAjvError(error);
}

export type SchemaName = 'kingshot:player-profile' | 'kingshot:goals' | 'kingshot:inventory' | 'kingshot:player-data-file';

/** Problems of `value` against one of the schemas, each with the pointer of the field at fault (prefixed with `base`). */
export function schemaProblems(name: SchemaName, value: unknown, base = ''): SchemaProblem[] {
  const validate = ajv.getSchema(name)!;
  if (validate(value)) return [];
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    const pointer = `${base}${error.instancePath}` || '/';
    const message = describe(error);
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ pointer, message });
  }
  return problems;
}
