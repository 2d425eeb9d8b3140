/**
 * Browser-test plumbing: Debian's Chromium driven by playwright-core (never a downloaded browser), and a small
 * host site on 127.0.0.1 that serves the host page, its script (test/views/host/host.ts bundled with the real
 * ext-apps AppBridge) and each view document under the MCP Apps host's default CSP, collecting CSP reports.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext } from 'playwright-core';
import { viewDocument } from '../../codegen/emit/views.js';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere (a missing path shows what a machine without it does). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const REPO = resolve(import.meta.dirname, '../..');
export const ARTIFACTS = join(REPO, 'test-artifacts/views');

/** The MCP Apps host default (spec 2026-01-26) for a view that declares no `csp`, plus where to report violations. */
export const HOST_DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

/** Flags from the machine notes: no sandbox as root, and no background networking (the network is closed). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumAvailable = () => existsSync(CHROMIUM);

export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'kingshot-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

const HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title>
<style>body { margin: 0; padding: 12px; background: #8a8f98; } iframe { display: block; border: 0; }</style>
</head><body><script src="/host.js"></script></body></html>
`;

export interface HostSite {
  url: string;
  /** Serves `html` at `<url>/view/<id>.html` under HOST_DEFAULT_CSP; returns that URL. */
  addView(id: string, html: string): string;
  /** CSP violation reports received so far (report-uri) for one view id. */
  cspReports(id: string): unknown[];
  /** Every CSP violation report received so far, by view id. */
  allCspReports(): Record<string, unknown[]>;
  close(): Promise<void>;
}

export async function startHostSite(): Promise<HostSite> {
  const bundle = await build({
    absWorkingDir: REPO,
    entryPoints: ['test/views/host/host.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    tsconfig: 'views/tsconfig.json',
    logLevel: 'silent',
  });
  const hostJs = bundle.outputFiles[0]!.text;
  const views = new Map<string, string>();
  const reports = new Map<string, unknown[]>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method === 'POST' && path.startsWith('/csp-report/')) {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const id = path.slice('/csp-report/'.length);
        reports.set(id, [...(reports.get(id) ?? []), body]);
        res.writeHead(204).end();
      });
      return;
    }
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST_PAGE);
    if (path === '/host.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(hostJs);
    const view = /^\/view\/([a-z0-9-]+)\.html$/.exec(path);
    if (view && views.has(view[1]!)) {
      const csp = `${HOST_DEFAULT_CSP}; report-uri /csp-report/${view[1]}`;
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp })
        .end(views.get(view[1]!));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    addView(id, html) {
      views.set(id, html);
      return `${url}/view/${id}.html`;
    },
    cspReports: (id) => reports.get(id) ?? [],
    allCspReports: () => Object.fromEntries(reports),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * A view document built like codegen builds one, from `source` (TypeScript as if it were views/<name>/main.ts, so
 * './shared/mount.js' is the real shared code): for behaviour no real result can provoke, such as a renderer
 * that throws.
 */
export async function fixtureView(name: string, title: string, source: string): Promise<string> {
  const bundle = await build({
    absWorkingDir: REPO,
    stdin: { contents: source, resolveDir: join(REPO, 'views'), sourcefile: `views/${name}/main.ts`, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return viewDocument({ uri: `ui://kingshot/${name}`, name, title }, { js: bundle.outputFiles[0]!.text, css: '' });
}

/** Polls `read` until `ok` holds; fails after `timeoutMs` with the last value. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}
