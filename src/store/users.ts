/** Accounts: email + scrypt password hash. Handlers and the authorization server see this interface, never SQL. */
import { randomUUID } from 'node:crypto';
import { emailProblem, normaliseEmail, passwordProblem } from '../credentials.js';
import { ServiceError } from '../errors.js';
import type { Db } from './database.js';
import { DEFAULT_SCRYPT, decoyHash, hashPassword, verifyPassword, type ScryptParameters } from './passwords.js';

// The form of an email the store keeps and looks up; the authorization server compares sign-ins in it too.
export { normaliseEmail };

export interface User {
  id: string;
  email: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

export class UserError extends ServiceError<'ERR_USER_REJECTED'> {
  constructor(message: string) {
    super('ERR_USER_REJECTED', message);
  }
}

export interface UserStore {
  findById(id: string): Promise<User | undefined>;
  findByEmail(email: string): Promise<User | undefined>;
  list(): Promise<User[]>;
  count(): Promise<number>;
  create(input: { email: string; name: string; password: string }): Promise<User>;
  setPassword(email: string, password: string): Promise<void>;
  /** A hash of `password` at this store's cost, for a password stored later (a pending sign-up, a reset). */
  hashPassword(password: string): Promise<string>;
  /** The user whose email and password match, or undefined (same work either way, so timing says nothing). */
  authenticate(email: string, password: string): Promise<User | undefined>;
}

type Row = { id: string; email: string; name: string; created_at: number; updated_at: number };
function toUser(row: Row): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function createUserStore(
  db: Db,
  nowSeconds: () => number,
  hashing: ScryptParameters = DEFAULT_SCRYPT,
): UserStore {
  const columns = ['id', 'email', 'name', 'created_at', 'updated_at'] as const;
  // Verified against when the email is unknown, so a miss costs as much as a wrong password, the first one too.
  const decoy = decoyHash(hashing);

  return {
    async findById(id) {
      const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },
    async findByEmail(email) {
      const row = await db
        .selectFrom('users')
        .select(columns)
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row && toUser(row);
    },
    async list() {
      return (await db.selectFrom('users').select(columns).orderBy('created_at').orderBy('email').execute()).map(
        toUser,
      );
    },
    async count() {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async create({ email, name, password }) {
      const normalised = normaliseEmail(email);
      const problem = emailProblem(email) ?? passwordProblem(password);
      if (problem) throw new UserError(problem);
      if (await this.findByEmail(normalised)) throw new UserError(`a user with email ${normalised} already exists`);
      const now = nowSeconds();
      const row = {
        id: randomUUID(),
        email: normalised,
        name: name.trim() || normalised.split('@')[0]!,
        password_hash: await hashPassword(password, hashing),
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('users').values(row).execute();
      return toUser(row);
    },
    async setPassword(email, password) {
      const problem = passwordProblem(password);
      if (problem) throw new UserError(problem);
      const result = await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password, hashing), updated_at: nowSeconds() })
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new UserError(`no user with email ${normaliseEmail(email)}`);
    },
    hashPassword(password) {
      return hashPassword(password, hashing);
    },
    async authenticate(email, password) {
      const row = await db
        .selectFrom('users')
        .select([...columns, 'password_hash'])
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      if (!row) {
        await verifyPassword(password, decoy);
        return undefined;
      }
      return (await verifyPassword(password, row.password_hash)) ? toUser(row) : undefined;
    },
  };
}
