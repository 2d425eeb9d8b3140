/**
 * MCP Apps views: the link between a tool's `view: ui://kingshot/<name>` and its source folder `views/<name>/`
 * (entry `main.ts`; `views/shared/` holds what the views share), the checks on that link, and the build of one
 * view into a self-contained HTML document (esbuild bundles the entry with its imports, CSS included; the script
 * and the stylesheet are inlined, so the view makes no request of its own).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type Message } from 'esbuild';
import type { SourceDocument } from './load.js';
import type { ToolEntry } from './model.js';
import type { Problem } from './problems.js';

export const VIEWS_DIR = 'views';
/** The app part of every view URI this server serves: ui://kingshot/<name>. */
const VIEW_APP = 'kingshot';
/** Code the views share; not a view. */
const SHARED_FOLDER = 'shared';

const viewEntry = (name: string) => `${VIEWS_DIR}/${name}/main.ts`;

/** `ui://<app>/<name>` split; undefined for anything else. */
export function parseViewUri(uri: string): { app: string; name: string } | undefined {
  const match = /^ui:\/\/([a-z0-9][a-z0-9-]*)\/([a-z0-9][a-z0-9-]*)$/.exec(uri);
  return match ? { app: match[1]!, name: match[2]! } : undefined;
}

/** A tool's view must be one of this server's and must have its source. */
export function checkViewSource(root: string, tool: ToolEntry, doc: SourceDocument, problems: Problem[]): void {
  if (tool.view === undefined) return;
  const parsed = parseViewUri(tool.view);
  if (!parsed) return; // the URI format is reported by the catalogue checks
  if (parsed.app !== VIEW_APP) {
    problems.push(
      doc.problem(
        '/view',
        `view URI "${tool.view}" must be ui://${VIEW_APP}/<view>: this server's views are built from ${VIEWS_DIR}/<view>/`,
      ),
    );
    return;
  }
  if (parsed.name === SHARED_FOLDER) {
    problems.push(doc.problem('/view', `"${SHARED_FOLDER}" is the views' shared code, not a view name`));
    return;
  }
  if (!existsSync(join(root, viewEntry(parsed.name)))) {
    problems.push(doc.problem('/view', `view ${tool.view} has no source: ${viewEntry(parsed.name)} does not exist`));
  }
}

/** Every folder under views/ (but shared/) must be the view of some tool. */
export function checkOrphanViews(root: string, tools: readonly ToolEntry[], problems: Problem[]): void {
  const declared = new Set(tools.flatMap((t) => (t.view ? [t.view] : [])));
  for (const name of viewFolders(root)) {
    if (name === SHARED_FOLDER || declared.has(`ui://${VIEW_APP}/${name}`)) continue;
    problems.push({
      file: `${VIEWS_DIR}/${name}/`,
      pointer: '',
      message: `view source without a tool: no catalog/tools/*.yaml declares view: ui://${VIEW_APP}/${name} (declare it, or remove the folder)`,
    });
  }
}

function viewFolders(root: string): string[] {
  const dir = join(root, VIEWS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isDirectory())
    .sort();
}

export interface BuiltView {
  js: string;
  css: string;
}

function problemOf(message: Message, fallbackFile: string): Problem {
  const location = message.location;
  if (!location) return { file: fallbackFile, pointer: '', message: `esbuild: ${message.text}` };
  return {
    file: location.file,
    pointer: '',
    line: location.line,
    column: location.column + 1,
    message: `esbuild: ${message.text}`,
  };
}

/**
 * Bundles views/<name>/main.ts and what it imports (TypeScript and CSS), minified. Deterministic for one esbuild version.
 * `generatedModules` are files of generated/ that this same codegen run writes, by path: the bundle takes their new
 * text, not the one on disk, so one run is enough after the catalogue changes them (the views' appInfo reads
 * generated/server-info.ts).
 */
export async function buildView(
  root: string,
  name: string,
  generatedModules: ReadonlyMap<string, string> = new Map(),
): Promise<BuiltView | Problem[]> {
  const entry = viewEntry(name);
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      write: false,
      outdir: 'out',
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
      plugins: [
        {
          name: 'this-run-generated-modules',
          setup(plugin) {
            plugin.onLoad({ filter: /[\\/]generated[\\/].*\.ts$/ }, (args) => {
              const path = relative(root, args.path).replaceAll('\\', '/');
              const contents = generatedModules.get(path);
              return contents === undefined ? undefined : { contents, loader: 'ts' };
            });
          },
        },
      ],
    });
    const text = (extension: string) =>
      result.outputFiles
        .filter((f) => f.path.endsWith(extension))
        .map((f) => f.text)
        .join('');
    const built = { js: text('.js'), css: text('.css') };
    // The script is inlined. esbuild already writes "</script" in the bundle as "<\/script" (and "</style" in the
    // stylesheet as "<\/style"); what it leaves is "<!--", after which an HTML parser that meets "<script" no longer
    // ends the element at our "</script>", and the rest of the document becomes script.
    if (built.js.includes('<!--')) {
      return [
        {
          file: entry,
          pointer: '',
          message:
            'the bundled script contains "<!--", which can keep the inline <script> from ending at its </script>; build that text at run time (esbuild folds "<!" + "--" back into "<!--")',
        },
      ];
    }
    return built;
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) return errors.map((m) => problemOf(m, entry));
    return [{ file: entry, pointer: '', message: `esbuild: ${(error as Error).message}` }];
  }
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** The HTML5 document of a view: inline stylesheet, an empty <main> the script fills, the inline script. */
export function viewDocument(view: { uri: string; name: string; title: string }, built: BuiltView): string {
  return [
    '<!doctype html>',
    `<html lang="en" data-view="${escapeHtml(view.name)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(view.title)}</title>`,
    `<!-- ${escapeHtml(view.uri)}: built by \`npm run codegen\` from ${VIEWS_DIR}/${escapeHtml(view.name)}/ -->`,
    `<style>${built.css.trim()}</style>`,
    '</head>',
    '<body>',
    '<main id="app"></main>',
    `<script>${built.js.trim()}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
