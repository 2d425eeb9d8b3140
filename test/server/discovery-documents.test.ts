/**
 * The discovery documents as the real service serves them (docs/protocol.md, "Discovery documents"): the registry's
 * server.json and the server card built for BASE_URL, each passing its published schema, with the headers the
 * server card draft asks for (CORS `*`, an hour of caching, an ETag honoured by If-None-Match), and compressed like
 * the website's other text.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryValidator, serverCardValidator } from '../../codegen/check/server.js';
import { readSchemaFiles } from '../../codegen/load/files.js';
import { REPO } from '../codegen/fixture-root.js';
import { BASE, testApp } from '../helpers.js';
import { startService, type RunningService } from '../service.js';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
};
const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

function identity(origin: string) {
  return {
    name: `${new URL(origin).hostname.split('.').reverse().join('.')}/kingshot`,
    title: 'Kingshot Companion',
    description: "Kingshot game reference, upgrade-cost calculators and a signed-in player's saved goals.",
    version: '1.0.0',
    websiteUrl: `${origin}/`,
    icons: [{ src: `${origin}/icons/server.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }],
  };
}

function headersOf(res: Response, names: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, res.headers.get(name)]));
}

describe('discovery documents from the running service', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService();
  }, 60_000);
  afterAll(async () => service.stop());

  it('GET /server.json is the registry entry for BASE_URL with both endpoints, valid under the 2025-12-11 schema', async () => {
    const res = await fetch(`${service.baseUrl}/server.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(headersOf(res, ['content-type', 'cache-control', ...Object.keys(CORS)])).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      ...CORS,
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      ...identity(service.baseUrl),
      name: '1.0.0.127/kingshot',
      remotes: [
        { type: 'streamable-http', url: `${service.baseUrl}/mcp` },
        { type: 'streamable-http', url: `${service.baseUrl}/mcp/account` },
      ],
    });
    const validate = registryValidator(readSchemaFiles(REPO).published);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the server card is served at each endpoint + /server-card and at the well-known path, as the card media type', async () => {
    const paths = ['/mcp/server-card', '/mcp/account/server-card', '/.well-known/mcp/server-card.json'];
    const replies = await Promise.all(
      paths.map((path) =>
        fetch(`${service.baseUrl}${path}`, {
          headers: { accept: 'application/mcp-server-card+json', 'accept-encoding': 'identity' },
        }),
      ),
    );
    const texts = await Promise.all(replies.map((res) => res.text()));
    for (const res of replies) {
      expect(res.status).toBe(200);
      expect(headersOf(res, ['content-type', 'cache-control', ...Object.keys(CORS)])).toEqual({
        'content-type': 'application/mcp-server-card+json; charset=utf-8',
        'cache-control': 'public, max-age=3600',
        ...CORS,
      });
      expect(res.headers.get('etag')).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    }
    expect(new Set(texts).size).toBe(1);
    expect(new Set(replies.map((res) => res.headers.get('etag'))).size).toBe(1);
    const card = JSON.parse(texts[0]!) as Record<string, unknown>;
    expect(card).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      ...identity(service.baseUrl),
      name: '1.0.0.127/kingshot',
      remotes: [
        { type: 'streamable-http', url: `${service.baseUrl}/mcp`, supportedProtocolVersions: VERSIONS },
        { type: 'streamable-http', url: `${service.baseUrl}/mcp/account`, supportedProtocolVersions: VERSIONS },
      ],
    });
    const validate = serverCardValidator(readSchemaFiles(REPO).published);
    expect(validate(card), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers If-None-Match with its ETag by 304 and no body, and another tag with the document', async () => {
    const first = await fetch(`${service.baseUrl}/mcp/server-card`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${service.baseUrl}/mcp/server-card`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(await again.text()).toBe('');
    const strongForm = await fetch(`${service.baseUrl}/mcp/server-card`, {
      headers: { 'if-none-match': `"other", ${etag.slice(2)}` },
    });
    expect(strongForm.status).toBe(304);
    const other = await fetch(`${service.baseUrl}/mcp/server-card`, { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(await first.text());
  });

  it('answers a CORS preflight with 204 and the same headers', async () => {
    const res = await fetch(`${service.baseUrl}/mcp/server-card`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(headersOf(res, Object.keys(CORS))).toEqual(CORS);
  });

  it('sends a card under 1024 bytes as it is, like the website text of that size', async () => {
    const plain = await (
      await fetch(`${service.baseUrl}/mcp/server-card`, { headers: { 'accept-encoding': 'identity' } })
    ).text();
    expect(plain.length).toBeLessThan(1024);
    const res = await fetch(`${service.baseUrl}/mcp/server-card`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(plain);
  });

  it('GET /.well-known/ai-catalog.json points at the card', async () => {
    const res = await fetch(`${service.baseUrl}/.well-known/ai-catalog.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ai-catalog+json; charset=utf-8');
    expect(await res.json()).toEqual({
      specVersion: '1.0',
      entries: [
        {
          identifier: 'urn:air:127.0.0.1:mcp:kingshot',
          type: 'application/mcp-server-card+json',
          url: `${service.baseUrl}/mcp/server-card`,
        },
      ],
    });
  });
});

describe('discovery documents without the account stack', () => {
  it('list only the public endpoint, and no card at the account path', async () => {
    const app = testApp();
    const card = (await (await app.request(`${BASE}/mcp/server-card`)).json()) as { remotes: { url: string }[] };
    expect(card.remotes.map((remote) => remote.url)).toEqual([`${BASE}/mcp`]);
    const serverJson = (await (await app.request(`${BASE}/server.json`)).json()) as {
      name: string;
      remotes: unknown[];
    };
    expect(serverJson.name).toBe('1.0.0.127/kingshot');
    expect(serverJson.remotes).toEqual([{ type: 'streamable-http', url: `${BASE}/mcp` }]);
    expect((await app.request(`${BASE}/mcp/account/server-card`)).status).toBe(404);
  });

  it('compresses a card over 1024 bytes (a longer public origin) as br when asked, the same text once decoded', async () => {
    const origin = 'https://kingshot-companion-mirror.guild-of-the-northern-kingdoms-and-far-isles.example.org';
    const app = testApp({ config: { baseUrl: origin, allowedHosts: new Set([new URL(origin).host]) } });
    const plain = await (await app.request(`${origin}/mcp/server-card`)).text();
    expect(Buffer.byteLength(plain)).toBe(1030);
    const res = await app.request(`${origin}/mcp/server-card`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(plain);
  });
});
