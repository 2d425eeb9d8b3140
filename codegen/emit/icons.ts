/**
 * generated/icons.ts: the icons of the server and of each tool, from catalog/icons/ (`server.svg`, `<tool>.svg`).
 * The service serves each file at /icons/<file> and names it in `serverInfo.icons` and the tools' `icons`
 * (docs/protocol.md, "Directory listing"). Only SVG without scripts, event handlers or external references is
 * taken: an icon is served from the service's own origin, so it must not be able to run anything there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../model.js';
import type { Problem } from '../problems.js';
import { addConstant, banner, createProject, finish, newSourceFile, type EmittedFiles } from './shared.js';

const ICONS_FOLDER = 'catalog/icons';
export const SERVER_ICON = 'server.svg';
/** Anything in an SVG that could run or fetch: scripts, event handler attributes, foreign objects, links out. */
const UNSAFE_SVG = /<script|\son[a-z]+\s*=|<foreignObject|href\s*=\s*["'](?!#)|javascript:/i;
const MAX_ICON_BYTES = 16 * 1024;

function iconFiles(root: string): string[] {
  const folder = join(root, ICONS_FOLDER);
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.svg'))
        .sort()
    : [];
}

/** Problems with the icon files: unsafe or oversized SVG, or an icon named after no tool. */
export function checkIcons(root: string, catalog: Catalog): Problem[] {
  const names = new Set([SERVER_ICON, ...catalog.tools.map((t) => `${t.name}.svg`)]);
  return iconFiles(root).flatMap((file): Problem[] => {
    const path = `${ICONS_FOLDER}/${file}`;
    const text = readFileSync(join(root, path), 'utf8');
    if (!names.has(file))
      return [{ file: path, pointer: '', message: `is named after no tool (expected server.svg or <tool>.svg)` }];
    if (!text.trimStart().startsWith('<svg'))
      return [{ file: path, pointer: '', message: 'must be an SVG document starting with <svg' }];
    if (Buffer.byteLength(text) > MAX_ICON_BYTES)
      return [{ file: path, pointer: '', message: `is larger than ${MAX_ICON_BYTES} bytes` }];
    if (UNSAFE_SVG.test(text))
      return [
        { file: path, pointer: '', message: 'holds a script, event handler, foreignObject or external reference' },
      ];
    return [];
  });
}

export function emitIcons(root: string, catalog: Catalog): EmittedFiles {
  const project = createProject();
  const file = newSourceFile(project, 'generated/icons.ts');
  const files = iconFiles(root);
  addConstant(file, {
    name: 'ICON_FILES',
    type: 'Readonly<Record<string, string>>',
    docs: 'Each icon file of catalog/icons/ by file name (SVG text), served at /icons/<file>.',
    value: Object.fromEntries(files.map((name) => [name, readFileSync(join(root, ICONS_FOLDER, name), 'utf8')])),
  });
  addConstant(file, {
    name: 'SERVER_ICON_FILE',
    type: 'string | undefined',
    docs: "The server's icon (serverInfo.icons), when catalog/icons/server.svg exists.",
    value: files.includes(SERVER_ICON) ? SERVER_ICON : undefined,
  });
  addConstant(file, {
    name: 'TOOL_ICON_FILES',
    type: 'Readonly<Record<string, string>>',
    docs: "Each tool's icon file (the tool's `icons`), for the tools that have catalog/icons/<tool>.svg.",
    value: Object.fromEntries(
      catalog.tools.filter((t) => files.includes(`${t.name}.svg`)).map((t) => [t.name, `${t.name}.svg`]),
    ),
  });
  return new Map([['generated/icons.ts', finish(file, banner('catalog/icons/*.svg'))]]);
}
