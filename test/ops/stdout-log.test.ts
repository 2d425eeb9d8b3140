/**
 * stdout is the JSON log and nothing else, from its first line: a collector parses every line. The start-up
 * banner, the generated demo password included, goes to stderr (src/main.ts), and never into a line of the log.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';

let service: RunningService | undefined;
afterAll(async () => {
  await service?.stop();
});

async function until(what: string, check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)))
    if (check()) return;
  throw new Error(`timed out waiting until ${what}`);
}

describe('the two output streams of the service', () => {
  it(
    'stdout: JSON lines only, from the first; stderr: the banner and the generated demo password',
    { timeout: 60_000 },
    async () => {
      // A fresh store without DEMO_PASSWORD: the first start generates the demo password and prints it once.
      service = await startService({ DEMO_EMAIL: 'streams@kingshot.example', DEMO_PASSWORD: '', LOG_LEVEL: 'info' });
      const running = service;
      await until('the demo sign-in is printed', () => running.stderr().includes('Demo player created.'));
      await until('the account endpoint is ready', () => running.stdout().includes('account endpoint ready'));
      const health = await fetch(`${running.baseUrl}/health`);
      expect(health.status).toBe(200);
      await running.stop();

      const stdout = running.stdout().split('\n');
      expect(stdout.at(-1)).toBe(''); // every line ends with a newline
      const lines = stdout.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines[0]).toMatchObject({
        level: 'info',
        component: 'http',
        address: running.baseUrl,
        public_url: running.baseUrl,
        msg: `listening on ${running.baseUrl}`,
      });
      expect(lines.find((l) => l.msg === 'request')).toMatchObject({ endpoint: '/health', method: 'GET', status: 200 });
      expect(lines.at(-1)).toMatchObject({ msg: 'drained; exiting' });

      const stderr = running.stderr().split('\n');
      expect(stderr[0]).toBe(`kingshot-mcp listening on ${running.baseUrl} (public URL ${running.baseUrl})`);
      expect(stderr).toContain('  Rate limits: in this process');
      const demo = stderr.find((line) => line.startsWith('  Demo player created.'));
      const password =
        /password (\S+) {3}\(generated, shown only now; change it with: npm run cli -- set-password streams@kingshot\.example\)$/.exec(
          demo ?? '',
        )?.[1];
      expect(password, demo).toMatch(/^\S{16,}$/);
      expect(running.stdout()).not.toContain(password);
      // Nothing but the banner on stderr: no JSON line strayed there.
      expect(stderr.filter((line) => line.startsWith('{'))).toEqual([]);
    },
  );
});
