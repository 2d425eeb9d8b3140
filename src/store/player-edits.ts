/**
 * The player's edits from the website, each refused when the page it came from is out of date (another tab or
 * device saved first), never silently overwriting what was saved in between. Every section has a version the page
 * carries in a hidden field: for the profile and the inventory the digest of the stored document, for the goals a
 * random token stored beside them (player_documents kind `goals_version`) and renewed by every change to them. A
 * write is a compare-and-swap the database decides (a conditional UPDATE, or an INSERT that finds no row), so two
 * saves from the same version cannot both succeed, on SQLite or on PostgreSQL, on one instance or several.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Goal, Inventory, PlayerProfile } from '../account/model.js';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** The version of a section nothing was saved in yet. */
export const NEVER_SAVED = 'none';
const GOALS_VERSION = 'goals_version';

export type SaveOutcome = 'saved' | 'stale';

/** What a goal edit does, on rows identified by the ids the page showed. */
export type GoalChange =
  | { kind: 'add'; goal: Goal }
  | { kind: 'update'; id: number; goal: Goal }
  | { kind: 'delete'; id: number }
  | { kind: 'move'; id: number; by: -1 | 1 };

export interface PlayerEdits {
  /** The version of the profile or inventory as stored now (NEVER_SAVED when there is none). */
  documentVersion(userId: string, kind: 'profile' | 'inventory'): Promise<string>;
  /** Saves the (validated) document if its stored version is still `expected`. */
  saveDocument(
    userId: string,
    kind: 'profile' | 'inventory',
    value: PlayerProfile | Inventory,
    expected: string,
  ): Promise<SaveOutcome>;
  goalsVersion(userId: string): Promise<string>;
  /** Applies one change to the (validated) goals if their version is still `expected`; a missing id is stale too. */
  changeGoals(userId: string, expected: string, change: GoalChange): Promise<SaveOutcome>;
}

/** Digest of a stored document's text: short, and equal exactly when the text is. */
export function versionOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

class Stale extends Error {}

/** Writes `goal` as the store keeps it: `active` in its own column, the rest as JSON. */
function goalColumns(goal: Goal): { active: number; goal: string } {
  const { active, ...rest } = goal;
  return { active: active ? 1 : 0, goal: JSON.stringify(rest) };
}

export function createPlayerEdits(db: Db, nowSeconds: () => number): PlayerEdits {
  async function storedText(userId: string, kind: string, from: Db | Transaction<Database> = db) {
    const row = await from
      .selectFrom('player_documents')
      .select('document')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row?.document;
  }

  /** Replaces the row of `kind` if its text is `expectedText` (undefined: if there is none); true when it did. */
  async function swap(
    trx: Db | Transaction<Database>,
    userId: string,
    kind: string,
    expectedText: string | undefined,
    text: string,
  ): Promise<boolean> {
    const now = nowSeconds();
    if (expectedText === undefined) {
      const inserted = await trx
        .insertInto('player_documents')
        .values({ user_id: userId, kind, document: text, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    }
    const updated = await trx
      .updateTable('player_documents')
      .set({ document: text, updated_at: now })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('document', '=', expectedText)
      .executeTakeFirst();
    return updated.numUpdatedRows === 1n;
  }

  return {
    async documentVersion(userId, kind) {
      const text = await storedText(userId, kind);
      return text === undefined ? NEVER_SAVED : versionOf(text);
    },

    async saveDocument(userId, kind, value, expected) {
      const text = await storedText(userId, kind);
      if ((text === undefined ? NEVER_SAVED : versionOf(text)) !== expected) return 'stale';
      return (await swap(db, userId, kind, text, JSON.stringify(value))) ? 'saved' : 'stale';
    },

    async goalsVersion(userId) {
      return (await storedText(userId, GOALS_VERSION)) ?? NEVER_SAVED;
    },

    async changeGoals(userId, expected, change) {
      try {
        await db.transaction().execute(async (trx) => {
          // First the swap: on PostgreSQL its row lock holds a concurrent change back until this one commits, and
          // that one then finds the version changed.
          const swapped = await swap(
            trx,
            userId,
            GOALS_VERSION,
            expected === NEVER_SAVED ? undefined : expected,
            randomUUID(),
          );
          if (!swapped) throw new Stale();
          const rows = await trx
            .selectFrom('player_goals')
            .select(['id', 'position'])
            .where('user_id', '=', userId)
            .orderBy('position')
            .execute();
          const ids = rows.map((row) => Number(row.id));
          if (change.kind !== 'add' && !ids.includes(change.id)) throw new Stale();
          switch (change.kind) {
            case 'add': {
              const position = rows.length === 0 ? 0 : Number(rows.at(-1)!.position) + 1;
              await trx
                .insertInto('player_goals')
                .values({ user_id: userId, position, ...goalColumns(change.goal), created_at: nowSeconds() })
                .execute();
              return;
            }
            case 'update':
              await trx
                .updateTable('player_goals')
                .set(goalColumns(change.goal))
                .where('user_id', '=', userId)
                .where('id', '=', change.id)
                .execute();
              return;
            case 'delete':
              await trx.deleteFrom('player_goals').where('user_id', '=', userId).where('id', '=', change.id).execute();
              return;
            case 'move': {
              const at = ids.indexOf(change.id);
              const other = at + change.by;
              if (other < 0 || other >= rows.length) return;
              const [a, b] = [rows[at]!, rows[other]!];
              // Positions are not unique in the schema, so the swap needs no placeholder value.
              await trx.updateTable('player_goals').set({ position: b.position }).where('id', '=', a.id).execute();
              await trx.updateTable('player_goals').set({ position: a.position }).where('id', '=', b.id).execute();
              return;
            }
          }
        });
        return 'saved';
      } catch (error) {
        if (error instanceof Stale) return 'stale';
        throw error;
      }
    },
  };
}
