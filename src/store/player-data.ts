/**
 * The player's saved data: profile and inventory as validated JSON documents, goals as ordered rows. Imports replace
 * whole sections inside one transaction, so a rejected file changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Goal, Inventory, PlayerDataFile, PlayerProfile, StoredGoal } from '../account/model.js';
import { schemaProblems, type SchemaName } from '../account/schema.js';
import { StoredDataError } from './errors.js';
import type { Db } from './database.js';

export interface Dated<T> {
  value: T;
  /** Unix seconds of the last import. */
  updatedAt: number;
}

/** Read access to one player's data; what a tool handler receives, bound to the signed-in user. */
export interface PlayerDataReader {
  profile(): Promise<Dated<PlayerProfile> | undefined>;
  inventory(): Promise<Dated<Inventory> | undefined>;
  /** Every goal, active or not, in the player's order. */
  goals(): Promise<StoredGoal[]>;
}

export interface PlayerDataStore {
  readerFor(userId: string): PlayerDataReader;
  /** Replaces the sections present in `data` (already validated); everything or nothing. */
  replace(userId: string, data: PlayerDataFile): Promise<void>;
  /** All three sections, in the import format. */
  export(userId: string): Promise<PlayerDataFile>;
}

function parsed(what: string, json: string): unknown {
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new StoredDataError(what, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

function checked<T>(schema: SchemaName, what: string, value: unknown): T {
  const problems = schemaProblems(schema, value);
  if (problems.length > 0)
    throw new StoredDataError(what, problems.map((p) => `${p.pointer}: ${p.message}`).join('; '));
  return value as T;
}

export function createPlayerDataStore(db: Db, nowSeconds: () => number): PlayerDataStore {
  async function document<T>(
    userId: string,
    kind: 'profile' | 'inventory',
    schema: SchemaName,
  ): Promise<Dated<T> | undefined> {
    const row = await db
      .selectFrom('player_documents')
      .select(['document', 'updated_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row && { value: checked<T>(schema, kind, parsed(kind, row.document)), updatedAt: Number(row.updated_at) };
  }

  function readerFor(userId: string): PlayerDataReader {
    return {
      profile: () => document<PlayerProfile>(userId, 'profile', 'kingshot:player-profile'),
      inventory: () => document<Inventory>(userId, 'inventory', 'kingshot:inventory'),
      async goals() {
        const rows = await db
          .selectFrom('player_goals')
          .select(['id', 'goal', 'active'])
          .where('user_id', '=', userId)
          .orderBy('position')
          .execute();
        const goals = checked<Goal[]>(
          'kingshot:goals',
          'goals',
          rows.map((r) => ({ ...(parsed('goals', r.goal) as object), active: r.active === 1 })),
        );
        return rows.map((r, i) => ({ id: Number(r.id), goal: goals[i]! }));
      },
    };
  }

  return {
    readerFor,
    async replace(userId, data) {
      const now = nowSeconds();
      await db.transaction().execute(async (trx) => {
        for (const kind of ['profile', 'inventory'] as const) {
          const value = data[kind];
          if (value === undefined) continue;
          const document = JSON.stringify(value);
          await trx
            .insertInto('player_documents')
            .values({ user_id: userId, kind, document, updated_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ document, updated_at: now }))
            .execute();
        }
        if (data.goals !== undefined) {
          // A page showing the goals from before this import must not save over it (player-edits.ts).
          const version = randomUUID();
          await trx
            .insertInto('player_documents')
            .values({ user_id: userId, kind: 'goals_version', document: version, updated_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ document: version, updated_at: now }))
            .execute();
          await trx.deleteFrom('player_goals').where('user_id', '=', userId).execute();
          for (const [position, goal] of data.goals.entries()) {
            const { active, ...rest } = goal;
            await trx
              .insertInto('player_goals')
              .values({
                user_id: userId,
                position,
                active: active ? 1 : 0,
                goal: JSON.stringify(rest),
                created_at: now,
              })
              .execute();
          }
        }
      });
    },
    async export(userId) {
      const reader = readerFor(userId);
      const [profile, inventory, goals] = await Promise.all([reader.profile(), reader.inventory(), reader.goals()]);
      return {
        ...(profile ? { profile: profile.value } : {}),
        goals: goals.map((g) => g.goal),
        ...(inventory ? { inventory: inventory.value } : {}),
      };
    },
  };
}
