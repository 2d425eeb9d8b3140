/**
 * The icons of catalog/icons/ (`server.svg`, `<tool>.svg`). Only SVG without scripts, event handlers or external
 * references is taken: an icon is served from the service's own origin, so it must not be able to run anything there.
 */
import { ICONS_FOLDER } from '../load/files.js';
import type { Catalog, IconFile } from '../model.js';
import { fileProblem, type Problem } from '../problems.js';

export const SERVER_ICON = 'server.svg';
/** Anything in an SVG that could run or fetch: scripts, event handler attributes, foreign objects, links out. */
const UNSAFE_SVG = /<script|\son[a-z]+\s*=|<foreignObject|href\s*=\s*["'](?!#)|javascript:/i;
const MAX_ICON_BYTES = 16 * 1024;

/** Problems with the icon files: unsafe or oversized SVG, or an icon named after no tool. */
export function checkIcons(icons: readonly IconFile[], catalog: Catalog): Problem[] {
  const names = new Set([SERVER_ICON, ...catalog.tools.map((t) => `${t.name}.svg`)]);
  return icons.flatMap(({ name, text }): Problem[] => {
    const path = `${ICONS_FOLDER}/${name}`;
    if (!names.has(name)) return [fileProblem(path, `is named after no tool (expected server.svg or <tool>.svg)`)];
    if (!text.trimStart().startsWith('<svg')) return [fileProblem(path, 'must be an SVG document starting with <svg')];
    if (Buffer.byteLength(text) > MAX_ICON_BYTES) return [fileProblem(path, `is larger than ${MAX_ICON_BYTES} bytes`)];
    if (UNSAFE_SVG.test(text))
      return [fileProblem(path, 'holds a script, event handler, foreignObject or external reference')];
    return [];
  });
}
