/**
 * `npx tsx bench/sign-in-flood.ts` (after npm run build): how long a player's sign-in takes while others guess
 * passwords, the figure of issue 11 item 2. The built service runs behind a trusted proxy address (loopback) with the
 * default limits; 16 guessers post wrong passwords as fast as they can, each request from a new X-Forwarded-For
 * address (so the per-address limit never stops them), either all at the demo account or each at a new email.
 * Meanwhile a player signs in every second, alternately from the browser it signed in with before (known device)
 * and from a new one; the time of the sign-in POST (password check to redirect) is recorded with its status.
 *
 * Options: --duration <s> per flood (default 20), --service-root <dir> (another checkout's build, to compare).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Browser } from '../test/auth/browser.js';
import { BENCH_DEMO, ROOT, startService } from './processes.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '20' }, 'service-root': { type: 'string' } },
});
const durationSeconds = Number(values.duration);
const REDIRECT = 'http://127.0.0.1:8979/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const randomAddress = () => `10.${randomBytes(3).join('.')}`;
let nextPlayerAddress = 0;
const playerAddress = () => `192.0.${2 + (nextPlayerAddress >> 8)}.${nextPlayerAddress++ & 255}`;

/** A browser on a new sign-in page; `post` sends the form once and times it. */
async function signInPage(baseUrl: string, clientId: string, browser: Browser, address: string) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  });
  const login = await browser.follow(`${baseUrl}/api/auth/mcp/authorize?${query}`, {
    headers: { 'x-forwarded-for': address },
  });
  if (!login.html?.includes('/login"'))
    throw new Error(`no sign-in page: ${login.page?.status} ${login.html?.slice(0, 200)}`);
  const action = new URL(/<form[^>]*action="([^"]+\/login)"/.exec(login.html)![1]!, baseUrl);
  const csrf = /name="csrf" value="([^"]+)"/.exec(login.html)![1]!;
  return async (email: string, password: string, from: string): Promise<{ status: number; ms: number }> => {
    const started = performance.now();
    const res = await browser.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: new URLSearchParams({ csrf, email, password }).toString(),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };
}

interface Sample {
  kind: 'known device' | 'new device';
  status: number;
  ms: number;
}

async function main(): Promise<void> {
  const root = values['service-root'] ?? ROOT;
  process.stdout.write(
    `machine: ${cpus().length} x ${cpus()[0]?.model}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; service from ${root}\n`,
  );
  const service = await startService(
    3620,
    { TRUSTED_PROXIES: '127.0.0.1', DEMO_EMAIL: BENCH_DEMO.email, DEMO_PASSWORD: BENCH_DEMO.password },
    root,
  );
  try {
    const base = service.baseUrl;
    const registered = await fetch(`${base}/api/auth/mcp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    const clientId = ((await registered.json()) as { client_id: string }).client_id;

    // The player's own browser signs in once; later sign-ins carry only its cookies (a new sign-in page each time).
    const own = new Browser(REDIRECT);
    const first = await (
      await signInPage(base, clientId, own, playerAddress())
    )(BENCH_DEMO.email, BENCH_DEMO.password, playerAddress());
    if (first.status !== 303) throw new Error(`the player's first sign-in answered ${first.status}`);
    const device = own.jar.get('ks_device');
    const playerBrowser = (kind: Sample['kind']) => {
      const browser = new Browser(REDIRECT);
      if (kind === 'known device' && device) browser.jar.set('ks_device', device);
      return browser;
    };
    const signIn = async (kind: Sample['kind']): Promise<Sample> => {
      const post = await signInPage(base, clientId, playerBrowser(kind), playerAddress());
      return { kind, ...(await post(BENCH_DEMO.email, BENCH_DEMO.password, playerAddress())) };
    };

    const report = (label: string, samples: Sample[]) => {
      for (const kind of ['known device', 'new device'] as const) {
        const mine = samples.filter((s) => s.kind === kind);
        const ok = mine.filter((s) => s.status === 303).map((s) => s.ms);
        const others = mine.filter((s) => s.status !== 303).map((s) => s.status);
        process.stdout.write(
          `  ${label.padEnd(26)} ${kind.padEnd(12)} signed in ${ok.length}/${mine.length}, median ${median(ok).toFixed(0)} ms, max ${ok.length ? Math.max(...ok).toFixed(0) : '-'} ms${others.length ? `, refused: ${others.join(' ')}` : ''}\n`,
        );
      }
    };

    const quiet: Sample[] = [];
    for (let i = 0; i < 6; i++) quiet.push(await signIn(i % 2 ? 'new device' : 'known device'));
    report('quiet', quiet);

    for (const target of ['a new email each', 'one account'] as const) {
      const until = performance.now() + durationSeconds * 1000;
      const statuses = new Map<number, number>();
      const guessers = await Promise.all(
        Array.from({ length: 16 }, () => signInPage(base, clientId, new Browser(REDIRECT), randomAddress())),
      );
      const flood = Promise.all(
        guessers.map(async (post) => {
          while (performance.now() < until) {
            const email =
              target === 'one account' ? BENCH_DEMO.email : `guess-${randomBytes(6).toString('hex')}@kingshot.example`;
            const { status } = await post(email, `wrong-${randomBytes(4).toString('hex')}`, randomAddress());
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 2_000));
      const samples: Sample[] = [];
      for (let i = 0; performance.now() < until - 1_000; i++) {
        samples.push(await signIn(i % 2 ? 'new device' : 'known device'));
        await new Promise((r) => setTimeout(r, 500));
      }
      await flood;
      report(`flood at ${target}`, samples);
      process.stdout.write(
        `  ${''.padEnd(26)} guesses answered: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(', ')} (${durationSeconds} s)\n`,
      );
      await new Promise((r) => setTimeout(r, 3_000));
    }
  } finally {
    await service.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
