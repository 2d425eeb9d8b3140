import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CORS_ORIGINS, loadConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  it('defaults to 127.0.0.1:3000 with a 60/min limit and the Inspector origins', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      baseUrl: 'http://127.0.0.1:3000',
      dataDir: './var',
      rateLimitPerMinute: 60,
    });
    expect([...config.allowedHosts]).toEqual(['127.0.0.1:3000', 'localhost:3000', '[::1]:3000']);
    expect([...config.allowedOrigins]).toEqual(['http://127.0.0.1:3000', ...DEFAULT_CORS_ORIGINS]);
  });
  it('takes BASE_URL as the public address (trailing slash removed) and serves its host', () => {
    const config = loadConfig({ BASE_URL: 'https://kingshot.example.com/', PORT: '8080', HOST: '0.0.0.0' });
    expect(config.baseUrl).toBe('https://kingshot.example.com');
    expect(config.allowedHosts.has('kingshot.example.com')).toBe(true);
    expect(config.allowedHosts.has('localhost:8080')).toBe(true);
    expect(config.allowedOrigins.has('https://kingshot.example.com')).toBe(true);
  });
  it('refuses a BASE_URL with a path: the service answers at the root of its host', () => {
    expect(() => loadConfig({ BASE_URL: 'https://example.com/kingshot/' })).toThrow(
      new ConfigError([
        "BASE_URL=https://example.com/kingshot: must be the service's origin without a path (e.g. https://example.com)",
      ]),
    );
    expect(loadConfig({ BASE_URL: 'https://example.com///' }).baseUrl).toBe('https://example.com');
  });

  it('reads lists: CORS_ORIGINS, ALLOWED_HOSTS, TRUSTED_PROXIES', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      ALLOWED_HOSTS: 'api.example.com',
      TRUSTED_PROXIES: '10.0.0.1,10.0.0.2',
    });
    expect([...config.allowedOrigins]).toEqual(['http://127.0.0.1:3000', 'https://a.example', 'https://b.example']);
    expect([...config.allowedHosts]).toEqual(['api.example.com']);
    expect(config.trustedProxies.has('10.0.0.1')).toBe(true);
    expect(config.trustedProxies.has('10.0.0.2')).toBe(true);
    expect(config.trustedProxies.has('10.0.0.3')).toBe(false);
  });
  it('TRUSTED_PROXIES takes addresses and CIDRs, IPv4 and IPv6, and matches IPv4-mapped addresses', () => {
    const { trustedProxies } = loadConfig({ TRUSTED_PROXIES: '127.0.0.0/8, 2001:db8::/32, ::1, 192.0.2.7' });
    const cases: [string, boolean][] = [
      ['127.0.0.1', true],
      ['127.255.0.9', true],
      ['::ffff:127.0.0.1', true],
      ['128.0.0.1', false],
      ['2001:db8::5', true],
      ['2001:db9::5', false],
      ['::1', true],
      ['0:0:0:0:0:0:0:1', true],
      ['192.0.2.7', true],
      ['::ffff:192.0.2.7', true],
      ['192.0.2.8', false],
      ['unknown', false],
      ['', false],
    ];
    expect(cases.map(([address]) => [address, trustedProxies.has(address)])).toEqual(cases);
    // Asked again (the verdicts are kept), and again after more addresses than are kept: the same answers.
    expect(cases.map(([address]) => [address, trustedProxies.has(address)])).toEqual(cases);
    for (let i = 0; i < 5000; i++) trustedProxies.has(`10.${i >> 8}.${i & 255}.1`);
    expect(cases.map(([address]) => [address, trustedProxies.has(address)])).toEqual(cases);
    expect(trustedProxies.size).toBe(4);
  });
  it('refuses a TRUSTED_PROXIES entry that is not an address or a CIDR', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1, proxy.internal, 10.0.0.0/33' })).toThrow(
      new ConfigError([
        'TRUSTED_PROXIES: "proxy.internal" is not an IPv4 or IPv6 address or CIDR (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)',
        'TRUSTED_PROXIES: "10.0.0.0/33" is not an IPv4 or IPv6 address or CIDR (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)',
      ]),
    );
  });
  it('DATABASE_URL selects PostgreSQL; unset keeps SQLite under DATA_DIR; a bad one is refused without its password', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://kingshot:s3cret@db.internal:5432/kingshot' }).databaseUrl).toBe(
      'postgres://kingshot:s3cret@db.internal:5432/kingshot',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://kingshot@%2Fvar%2Frun%2Fpostgresql/kingshot' }).databaseUrl).toBe(
      'postgresql://kingshot@%2Fvar%2Frun%2Fpostgresql/kingshot',
    );
    for (const [url, problem] of [
      [
        'mysql://kingshot:s3cret@db.internal/kingshot',
        'DATABASE_URL: must start with postgres:// or postgresql://, not mysql: (unset it to use the SQLite file under DATA_DIR)',
      ],
      [
        'postgres://kingshot:s3cret@db.internal:99999/kingshot',
        'DATABASE_URL: not a URL (expected postgres://user:password@host:5432/database)',
      ],
      [
        'postgres:///kingshot',
        'DATABASE_URL=postgres:///kingshot: names no host (e.g. postgres://user:password@127.0.0.1:5432/kingshot)',
      ],
      [
        'postgres://kingshot:s3cret@/kingshot',
        'DATABASE_URL: not a URL (expected postgres://user:password@host:5432/database)',
      ],
      [
        'kingshot:s3cret@db.internal',
        'DATABASE_URL: must start with postgres:// or postgresql://, not kingshot: (unset it to use the SQLite file under DATA_DIR)',
      ],
    ] as const) {
      const error = (() => {
        try {
          loadConfig({ DATABASE_URL: url });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error, url).toEqual(new ConfigError([problem]));
      expect((error as Error).message).not.toContain('s3cret');
    }
  });
  it('client registrations expire: unused after CLIENT_UNUSED_TTL_SECONDS (1 day), idle after CLIENT_IDLE_TTL_SECONDS (30 days)', () => {
    expect(loadConfig({})).toMatchObject({ clientUnusedTtlSeconds: 86400, clientIdleTtlSeconds: 2592000 });
    expect(loadConfig({ CLIENT_UNUSED_TTL_SECONDS: '3600', CLIENT_IDLE_TTL_SECONDS: '604800' })).toMatchObject({
      clientUnusedTtlSeconds: 3600,
      clientIdleTtlSeconds: 604800,
    });
    expect(() => loadConfig({ CLIENT_UNUSED_TTL_SECONDS: '0' })).toThrow(
      new ConfigError(['CLIENT_UNUSED_TTL_SECONDS=0: expected a whole number from 60 to 315360000']),
    );
  });
  it('REFRESH_REUSE_SECONDS: a rotated refresh token may be retried for 60 s by default, 0 to 300', () => {
    expect(loadConfig({}).refreshReuseSeconds).toBe(60);
    expect(loadConfig({ REFRESH_REUSE_SECONDS: '0' }).refreshReuseSeconds).toBe(0);
    expect(() => loadConfig({ REFRESH_REUSE_SECONDS: '301' })).toThrow(
      new ConfigError(['REFRESH_REUSE_SECONDS=301: expected a whole number from 0 to 300']),
    );
  });
  it('RATE_LIMIT_PER_MINUTE=0 turns the limit off', () => {
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
  });
  it('REDIS_URL shares the rate limits; its key prefix is derived from the public host unless RATE_LIMIT_PREFIX says', () => {
    expect(loadConfig({})).toMatchObject({
      redisUrl: undefined,
      rateLimitPrefix: 'kingshot:127.0.0.1:3000:rl:',
      redisTimeoutMs: 250,
    });
    expect(loadConfig({ REDIS_TIMEOUT_MS: '1000' }).redisTimeoutMs).toBe(1000);
    expect(() => loadConfig({ REDIS_TIMEOUT_MS: '5' })).toThrow(
      new ConfigError(['REDIS_TIMEOUT_MS=5: expected a whole number from 10 to 10000']),
    );
    expect(
      loadConfig({ REDIS_URL: 'redis://:secret@10.0.0.5:6380/2', BASE_URL: 'https://kingshot.example.com' }),
    ).toMatchObject({
      redisUrl: 'redis://:secret@10.0.0.5:6380/2',
      rateLimitPrefix: 'kingshot:kingshot.example.com:rl:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal', RATE_LIMIT_PREFIX: 'ks:prod:' })).toMatchObject({
      redisUrl: 'rediss://cache.internal',
      rateLimitPrefix: 'ks:prod:',
    });
  });
  it('refuses a REDIS_URL that is not a Redis URL without echoing it (it may hold a password), and a prefix with spaces', () => {
    const expected = 'expected redis://[user:password@]host[:port][/db] or rediss://… for TLS';
    for (const [env, problem] of [
      [{ REDIS_URL: 'http://:secret@cache:6379' }, `REDIS_URL: scheme http: is not redis: or rediss:; ${expected}`],
      [{ REDIS_URL: 'cache:secret@6379' }, `REDIS_URL: scheme cache: is not redis: or rediss:; ${expected}`],
      [{ REDIS_URL: 'not a url with secret' }, `REDIS_URL: not a URL; ${expected}`],
      [
        { RATE_LIMIT_PREFIX: 'my prefix' },
        'RATE_LIMIT_PREFIX="my prefix": expected 1 to 100 printable characters without spaces (e.g. kingshot:prod:rl:)',
      ],
    ] as const) {
      expect(() => loadConfig(env), problem).toThrow(new ConfigError([problem]));
    }
  });
  it('RATE_LIMIT_NETWORKS gives listed IPv4 and IPv6 networks their own per-address budget', () => {
    expect(loadConfig({}).rateLimitNetworks).toEqual([]);
    expect(
      loadConfig({ RATE_LIMIT_NETWORKS: '198.51.100.0/24=6000, 2001:DB8::/32=6000,203.0.113.7=600' }).rateLimitNetworks,
    ).toEqual([
      { network: '198.51.100.0/24', perMinute: 6000 },
      { network: '2001:db8::/32', perMinute: 6000 },
      { network: '203.0.113.7/32', perMinute: 600 },
    ]);
  });
  it('refuses a bad RATE_LIMIT_NETWORKS entry saying what is wrong and what would be right', () => {
    for (const [value, problem] of [
      [
        '198.51.100.0/24',
        'RATE_LIMIT_NETWORKS: "198.51.100.0/24" has no budget: write <network>=<requests per minute> (e.g. 198.51.100.0/24=6000,2001:db8::/32=6000)',
      ],
      [
        '198.51.100.300/24=10',
        'RATE_LIMIT_NETWORKS: "198.51.100.300/24" is not an IPv4 or IPv6 network (e.g. 198.51.100.0/24=6000,2001:db8::/32=6000)',
      ],
      [
        'example.com/24=10',
        'RATE_LIMIT_NETWORKS: "example.com/24" is not an IPv4 or IPv6 network (e.g. 198.51.100.0/24=6000,2001:db8::/32=6000)',
      ],
      [
        '198.51.100.0/33=10',
        'RATE_LIMIT_NETWORKS: "198.51.100.0/33": the prefix length must be a whole number from 0 to 32 for IPv4',
      ],
      [
        '2001:db8::/129=10',
        'RATE_LIMIT_NETWORKS: "2001:db8::/129": the prefix length must be a whole number from 0 to 128 for IPv6',
      ],
      [
        '198.51.100.0/x=10',
        'RATE_LIMIT_NETWORKS: "198.51.100.0/x": the prefix length must be a whole number from 0 to 32 for IPv4',
      ],
      [
        '198.51.100.7/24=10',
        'RATE_LIMIT_NETWORKS: "198.51.100.7/24" has bits set past its /24 prefix; did you mean 198.51.100.0/24?',
      ],
      [
        '2001:db8:1::5/32=10',
        'RATE_LIMIT_NETWORKS: "2001:db8:1::5/32" has bits set past its /32 prefix; did you mean 2001:db8::/32?',
      ],
      [
        '198.51.100.0/24=0',
        'RATE_LIMIT_NETWORKS: "198.51.100.0/24=0": the budget must be a whole number of requests per minute from 1 to 1000000000',
      ],
      [
        '198.51.100.0/24=6k',
        'RATE_LIMIT_NETWORKS: "198.51.100.0/24=6k": the budget must be a whole number of requests per minute from 1 to 1000000000',
      ],
      ['198.51.100.0/24=10,198.51.100.0/24=20', 'RATE_LIMIT_NETWORKS: 198.51.100.0/24 is listed twice'],
    ] as const) {
      expect(() => loadConfig({ RATE_LIMIT_NETWORKS: value }), value).toThrow(new ConfigError([problem]));
    }
    expect(() => loadConfig({ RATE_LIMIT_NETWORKS: '198.51.100.0/24=10', RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      new ConfigError(['RATE_LIMIT_NETWORKS: budgets need a rate limit, but RATE_LIMIT_PER_MINUTE=0 turns it off']),
    );
  });
  it('checks DEMO_EMAIL and DEMO_PASSWORD by the rules the store applies to accounts', () => {
    expect(loadConfig({ DEMO_EMAIL: 'me@example.com', DEMO_PASSWORD: 'long-enough' })).toMatchObject({
      demoEmail: 'me@example.com',
      demoPassword: 'long-enough',
    });
    for (const [env, problem] of [
      [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD: a password needs at least 8 characters'],
      [{ DEMO_PASSWORD: 'x'.repeat(300) }, 'DEMO_PASSWORD: a password may have at most 256 characters'],
      [{ DEMO_EMAIL: 'not-an-email' }, 'DEMO_EMAIL: "not-an-email" is not an email address'],
      [
        { DEMO_EMAIL: `${'a'.repeat(65)}@example.com` },
        `DEMO_EMAIL: "${'a'.repeat(65)}@example.com" is not an email address`,
      ],
    ] as const) {
      expect(() => loadConfig(env), problem).toThrow(new ConfigError([problem]));
    }
  });

  it('lists every invalid value at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        BASE_URL: 'ftp://x',
        RATE_LIMIT_PER_MINUTE: '-1',
        CORS_ORIGINS: 'https://a.example/path',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(
        /PORT=abc[\s\S]*BASE_URL=ftp:\/\/x: must be an http\(s\) URL[\s\S]*CORS_ORIGINS[\s\S]*RATE_LIMIT_PER_MINUTE=-1/,
      );
    }
  });
});

describe('operating variables: SHUTDOWN_TIMEOUT_MS, METRICS_TOKEN, LOG_LEVEL', () => {
  it('defaults to a 10 s drain, no metrics token and info', () => {
    expect(loadConfig({})).toMatchObject({ shutdownTimeoutMs: 10_000, metricsToken: undefined, logLevel: 'info' });
  });
  it('reads them', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500', METRICS_TOKEN: 'a'.repeat(16), LOG_LEVEL: 'WARN' })).toMatchObject(
      { shutdownTimeoutMs: 2500, metricsToken: 'a'.repeat(16), logLevel: 'warn' },
    );
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '0', LOG_LEVEL: 'silent' })).toMatchObject({
      shutdownTimeoutMs: 0,
      logLevel: 'silent',
    });
  });
  it('refuses bad values with one problem each, never echoing the token', () => {
    const error = (() => {
      try {
        loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1', METRICS_TOKEN: 'short secret', LOG_LEVEL: 'verbose' });
      } catch (e) {
        return e as ConfigError;
      }
      return undefined;
    })();
    expect(error?.problems).toEqual([
      'SHUTDOWN_TIMEOUT_MS=-1: expected a whole number from 0 to 600000',
      'METRICS_TOKEN: expected 16 to 512 printable characters without spaces (e.g. from: openssl rand -hex 32); the value given has 12',
      'LOG_LEVEL=verbose: expected one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(error?.message).not.toContain('short secret');
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '600001' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS=600001: expected a whole number from 0 to 600000',
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS=1.5: expected a whole number from 0 to 600000',
    );
  });

  it('account mail and sessions: defaults, SMTP_URL checked without echoing it, MAIL_FROM, lifetimes', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Kingshot Companion <no-reply@localhost.localdomain>',
      siteSessionIdleSeconds: 604_800,
      siteSessionMaxSeconds: 2_592_000,
      signUpLinkSeconds: 86_400,
      resetLinkSeconds: 3600,
      emailChangeLinkSeconds: 86_400,
      pendingSignUpsPerAddress: 3,
      pendingSignUpsMax: 10_000,
      mailsPerRecipientPerHour: 3,
      mailsPerAddressPerHour: 20,
    });
    expect(loadConfig({ BASE_URL: 'https://kingshot.example.com' }).mailFrom).toBe(
      'Kingshot Companion <no-reply@kingshot.example.com>',
    );
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:secret@mail.example.com:465', MAIL_FROM: 'Ks <ks@example.com>' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:secret@mail.example.com:465', mailFrom: 'Ks <ks@example.com>' });
    const expected = 'expected smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS)';
    for (const [env, problem] of [
      [{ SMTP_URL: 'http://u:secret@mail:25' }, `SMTP_URL: scheme http: is not smtp: or smtps:; ${expected}`],
      [{ SMTP_URL: 'secret and nonsense' }, `SMTP_URL: not a URL; ${expected}`],
      [
        { MAIL_FROM: 'no address here' },
        'MAIL_FROM="no address here": expected an address (no-reply@example.com) or a name and address (Kingshot Companion <no-reply@example.com>)',
      ],
      [
        { SITE_SESSION_IDLE_SECONDS: '90000', SITE_SESSION_MAX_SECONDS: '3600' },
        'SITE_SESSION_IDLE_SECONDS=90000 is longer than SITE_SESSION_MAX_SECONDS=3600: a session cannot stay idle longer than it lasts',
      ],
      [{ RESET_LINK_SECONDS: '10' }, 'RESET_LINK_SECONDS=10: expected a whole number from 300 to 86400'],
    ] as const) {
      expect(() => loadConfig(env), problem).toThrow(new ConfigError([problem]));
    }
  });
});
