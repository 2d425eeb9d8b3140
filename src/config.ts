/**
 * Service configuration from the environment. Every variable is optional; defaults start the service on
 * http://127.0.0.1:3000 with the embedded store under ./var. Invalid values stop the start with a list of problems.
 */
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies.js';
import { emailProblem, passwordProblem } from './credentials.js';
import { ServiceError } from './errors.js';
import { parseNetworkBudgets, type NetworkBudget } from './network-budgets.js';

export interface Config {
  port: number;
  host: string;
  /** Public base URL (no trailing slash): issuer, links, resource identifiers. */
  baseUrl: string;
  dataDir: string;
  /** PostgreSQL connection URL (DATABASE_URL); absent: the SQLite file under dataDir. */
  databaseUrl: string | undefined;
  /** Seconds a client registration that was never used is kept, and a used one once it has no grant left. */
  clientUnusedTtlSeconds: number;
  clientIdleTtlSeconds: number;
  /** Seconds a rotated refresh token may be retried (a lost response); 0 makes any reuse revoke the grant. */
  refreshReuseSeconds: number;
  /** Requests per minute per client on each MCP endpoint; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Requests a minute per client address to the website's pages and calculators (0: no limit). */
  siteRateLimitPerMinute: number;
  /** Networks whose addresses each get their own budget on the public endpoint instead of rateLimitPerMinute. */
  rateLimitNetworks: readonly NetworkBudget[];
  /** Host header values served (host[:port], lowercase). */
  allowedHosts: ReadonlySet<string>;
  /** Browser origins allowed to call the MCP endpoints (the base URL's origin is always allowed). */
  allowedOrigins: ReadonlySet<string>;
  /** Proxy addresses whose X-Forwarded-For is trusted for the client address. */
  trustedProxies: TrustedProxies;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** Requests per minute per client address on each of client registration, token and sign-in; 0 = unlimited. */
  authRateLimitPerMinute: number;
  /** Redis holding the rate limits shared by every instance; undefined keeps them in this process. */
  redisUrl: string | undefined;
  /** Put before every Redis key of the rate limits: one per deployment sharing a Redis. */
  rateLimitPrefix: string;
  /** A Redis command slower than this counts as Redis being unreachable (the request is limited in-process). */
  redisTimeoutMs: number;
  /** Sign-in of the demo player seeded into an empty store (password generated and printed when absent). */
  demoEmail: string | undefined;
  demoPassword: string | undefined;
  /** Longest a drain (SIGTERM/SIGINT) waits for the requests in flight before it cuts them. */
  shutdownTimeoutMs: number;
  /** Bearer token /metrics requires; undefined serves it without one (behind the host guard). */
  metricsToken: string | undefined;
  /** Least severe level written to the JSON log on stdout. */
  logLevel: LogLevel;
  /** The MCP Registry's HTTP domain-verification record, served at /.well-known/mcp-registry-auth when set. */
  mcpRegistryAuth: string | undefined;
  /** SMTP server of the account mails (smtp:// or smtps://, with credentials); undefined writes each mail to stderr and DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  /** The From of every mail (`Name <address>` or an address). */
  mailFrom: string;
  /** The website's sign-in: a session unused this long ends, and every session ends this long after sign-in. */
  siteSessionIdleSeconds: number;
  siteSessionMaxSeconds: number;
  /** How long a mailed link works: sign-up verification, password reset, email change. */
  signUpLinkSeconds: number;
  resetLinkSeconds: number;
  emailChangeLinkSeconds: number;
  /** Sign-ups waiting for their link, at most per email address and in all. */
  pendingSignUpsPerAddress: number;
  pendingSignUpsMax: number;
  /** Account mails per hour, at most to one recipient and asked for from one client address. */
  mailsPerRecipientPerHour: number;
  mailsPerAddressPerHour: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Origins of the MCP Inspector's web UI, allowed by default so it can connect in direct mode. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:6274', 'http://127.0.0.1:6274'];

export class ConfigError extends ServiceError<'ERR_CONFIG_INVALID'> {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super('ERR_CONFIG_INVALID', `invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name}=${raw}: expected a whole number from ${min} to ${max}`);
    return fallback;
  }
  return value;
}

/** The URL with its password masked: config errors and logs never show it. */
export function withoutPassword(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password) shown.password = '***';
  return shown.toString();
}

/** DATABASE_URL must be a postgres:// URL naming a host; the problem never repeats a password. */
function databaseUrl(env: Env, problems: string[]): string | undefined {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return undefined;
  const parsed = URL.parse(raw);
  if (!parsed) {
    problems.push('DATABASE_URL: not a URL (expected postgres://user:password@host:5432/database)');
    return undefined;
  }
  // Only the scheme is repeated: in a value that is not a postgres URL a password can sit anywhere.
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    problems.push(
      `DATABASE_URL: must start with postgres:// or postgresql://, not ${parsed.protocol.slice(0, 20)} (unset it to use the SQLite file under DATA_DIR)`,
    );
  else if (!parsed.hostname && !parsed.searchParams.get('host'))
    problems.push(
      `DATABASE_URL=${withoutPassword(parsed)}: names no host (e.g. postgres://user:password@127.0.0.1:5432/kingshot)`,
    );
  return raw;
}

/** REDIS_URL, checked without ever echoing it (it may hold a password). */
function redisUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (!raw) return undefined;
  const url = URL.parse(raw);
  const expected = 'expected redis://[user:password@]host[:port][/db] or rediss://… for TLS';
  if (!url) problems.push(`REDIS_URL: not a URL; ${expected}`);
  else if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    problems.push(`REDIS_URL: scheme ${url.protocol} is not redis: or rediss:; ${expected}`);
  else if (!url.hostname) problems.push(`REDIS_URL: no host; ${expected}`);
  else return raw;
  return undefined;
}

function logLevel(raw: string | undefined, problems: string[]): LogLevel {
  if (raw === undefined || raw === '') return 'info';
  const level = LOG_LEVELS.find((l) => l === raw.toLowerCase());
  if (!level) problems.push(`LOG_LEVEL=${raw.slice(0, 40)}: expected one of ${LOG_LEVELS.join(', ')}`);
  return level ?? 'info';
}

/** Printable ASCII, no spaces (it travels in an Authorization header), long enough not to be guessed. */
const METRICS_TOKEN = /^[\x21-\x7e]{16,512}$/;

/** METRICS_TOKEN, checked without ever echoing it. */
function metricsToken(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (METRICS_TOKEN.test(raw)) return raw;
  problems.push(
    `METRICS_TOKEN: expected 16 to 512 printable characters without spaces (e.g. from: openssl rand -hex 32); the value given has ${raw.length}`,
  );
  return undefined;
}

/** The registry's record: `v=MCPv1; k=<key type>; p=<base64 public key>` (mcp-publisher login http). */
const MCP_REGISTRY_AUTH = /^v=MCPv1; k=(ed25519|ecdsap384); p=[A-Za-z0-9+/]{20,200}={0,2}$/;

/** MCP_REGISTRY_AUTH, checked so a typo stops the start rather than fail the registry's verification later. */
function mcpRegistryAuth(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim();
  if (MCP_REGISTRY_AUTH.test(value)) return value;
  problems.push(
    `MCP_REGISTRY_AUTH: expected "v=MCPv1; k=ed25519; p=<base64 public key>" (or k=ecdsap384), as mcp-publisher prints it`,
  );
  return undefined;
}

const PREFIX = /^[\x21-\x7e]{1,100}$/;

/** RATE_LIMIT_PREFIX, or one derived from the public host, so two deployments sharing a Redis keep apart. */
function rateLimitPrefix(raw: string | undefined, base: URL | undefined, problems: string[]): string {
  if (raw === undefined || raw === '') return `kingshot:${base?.host ?? 'local'}:rl:`;
  if (!PREFIX.test(raw))
    problems.push(
      `RATE_LIMIT_PREFIX="${raw.slice(0, 120)}": expected 1 to 100 printable characters without spaces (e.g. kingshot:prod:rl:)`,
    );
  return raw;
}

/** SMTP_URL, checked without ever echoing it (it holds the mail account's password). */
function smtpUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (!raw) return undefined;
  const url = URL.parse(raw);
  const expected = 'expected smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS)';
  if (!url) problems.push(`SMTP_URL: not a URL; ${expected}`);
  else if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    problems.push(`SMTP_URL: scheme ${url.protocol.slice(0, 20)} is not smtp: or smtps:; ${expected}`);
  else if (!url.hostname) problems.push(`SMTP_URL: no host; ${expected}`);
  else return raw;
  return undefined;
}

const MAIL_FROM = /^(?:[^<>\r\n]{0,100}<[^\s@<>]{1,64}@[^\s@<>]{1,255}>|[^\s@<>]{1,64}@[^\s@<>]{1,255})$/;

/** MAIL_FROM, or a no-reply address at the public host. */
function mailFrom(raw: string | undefined, base: URL | undefined, problems: string[]): string {
  // A host name with a domain, not an IP address or `localhost`: a mail server refuses a sender at neither.
  const host = base?.hostname ?? '';
  const fallback = `Kingshot Companion <no-reply@${/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : 'localhost.localdomain'}>`;
  if (raw === undefined || raw === '') return fallback;
  if (!MAIL_FROM.test(raw.trim())) {
    problems.push(
      `MAIL_FROM="${raw.slice(0, 120)}": expected an address (no-reply@example.com) or a name and address (Kingshot Companion <no-reply@example.com>)`,
    );
    return fallback;
  }
  return raw.trim();
}

function loopbackHosts(port: number): string[] {
  const suffix = port === 80 ? '' : `:${port}`;
  return ['localhost', '127.0.0.1', '[::1]'].map((h) => `${h}${suffix}`);
}

/** Only what opening the store needs (the operator CLI): DATA_DIR and DATABASE_URL, checked the same way. */
export function loadStoreConfig(env: Env): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const problems: string[] = [];
  const config = { dataDir: env.DATA_DIR || './var', databaseUrl: databaseUrl(env, problems) };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const port = integer(env, 'PORT', 3000, 0, 65535, problems);
  const host = env.HOST || '127.0.0.1';
  const defaultBase = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
  const rawBase = env.BASE_URL || defaultBase;
  let baseUrl = rawBase.replace(/\/+$/, '');
  let base: URL | undefined;
  try {
    base = new URL(rawBase);
    if (base.protocol !== 'http:' && base.protocol !== 'https:')
      problems.push(`BASE_URL=${baseUrl}: must be an http(s) URL`);
    // The service answers at the root of its host: links, the issuer's endpoints and the metadata URLs assume it.
    if (base.pathname.replace(/\/+$/, '') !== '')
      problems.push(`BASE_URL=${baseUrl}: must be the service's origin without a path (e.g. ${base.origin})`);
    if (base.search || base.hash) problems.push(`BASE_URL=${baseUrl}: must not have a query or fragment`);
    baseUrl = base.origin;
  } catch {
    problems.push(`BASE_URL=${rawBase}: not an absolute URL (e.g. https://kingshot.example.com)`);
  }
  const origins = list(env.CORS_ORIGINS ?? DEFAULT_CORS_ORIGINS.join(','));
  for (const origin of origins) {
    try {
      if (new URL(origin).origin !== origin)
        problems.push(`CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port], no path)`);
    } catch {
      problems.push(`CORS_ORIGINS: "${origin}" is not an origin`);
    }
  }
  const networks = parseNetworkBudgets(env.RATE_LIMIT_NETWORKS);
  const proxies = parseTrustedProxies(env.TRUSTED_PROXIES);
  problems.push(...proxies.problems);
  problems.push(...networks.problems);
  const hosts = env.ALLOWED_HOSTS ? list(env.ALLOWED_HOSTS) : [...(base ? [base.host] : []), ...loopbackHosts(port)];
  const config: Config = {
    port,
    host,
    baseUrl,
    dataDir: env.DATA_DIR || './var',
    databaseUrl: databaseUrl(env, problems),
    clientUnusedTtlSeconds: integer(env, 'CLIENT_UNUSED_TTL_SECONDS', 24 * 3600, 60, 10 * 365 * 24 * 3600, problems),
    clientIdleTtlSeconds: integer(env, 'CLIENT_IDLE_TTL_SECONDS', 30 * 24 * 3600, 60, 10 * 365 * 24 * 3600, problems),
    refreshReuseSeconds: integer(env, 'REFRESH_REUSE_SECONDS', 60, 0, 300, problems),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 60, 0, 1_000_000_000, problems),
    siteRateLimitPerMinute: integer(env, 'SITE_RATE_LIMIT_PER_MINUTE', 300, 0, 1_000_000_000, problems),
    rateLimitNetworks: networks.budgets,
    allowedHosts: new Set(hosts.map((h) => h.toLowerCase())),
    allowedOrigins: new Set([...(base ? [base.origin] : []), ...origins].map((o) => o.toLowerCase())),
    trustedProxies: proxies.proxies,
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000, problems),
    headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1_000, 600_000, problems),
    authRateLimitPerMinute: integer(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 30, 0, 1_000_000_000, problems),
    redisUrl: redisUrl(env.REDIS_URL, problems),
    rateLimitPrefix: rateLimitPrefix(env.RATE_LIMIT_PREFIX, base, problems),
    redisTimeoutMs: integer(env, 'REDIS_TIMEOUT_MS', 250, 10, 10_000, problems),
    demoEmail: env.DEMO_EMAIL || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000, problems),
    metricsToken: metricsToken(env.METRICS_TOKEN, problems),
    logLevel: logLevel(env.LOG_LEVEL, problems),
    mcpRegistryAuth: mcpRegistryAuth(env.MCP_REGISTRY_AUTH, problems),
    smtpUrl: smtpUrl(env.SMTP_URL, problems),
    mailFrom: mailFrom(env.MAIL_FROM, base, problems),
    siteSessionIdleSeconds: integer(env, 'SITE_SESSION_IDLE_SECONDS', 7 * 24 * 3600, 300, 365 * 24 * 3600, problems),
    siteSessionMaxSeconds: integer(env, 'SITE_SESSION_MAX_SECONDS', 30 * 24 * 3600, 300, 365 * 24 * 3600, problems),
    signUpLinkSeconds: integer(env, 'SIGN_UP_LINK_SECONDS', 24 * 3600, 300, 7 * 24 * 3600, problems),
    resetLinkSeconds: integer(env, 'RESET_LINK_SECONDS', 3600, 300, 24 * 3600, problems),
    emailChangeLinkSeconds: integer(env, 'EMAIL_CHANGE_LINK_SECONDS', 24 * 3600, 300, 7 * 24 * 3600, problems),
    pendingSignUpsPerAddress: integer(env, 'PENDING_SIGN_UPS_PER_ADDRESS', 3, 1, 100, problems),
    pendingSignUpsMax: integer(env, 'PENDING_SIGN_UPS_MAX', 10_000, 1, 10_000_000, problems),
    mailsPerRecipientPerHour: integer(env, 'MAILS_PER_RECIPIENT_PER_HOUR', 3, 1, 1000, problems),
    mailsPerAddressPerHour: integer(env, 'MAILS_PER_ADDRESS_PER_HOUR', 20, 1, 100_000, problems),
  };
  if (config.siteSessionIdleSeconds > config.siteSessionMaxSeconds)
    problems.push(
      `SITE_SESSION_IDLE_SECONDS=${config.siteSessionIdleSeconds} is longer than SITE_SESSION_MAX_SECONDS=${config.siteSessionMaxSeconds}: a session cannot stay idle longer than it lasts`,
    );
  if (config.rateLimitNetworks.length > 0 && config.rateLimitPerMinute === 0)
    problems.push('RATE_LIMIT_NETWORKS: budgets need a rate limit, but RATE_LIMIT_PER_MINUTE=0 turns it off');
  // The same rules the store applies when it creates the demo player, so a bad value stops the start here, clearly.
  const demoEmailProblem = config.demoEmail === undefined ? undefined : emailProblem(config.demoEmail);
  if (demoEmailProblem) problems.push(`DEMO_EMAIL: ${demoEmailProblem}`);
  const demoPasswordProblem = config.demoPassword === undefined ? undefined : passwordProblem(config.demoPassword);
  if (demoPasswordProblem) problems.push(`DEMO_PASSWORD: ${demoPasswordProblem}`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
