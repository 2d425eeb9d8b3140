/**
 * `npm run topology`: three instances on shared PostgreSQL and Redis behind HAProxy, on this machine's loopback,
 * until Ctrl-C (or SIGTERM). DATABASE_URL and REDIS_URL name the shared components; every other variable of the
 * service (DEMO_EMAIL, RATE_LIMIT_PER_MINUTE, …) is passed to each instance. TOPOLOGY_PORT picks the public port
 * (default 8080); TOPOLOGY_CODE=built runs dist/ (after `npm run build`) instead of the TypeScript sources.
 */
import { haproxyAvailable, startTopology } from './topology.js';

function required(name: string, example: string): string {
  const value = process.env[name];
  if (value) return value;
  process.stderr.write(`${name} is required: the instances share it (e.g. ${name}=${example})\n`);
  process.exit(2);
}

const databaseUrl = required('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/kingshot');
const redisUrl = required('REDIS_URL', 'redis://127.0.0.1:6379');
if (!haproxyAvailable()) {
  process.stderr.write('haproxy not found: install it (apt-get install -y haproxy) or set HAPROXY to its path\n');
  process.exit(2);
}
const port = Number(process.env.TOPOLOGY_PORT ?? 8080);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`TOPOLOGY_PORT=${process.env.TOPOLOGY_PORT}: expected a port number (1 to 65535)\n`);
  process.exit(2);
}

const topology = await startTopology({
  databaseUrl,
  redisUrl,
  port,
  code: process.env.TOPOLOGY_CODE === 'built' ? 'built' : 'source',
  echo: true,
});
process.stdout.write(
  `topology serving at ${topology.baseUrl} (instances ${topology.instances.map((i) => `${i.name} on ${i.url}`).join(', ')})\n`,
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('stopping: HAProxy, then each instance drains\n');
  await topology.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
