/**
 * Errors on web pages are web pages: a request to a page path that Node's parser or the request adapter refuses
 * (a raw ★ in the request line, a bad Host) gets an HTML page with a link home, or Markdown for
 * `Accept: text/markdown`, never a JSON-RPC body; the MCP endpoint keeps its JSON errors. A query the page cannot
 * use is a page too. Driven over raw sockets against the real service (src/main.ts), every page of the sitemap.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';
import { SITEMAP_PAGES } from '../support/sitemap-pages.js';

let service: RunningService;
let pagePaths: string[];
beforeAll(async () => {
  service = await startService();
  const xml = await (await fetch(`${service.baseUrl}/sitemap.xml`)).text();
  pagePaths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')).pathname);
}, 60_000);
afterAll(async () => {
  await service.stop();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends the bytes as they are (UTF-8) and reads the answer until the server closes the connection. */
function raw(text: string): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const socket = connect(service.port, '127.0.0.1', () => socket.end(Buffer.from(text, 'utf8')));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', fail);
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('close', () => {
      clearTimeout(timer);
      const received = Buffer.concat(chunks).toString('utf8');
      const at = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = received.slice(0, at).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      done({ status: Number(statusLine.split(' ')[1]), headers, body: received.slice(at + 4) });
    });
  });
}

const host = () => `Host: 127.0.0.1:${service.port}`;
const GEAR_RAW = '/calculators/governor-gear-cost?from=Gold+T2+★1&to=Gold+T3+★3&pieces=2';
const GEAR_ENCODED = '/calculators/governor-gear-cost?from=Gold+T2+%E2%98%851&to=Gold+T3+%E2%98%853&pieces=2';

describe('a raw ★ in the request line (Node refuses it, even with insecureHTTPParser)', () => {
  it('a calculator link: an HTML page that says to percent-encode, with the encoded link and a link home', async () => {
    const answer = await raw(`GET ${GEAR_RAW} HTTP/1.1\r\n${host()}\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(answer.body).toContain('<h1>This link could not be read</h1>');
    expect(answer.body).toContain('must carry percent-encoded');
    expect(answer.body).toContain(`<a href="${GEAR_ENCODED.replaceAll('&', '&amp;')}">`);
    expect(answer.body).toContain('<a href="/">home page</a>');
    expect(answer.body).not.toContain('jsonrpc');
    // The encoded link is the calculator's result.
    const followed = await fetch(`${service.baseUrl}${GEAR_ENCODED}`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain('Gold T2 ★1');
  });

  it('with Accept: text/markdown, the same as Markdown', async () => {
    const answer = await raw(`GET ${GEAR_RAW} HTTP/1.1\r\n${host()}\r\nAccept: text/markdown\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(answer.body).toBe(
      [
        '# This link could not be read',
        '',
        'The address has a character written as is that a web address must carry percent-encoded (a space, or a character such as ★, written %E2%98%85), so the server could not read the request. Browsers encode links themselves; a link pasted into curl or a chat app may need it done by hand.',
        '',
        'The same link, encoded:',
        '',
        `<${GEAR_ENCODED}>`,
        '',
        'Start from the [home page](/).',
        '',
      ].join('\n'),
    );
  });

  it('a protocol-relative target gets no link elsewhere, only the explanation and the link home', async () => {
    const answer = await raw(`GET //evil.example/★ HTTP/1.1\r\n${host()}\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).not.toContain('evil.example');
    expect(answer.body).toContain('<a href="/">home page</a>');
  });

  it('/mcp keeps its JSON-RPC error', async () => {
    const answer = await raw(`POST /mcp?x=★ HTTP/1.1\r\n${host()}\r\nContent-Length: 0\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Bad Request: the request is not valid HTTP/1.1, so it was not read.' },
    });
  });
});

describe('every page path answers a malformed request with a page', () => {
  it('has the pages of the sitemap to try', () => {
    expect(pagePaths).toHaveLength(SITEMAP_PAGES);
  });

  it('a raw ★ in the query: HTML with a link home, or Markdown for Accept: text/markdown', async () => {
    const wrong: string[] = [];
    for (const path of pagePaths) {
      const html = await raw(`GET ${path}?q=★ HTTP/1.1\r\n${host()}\r\n\r\n`);
      const markdown = await raw(`GET ${path}?q=★ HTTP/1.1\r\n${host()}\r\nAccept: text/markdown\r\n\r\n`);
      const htmlOk =
        html.status === 400 &&
        html.headers['content-type'] === 'text/html; charset=utf-8' &&
        html.body.includes('<a href="/">home page</a>') &&
        html.body.includes(`<a href="${path}?q=%E2%98%85">`);
      const markdownOk =
        markdown.status === 400 &&
        markdown.headers['content-type'] === 'text/markdown; charset=utf-8' &&
        markdown.body.startsWith('# This link could not be read\n') &&
        markdown.body.includes(`<${path}?q=%E2%98%85>`);
      if (!htmlOk || !markdownOk) wrong.push(path);
    }
    expect(wrong).toEqual([]);
  });

  it('a Host that is not a host: the adapter refuses it with a page (HTML or Markdown), /mcp with JSON', async () => {
    const page = await raw(`GET /heroes/amane HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`);
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Bad Request: the Host header is missing or is not a host[:port].');
    expect(page.body).toContain('<a href="/">home page</a>');
    const markdown = await raw(
      `GET /tier-list HTTP/1.1\r\nHost: a b\r\nAccept: text/markdown\r\nConnection: close\r\n\r\n`,
    );
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.body).toBe(
      '# This link could not be read\n\nBad Request: the Host header is missing or is not a host[:port].\n\nStart from the [home page](/).\n',
    );
    const mcp = await raw(`POST /mcp HTTP/1.1\r\nHost: a b\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(mcp.headers['content-type']).toBe('application/json');
  });

  it('a bad query (broken percent-encoding, wrong values): a page, never a server error or JSON', async () => {
    const wrong: string[] = [];
    for (const path of pagePaths) {
      for (const accept of ['text/html', 'text/markdown']) {
        const response = await fetch(`${service.baseUrl}${path}?q=%ZZ%E2&from=%FF%FE&to=&pieces=lots&kind=%00`, {
          headers: { accept },
        });
        const type = response.headers.get('content-type');
        const body = await response.text();
        const ok =
          [200, 400].includes(response.status) &&
          type === (accept === 'text/html' ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8') &&
          (accept === 'text/html' ? body.includes('<a href="/">Kingshot Companion</a>') : body.startsWith('# '));
        if (!ok) wrong.push(`${path} ${accept}: ${response.status} ${type}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
