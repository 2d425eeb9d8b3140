/**
 * The operator CLI: accounts and player data on the service's store: the SQLite file under DATA_DIR (default
 * ./var), or PostgreSQL when DATABASE_URL is set (the same store every instance of the service uses).
 *
 *   npm run cli -- list-users
 *   npm run cli -- create-user <email> [--name <name>] [--password-stdin]
 *   npm run cli -- set-password <email> [--password-stdin]
 *   npm run cli -- import <email> <file.json | ->
 *   npm run cli -- export <email> [<file.json>]
 *   npm run cli -- delete-user <email>
 *
 * Without --password-stdin a password is generated and printed once. A new password ends the user's sign-ins
 * (sessions, grants, refresh tokens): apps have to sign in again. Imports are validated first (schema, then
 * every level read by the calculators); a bad file is rejected with the field at fault and nothing is written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { PlayerProfile } from '../account/model.js';
import { formatProblems, validatePlayerData } from '../account/validate.js';
import { storeLocation } from '../auth/startup.js';
import { loadStoreConfig } from '../config.js';
import { ServiceError } from '../errors.js';
import { isStoreUnavailable, StoredDataError } from '../store/errors.js';
import { generatePassword } from '../store/passwords.js';
import { StoreHealth } from '../store/health.js';
import { openStore, type Store } from '../store/store.js';

const USAGE = `usage: npm run cli -- <command>
  list-users
  create-user <email> [--name <name>] [--password-stdin]
  set-password <email> [--password-stdin]
  import <email> <file.json | ->      (sections present replace the saved ones: profile, goals, inventory)
  export <email> [<file.json>]
  delete-user <email>                 (the user, their data, sessions, links and every app's grant; no undo)
environment: DATA_DIR (default ./var), or DATABASE_URL=postgres://… for the PostgreSQL store`;

export class CliError extends ServiceError<'ERR_CLI'> {
  constructor(message: string) {
    super('ERR_CLI', message);
  }
}

export interface CliIo {
  stdout: (text: string) => void;
  readStdin: () => string;
  readFile: (path: string) => string;
  writeFile: (path: string, text: string) => void;
}

function takeFlag(args: string[], name: string): boolean {
  const i = args.indexOf(name);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
}

function takeOption(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined) throw new CliError(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

function password(args: string[], io: CliIo): { password: string; generated: boolean } {
  if (takeFlag(args, '--password-stdin')) return { password: io.readStdin().replace(/\r?\n$/, ''), generated: false };
  return { password: generatePassword(), generated: true };
}

function described(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readInput(io: CliIo, file: string): string {
  try {
    return file === '-' ? io.readStdin() : io.readFile(file);
  } catch (error) {
    throw new CliError(`cannot read ${file === '-' ? 'standard input' : file}: ${described(error)}`);
  }
}

function writeOutput(io: CliIo, file: string, text: string): void {
  try {
    io.writeFile(file, text);
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${described(error)}`);
  }
}

/** The saved profile that goals in a file without one are checked against. */
async function savedProfile(store: Store, id: string): Promise<PlayerProfile | undefined> {
  try {
    return (await store.players.readerFor(id).profile())?.value;
  } catch (error) {
    if (error instanceof StoredDataError)
      throw new CliError(
        `${error.message}; goals are checked against the profile, so import a file that includes a profile`,
      );
    throw error;
  }
}

async function userId(store: Store, email: string | undefined): Promise<string> {
  if (!email) throw new CliError('name the user by email');
  const user = await store.users.findByEmail(email);
  if (!user) throw new CliError(`no user with email ${email} (see list-users)`);
  return user.id;
}

export async function runCli(argv: readonly string[], store: Store, io: CliIo): Promise<void> {
  const args = [...argv];
  const command = args.shift();
  switch (command) {
    case 'list-users': {
      const users = await store.users.list();
      if (users.length === 0) io.stdout('no users\n');
      for (const u of users)
        io.stdout(`${u.email}\t${u.name}\t${u.id}\tcreated ${new Date(u.createdAt * 1000).toISOString()}\n`);
      return;
    }
    case 'create-user': {
      const name = takeOption(args, '--name') ?? '';
      const secret = password(args, io);
      const email = args[0];
      if (!email || args.length > 1) throw new CliError('create-user <email> [--name <name>] [--password-stdin]');
      const user = await store.users.create({ email, name, password: secret.password });
      io.stdout(
        `created ${user.email} (id ${user.id})${secret.generated ? `\npassword: ${secret.password}   (shown only now)` : ''}\n`,
      );
      return;
    }
    case 'set-password': {
      const secret = password(args, io);
      const email = args[0];
      if (!email || args.length > 1) throw new CliError('set-password <email> [--password-stdin]');
      await store.users.setPassword(email, secret.password);
      // Apps signed in with the old password lose their sessions and refresh tokens; browsers their site sessions.
      const id = await userId(store, email);
      const ended = (await store.endSignIns(id)) + (await store.siteSessions.deleteOfUser(id));
      io.stdout(
        `password of ${email} changed; ${ended} sign-in record(s) ended${secret.generated ? `\npassword: ${secret.password}   (shown only now)` : ''}\n`,
      );
      return;
    }
    case 'import': {
      const [email, file] = args;
      if (!email || !file || args.length > 2) throw new CliError('import <email> <file.json | ->');
      const id = await userId(store, email);
      const text = readInput(io, file);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new CliError(`${file} is not JSON: ${described(error)}`);
      }
      const sections =
        typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Record<'profile' | 'goals', unknown>>) : {};
      const stored =
        sections.goals !== undefined && sections.profile === undefined ? await savedProfile(store, id) : undefined;
      const checked = validatePlayerData(parsed, stored);
      if (!checked.ok)
        throw new CliError(
          `nothing imported; ${checked.problems.length} problem(s):\n${formatProblems(checked.problems)}`,
        );
      await store.players.replace(id, checked.data);
      const imported = (['profile', 'goals', 'inventory'] as const).filter((s) => checked.data[s] !== undefined);
      io.stdout(`imported ${imported.join(', ') || 'nothing (the file has no sections)'} for ${email}\n`);
      return;
    }
    case 'export': {
      const [email, file] = args;
      if (!email || args.length > 2) throw new CliError('export <email> [<file.json>]');
      const data = await store.players.export(await userId(store, email));
      const text = `${JSON.stringify(data, null, 2)}\n`;
      if (file) {
        writeOutput(io, file, text);
        io.stdout(`exported ${email} to ${file}\n`);
      } else io.stdout(text);
      return;
    }
    case undefined:
    case 'delete-user': {
      const [email] = args;
      if (!email || args.length > 1) throw new CliError('delete-user <email>');
      const deleted = await store.deleteAccount(await userId(store, email));
      io.stdout(`deleted ${deleted?.email ?? email} and everything of it (data, sessions, links, app grants)\n`);
      return;
    }
    case 'help':
    case '--help':
      io.stdout(`${USAGE}\n`);
      return;
    default:
      throw new CliError(`unknown command "${command}"\n${USAGE}`);
  }
}

/**
 * The line the operator reads for a failure the CLI expects, chosen by its kind; undefined for anything else, which
 * is rethrown with its stack.
 */
export function operatorError(error: unknown): string | undefined {
  if (error instanceof ServiceError) {
    switch (error.code) {
      case 'ERR_CLI':
      case 'ERR_USER_REJECTED':
      case 'ERR_CONFIG_INVALID':
        return error.message;
      case 'ERR_STORED_DATA_INVALID':
        return `${error.message}; import a file with that section to replace it`;
      default:
        break;
    }
  }
  if (isStoreUnavailable(error))
    return `${error instanceof Error ? error.message : String(error)}; the command did not complete (an import is all or nothing), run it again once the database is reachable`;
  return undefined;
}

const isMain = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  let store: Store | undefined;
  const io: CliIo = {
    stdout: (text) => process.stdout.write(text),
    readStdin: () => readFileSync(0, 'utf8'),
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFile: (path, text) => writeFileSync(path, text),
  };
  try {
    store = await openStore(storeLocation(loadStoreConfig(process.env)).location, {
      health: new StoreHealth({ log: () => undefined }),
    });
    await runCli(process.argv.slice(2), store, io);
  } catch (error) {
    const line = operatorError(error);
    if (line === undefined) throw error;
    process.stderr.write(`error: ${line}\n`);
    process.exitCode = 1;
  } finally {
    await store?.close();
  }
}
