/** The HTTP rules of the MCP endpoints (docs/protocol.md, "Protocol behaviour") through app.request(). */
import { describe, expect, it } from 'vitest';
import { BASE, MCP_HEADERS, post, rpc, testApp } from '../helpers.js';
import { TOOLS } from '../../generated/tools/index.js';

const app = testApp();
const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

async function status(body: unknown, headers: Record<string, string> = {}) {
  const res = await post(app, body, headers);
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

describe('one JSON-RPC message per POST', () => {
  it('a batch is 400 with -32600 at every protocol version', async () => {
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const r = await status([{ jsonrpc: '2.0', id: 1, method: 'ping' }], { 'mcp-protocol-version': version });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    }
  });
  it('malformed JSON is 400 with -32700', async () => {
    const r = await status('{"jsonrpc":"2.0",');
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32700);
  });
  it.each([
    ['missing jsonrpc', { id: 1, method: 'ping' }],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['non-string method', { jsonrpc: '2.0', id: 1, method: 7 }],
    ['fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }],
    ['null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
    ['object id', { jsonrpc: '2.0', id: {}, method: 'ping' }],
    ['array params', { jsonrpc: '2.0', id: 1, method: 'ping', params: [] }],
    ['null params', { jsonrpc: '2.0', id: 1, method: 'ping', params: null }],
    ['a string body', 'ping'],
    ['no method', { jsonrpc: '2.0', id: 1 }],
  ])('%s is 400 with -32600', async (_, body) => {
    const r = await status(typeof body === 'string' ? JSON.stringify(body) : body);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32600);
  });
  it('echoes a readable id in the -32600 error', async () => {
    const r = await status({ jsonrpc: '2.0', id: 'abc', method: 'ping', params: 3 });
    expect(r.json.id).toBe('abc');
  });
});

describe('notifications and client responses', () => {
  it.each(['notifications/initialized', 'notifications/cancelled', 'notifications/whatever', 'tools/call'])(
    '%s without id is 202 with no body',
    async (method) => {
      const r = await status(
        { jsonrpc: '2.0', method, params: { requestId: 1 } },
        { 'mcp-protocol-version': '2025-11-25' },
      );
      expect(r.status).toBe(202);
      expect(r.text).toBe('');
    },
  );
  it('a malformed notification is still 400', async () => {
    expect((await status('{"jsonrpc":"2.0","method":"notifications/initialized"')).status).toBe(400);
  });
  it('a JSON-RPC response sent by the client is accepted with 202', async () => {
    expect((await status({ jsonrpc: '2.0', id: 4, result: {} })).status).toBe(202);
  });
});

describe('request headers', () => {
  it.each([
    ['no Content-Type', { 'content-type': '' }],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('%s is 415 with -32600', async (_, headers) => {
    const r = await status({ jsonrpc: '2.0', id: 1, method: 'ping' }, headers);
    expect(r.status).toBe(415);
    expect(r.json.error.code).toBe(-32600);
  });
  it('accepts a charset parameter on Content-Type when it is UTF-8', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
      'Application/JSON ; Charset=Utf-8',
      'application/json; charset=utf8',
    ]) {
      expect((await status({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'content-type': type })).status, type).toBe(
        200,
      );
    }
  });
  it.each([
    ['application/json; charset=utf-16', 'utf-16'],
    ['application/json; charset=UTF-16LE', 'UTF-16LE'],
    ['application/json; charset="iso-8859-1"', 'iso-8859-1'],
    ['application/json; charset=', ''],
    ['application/json; charset=utf-8; charset=utf-16', 'utf-16'],
  ])('%s is 415 with -32600 naming the charset (the body would be decoded as UTF-8)', async (type, charset) => {
    const r = await status({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'content-type': type });
    expect(r.status).toBe(415);
    expect(r.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: `Unsupported Media Type: charset "${charset}" is not supported; send the JSON-RPC message as UTF-8 with Content-Type: application/json (or application/json; charset=utf-8).`,
      },
    });
  });
  it.each([
    ['no Accept', ''],
    ['only application/json', 'application/json'],
    ['only text/event-stream', 'text/event-stream'],
    ['json refused with q=0', 'application/json;q=0, text/event-stream'],
    ['text/html', 'text/html'],
  ])('%s is 406 with -32600', async (_, accept) => {
    const r = await status({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept });
    expect(r.status).toBe(406);
    expect(r.json.error.code).toBe(-32600);
  });
  it.each([
    '*/*',
    'application/*, text/*',
    'application/json, text/*',
    'application/json;q=0.9, text/event-stream;q=0.5',
    '*/*;q=0.8',
  ])('Accept %j is enough', async (accept) => {
    expect((await status({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept })).status).toBe(200);
  });
  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'])(
    'MCP-Protocol-Version %s is supported',
    async (version) => {
      const r = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': version });
      expect(r.status).toBe(200);
      expect(Array.isArray(r.json.result.tools)).toBe(true);
    },
  );
  it('an unsupported MCP-Protocol-Version is 400 -32022 and lists the supported ones', async () => {
    const r = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': '2099-01-01' });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32022);
    expect(r.json.error.data).toEqual({ supported: SUPPORTED, requested: '2099-01-01' });
    expect(r.json.error.message).toContain('2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07');
  });
  it('a _meta claim of an unsupported version is refused like the header, on a request or a notification', async () => {
    const meta = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
    const request = await status({ jsonrpc: '2.0', id: 'a', method: 'ping', params: meta });
    expect(request.status).toBe(400);
    expect(request.json).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      error: {
        code: -32022,
        message: `Unsupported protocol version "2026-07-28" (_meta["io.modelcontextprotocol/protocolVersion"]). This server speaks ${SUPPORTED.join(', ')}: start with initialize.`,
        data: { supported: SUPPORTED, requested: '2026-07-28' },
      },
    });
    const notification = await status({ jsonrpc: '2.0', method: 'notifications/initialized', params: meta });
    expect(notification.status).toBe(400);
    expect(notification.json.error.code).toBe(-32022);
    // A supported header does not launder an unsupported _meta claim.
    const both = await status(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: meta },
      {
        'mcp-protocol-version': '2025-11-25',
      },
    );
    expect(both.status).toBe(400);
    expect(both.json.error.data.requested).toBe('2026-07-28');
  });
  it('a non-string _meta version is refused without echoing it', async () => {
    const r = await status({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': { x: 1 } } },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.data).toEqual({ supported: SUPPORTED });
    expect(r.json.error.message).toContain('Unsupported protocol version a non-string value');
  });
  it('a supported _meta version without a header is served in that era', async () => {
    const r = await status({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } },
    });
    expect(r.status).toBe(200);
    expect(r.json.result.tools[0].outputSchema).toBeDefined();
  });
  it.each([undefined, '2025-11-25', '2026-07-28'])(
    'server/discover (header %s) is 400 -32022, never 200 with -32601',
    async (header) => {
      const r = await status(
        { jsonrpc: '2.0', id: 9, method: 'server/discover' },
        header ? { 'mcp-protocol-version': header } : {},
      );
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe(-32022);
      expect(r.json.error.data).toEqual({ supported: SUPPORTED, ...(header ? { requested: header } : {}) });
      const why =
        header === '2026-07-28'
          ? 'Unsupported protocol version "2026-07-28" (MCP-Protocol-Version header).'
          : 'server/discover belongs to MCP 2026-07-28, which this server does not speak.';
      expect(r.json.error.message).toBe(`${why} This server speaks ${SUPPORTED.join(', ')}: start with initialize.`);
    },
  );
  it('initialize is never refused for its version header: it negotiates in params', async () => {
    const r = await rpc(
      app,
      'initialize',
      { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      { 'mcp-protocol-version': '2099-01-01' },
    );
    expect(r.status).toBe(200);
    expect(r.json.result.protocolVersion).toBe('2025-11-25');
  });
  it('no header means 2025-03-26: annotations but no outputSchema', async () => {
    const tool = (await rpc(app, 'tools/list')).json.result.tools[0];
    expect(tool.annotations).toEqual({
      title: TOOLS.find((t) => t.name === tool.name)!.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tool.outputSchema).toBeUndefined();
  });
  it('Idempotency-Key up to 255 characters is accepted, and has no effect on the result', async () => {
    const plain = await rpc(app, 'tools/call', { name: 'hero_widgets_cost', arguments: { from: 0, to: 10 } });
    const keyed = await rpc(
      app,
      'tools/call',
      { name: 'hero_widgets_cost', arguments: { from: 0, to: 10 } },
      { 'idempotency-key': 'k'.repeat(255) },
    );
    expect(keyed.status).toBe(200);
    expect(keyed.json.result).toEqual(plain.json.result);
  });
  it('Idempotency-Key of 256 characters is 400', async () => {
    const r = await rpc(app, 'ping', undefined, { 'idempotency-key': 'k'.repeat(256) });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toContain('255');
  });
});

describe('body limits and bad bytes', () => {
  it('over 1 MiB is 413 with -32600 (declared length)', async () => {
    const r = await status(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(1024 * 1024)}"}}`);
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe(-32600);
  });
  it('over 1 MiB without a declared length (streamed) is 413 and the rest is not read', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 64) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await app.request(`${BASE}/mcp`, {
      method: 'POST',
      headers: MCP_HEADERS,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(64);
  });
  it('exactly at the limit is parsed (no off-by-one)', async () => {
    const prefix = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"';
    const suffix = '"}}';
    const r = await status(`${prefix}${'x'.repeat(1024 * 1024 - prefix.length - suffix.length)}${suffix}`);
    expect(r.status).toBe(200);
  });
  it('malformed UTF-8 is 400 with -32700', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"'),
      0xc3,
      0x28,
      ...new TextEncoder().encode('"}'),
    ]);
    const res = await app.request(`${BASE}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: bytes });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32700);
  });
  it('JSON nested deeper than 64 levels is 400 with -32600, even inside a string-free array', async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const r = await status(deep);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32600);
  });
  it('brackets inside strings do not count as nesting', async () => {
    const r = await status({ jsonrpc: '2.0', id: 1, method: 'ping', params: { text: '['.repeat(1000) } });
    expect(r.status).toBe(200);
  });
});

describe('other HTTP methods', () => {
  it.each(['GET', 'DELETE', 'PUT', 'PATCH'])('%s is 405 with Allow: POST (never 404 or 400)', async (method) => {
    const res = await app.request(`${BASE}/mcp`, { method, headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
    expect((await res.json()).error.code).toBe(-32600);
  });
  it('OPTIONS without Origin (not a CORS preflight) is 204 with Allow: POST, OPTIONS, not the HTML 404 page', async () => {
    const res = await app.request(`${BASE}/mcp`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });
  it('responses are application/json and carry no session id', async () => {
    const r = await rpc(app, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('mcp-session-id')).toBeNull();
  });
});
