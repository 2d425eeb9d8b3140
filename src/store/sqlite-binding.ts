/**
 * better-sqlite3 for the running Node: 12.x on Node 20, 13.x (package alias `better-sqlite3-napi`) on Node 22 and
 * later. One version cannot serve both. On Node 24, 12.x aborts the process when a garbage-collected statement is
 * destroyed (`Assertion failed: (env) != nullptr` in node::RemoveEnvironmentCleanupHook: Node 24 changed
 * node::ObjectWrap, which 12.x builds on; WiseLibs/better-sqlite3#1515); 13.x moved to Node-API and ships prebuilt
 * binaries, but needs Node 22 (on 20 it crashes). Both have the same API, and Kysely takes either.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const NODE_API_FROM_MAJOR = 22;
const nodeMajor = Number(process.versions.node.split('.')[0]);
const require = createRequire(import.meta.url);

/** Which package is loaded, for logs and tests. */
export const SQLITE_BINDING = nodeMajor >= NODE_API_FROM_MAJOR ? 'better-sqlite3-napi' : 'better-sqlite3';

export const Sqlite: typeof BetterSqlite3 = require(SQLITE_BINDING);
