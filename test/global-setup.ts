/**
 * Once per `npm test`: is a PostgreSQL server there for the tests that run on both stores, and are the programs
 * other tests start for themselves installed (HAProxy, redis-server, PostgreSQL's binaries)? Without one, the tests
 * that need it skip, announced by one line here; with CI set (as .ci/run and the CI runner set it) a missing one
 * fails the run.
 */
import type { TestProject } from 'vitest/node';
import { missingServicesLine, probeLocalServices, type LocalServices } from './support/local-services.js';
import { probePostgres, type PostgresForTests } from './support/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresForTests;
    services: LocalServices;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const postgres = await probePostgres();
  if (!postgres.available) {
    const line = `PostgreSQL tests skipped: ${postgres.reason}. Start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL=postgres://user@host:port/db; with CI=1 this is a failure.`;
    if (process.env.CI)
      throw new Error(
        `CI is set, so the PostgreSQL tests must run: ${postgres.reason} (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)`,
      );
    process.stderr.write(`${line}\n`);
  }
  project.provide('postgres', postgres);

  const services = probeLocalServices();
  const missing = missingServicesLine(services);
  if (missing) {
    if (process.env.CI) throw new Error(`CI is set, so these tests must run. ${missing}`);
    process.stderr.write(`${missing}\n`);
  }
  project.provide('services', services);
}
