/**
 * What client directories check (docs/protocol.md, "Directory listing"): icons on the server and every tool, served
 * by the service; `annotations.title` on every tool; `tools/list` in its documented, fixed order (by tool name).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkIcons } from '../../codegen/check/icons.js';
import { loadCatalog } from '../../codegen/generate.js';
import { readIcons } from '../../codegen/load/files.js';
import { TOOLS } from '../../generated/tools/index.js';
import { BASE, rpc, testApp } from '../helpers.js';

const REPO = resolve(import.meta.dirname, '../..');
const app = testApp();
const ICON_DIR = join(REPO, 'catalog/icons');
const PUBLIC = TOOLS.filter((t) => t.availability === 'public').map((t) => t.name);

async function get(path: string) {
  const res = await app.request(`${BASE}${path}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('icons', () => {
  it('the catalogue has server.svg and one icon per tool, and nothing else', () => {
    expect(readdirSync(ICON_DIR).sort()).toEqual(['server.svg', ...TOOLS.map((t) => `${t.name}.svg`)].sort());
  });

  it('serverInfo.icons names the server icon, which the service serves as a script-free SVG', async () => {
    const { json } = await rpc(app, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(json.result.serverInfo.icons).toEqual([
      { src: `${BASE}/icons/server.svg`, mimeType: 'image/svg+xml', sizes: ['any'] },
    ]);
    const icon = await get('/icons/server.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(icon.text).toBe(readFileSync(join(ICON_DIR, 'server.svg'), 'utf8'));
  });

  it.each(['2025-11-25', '2025-06-18'])('every tool lists its icon at %s, and each icon is served', async (version) => {
    const { json } = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': version });
    for (const tool of json.result.tools as { name: string; icons: unknown }[]) {
      expect(tool.icons, tool.name).toEqual([
        { src: `${BASE}/icons/${tool.name}.svg`, mimeType: 'image/svg+xml', sizes: ['any'] },
      ]);
      const icon = await get(`/icons/${tool.name}.svg`);
      expect(icon.status, tool.name).toBe(200);
      expect(icon.text).toBe(readFileSync(join(ICON_DIR, `${tool.name}.svg`), 'utf8'));
    }
  });

  it('eras before 2025-06-18 list no icons (their Tool has none)', async () => {
    for (const version of ['2025-03-26', '2024-11-05']) {
      const { json } = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': version });
      expect(json.result.tools.filter((t: { icons?: unknown }) => t.icons !== undefined)).toEqual([]);
    }
  });

  it.each(['/icons/nope.svg', '/icons/..%2Fpackage.json', '/icons/constructor', '/icons/__proto__'])(
    '%s is a 404',
    async (path) => {
      expect((await get(path)).status).toBe(404);
    },
  );

  it('codegen refuses an icon with a script, an event handler or a link out, and one named after no tool', () => {
    const root = mkdtempSync(join(tmpdir(), 'kingshot-icons-'));
    mkdirSync(join(root, 'catalog/icons'), { recursive: true });
    const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`;
    writeFileSync(join(root, 'catalog/icons/server.svg'), svg('<script>alert(1)</script>'));
    writeFileSync(join(root, 'catalog/icons/get_hero.svg'), svg('<rect onload="x()"/>'));
    writeFileSync(join(root, 'catalog/icons/get_item.svg'), svg('<image href="https://evil.example/x.png"/>'));
    writeFileSync(join(root, 'catalog/icons/get_event.svg'), svg('<rect width="1"/>'));
    writeFileSync(join(root, 'catalog/icons/stray.svg'), svg(''));
    const { catalog } = loadCatalog(REPO);
    expect(checkIcons(readIcons(root), catalog!)).toEqual([
      {
        file: 'catalog/icons/get_hero.svg',
        pointer: '',
        line: 1,
        column: 1,
        message: 'holds a script, event handler, foreignObject or external reference',
      },
      {
        file: 'catalog/icons/get_item.svg',
        pointer: '',
        line: 1,
        column: 1,
        message: 'holds a script, event handler, foreignObject or external reference',
      },
      {
        file: 'catalog/icons/server.svg',
        pointer: '',
        line: 1,
        column: 1,
        message: 'holds a script, event handler, foreignObject or external reference',
      },
      {
        file: 'catalog/icons/stray.svg',
        pointer: '',
        line: 1,
        column: 1,
        message: 'is named after no tool (expected server.svg or <tool>.svg)',
      },
    ]);
  });
});

describe('tool titles and order', () => {
  it('every tool has annotations.title (its title) from 2025-03-26 on', async () => {
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const { json } = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': version });
      for (const tool of json.result.tools as { name: string; annotations: { title: string } }[])
        expect(tool.annotations.title, tool.name).toBe(TOOLS.find((t) => t.name === tool.name)!.title);
    }
  });

  it('tools/list is ordered by tool name, the same at every version and on every request', async () => {
    const sorted = [...PUBLIC].sort();
    for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      for (let i = 0; i < 2; i++) {
        const { json } = await rpc(app, 'tools/list', undefined, { 'mcp-protocol-version': version });
        expect(json.result.tools.map((t: { name: string }) => t.name)).toEqual(sorted);
      }
    }
  });
});
