/**
 * The programs some tests start for themselves, found once per `npm test` (test/global-setup.ts): HAProxy for the
 * topology tests, redis-server for the Redis rate-limit tests (each a throw-away server on a free port), and
 * PostgreSQL's binaries for the tests that stop and start a database of their own.
 */
import { spawnSync } from 'node:child_process';
import { postgresBinDir } from './own-postgres.js';

export interface LocalServices {
  haproxy: boolean;
  redisServer: boolean;
  postgresBinaries: boolean;
}

function runs(binary: string, flag: string): boolean {
  return spawnSync(binary, [flag], { encoding: 'utf8' }).status === 0;
}

export function probeLocalServices(): LocalServices {
  return {
    haproxy: runs(process.env.HAPROXY ?? 'haproxy', '-v'),
    redisServer: runs(process.env.REDIS_SERVER ?? 'redis-server', '--version'),
    postgresBinaries: postgresBinDir() !== undefined,
  };
}

/** One line naming what is missing, which tests skip for it, and how to install it; undefined when nothing is. */
export function missingServicesLine(services: LocalServices): string | undefined {
  const missing = [
    services.haproxy ? undefined : { what: 'haproxy', tests: 'the topology tests', pkg: 'haproxy' },
    services.redisServer
      ? undefined
      : { what: 'redis-server', tests: 'the Redis rate-limit tests and the topology tests', pkg: 'redis-server' },
    services.postgresBinaries
      ? undefined
      : {
          what: 'PostgreSQL binaries under /usr/lib/postgresql',
          tests: 'the PostgreSQL outage tests',
          pkg: 'postgresql',
        },
  ].filter((m) => m !== undefined);
  if (missing.length === 0) return undefined;
  return `Skipped for want of ${missing.map((m) => `${m.what} (${m.tests})`).join(', ')}: apt-get install -y ${missing.map((m) => m.pkg).join(' ')} (or set HAPROXY / REDIS_SERVER to their paths); with CI=1 this is a failure.`;
}
