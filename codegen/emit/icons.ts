/**
 * generated/icons.ts: the icons of the server and of each tool, from catalog/icons/ (`server.svg`, `<tool>.svg`,
 * checked by codegen/check/icons.ts). The service serves each file at /icons/<file> and names it in
 * `serverInfo.icons` and the tools' `icons` (docs/protocol.md, "Directory listing").
 */
import { SERVER_ICON } from '../check/icons.js';
import type { EmitInput } from '../model.js';
import { addConstant, banner, createProject, finish, newSourceFile, type EmittedFiles } from './shared.js';

export function emitIcons({ icons, catalog }: EmitInput): EmittedFiles {
  const project = createProject();
  const file = newSourceFile(project, 'generated/icons.ts');
  const files = icons.map((icon) => icon.name);
  addConstant(file, {
    name: 'ICON_FILES',
    type: 'Readonly<Record<string, string>>',
    docs: 'Each icon file of catalog/icons/ by file name (SVG text), served at /icons/<file>.',
    value: Object.fromEntries(icons.map((icon) => [icon.name, icon.text])),
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
