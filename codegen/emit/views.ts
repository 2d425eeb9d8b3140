/**
 * generated/views/: one module per MCP Apps view holding its built HTML document, and an index listing every view
 * with its URI, the tools that show it, and the resources/list metadata. src/mcp/resources.ts serves them.
 */
import type { BuiltView } from '../build/views.js';
import { parseViewUri, VIEWS_DIR } from '../load/views.js';
import type { Catalog, ToolEntry } from '../model.js';
import {
  addConstant,
  banner,
  camelCase,
  CodeReference,
  createProject,
  finish,
  newSourceFile,
  printLiteral,
  type EmittedFiles,
} from './shared.js';

export interface ViewSpec {
  uri: string;
  name: string;
  title: string;
  description: string;
  tools: string[];
}

/** One entry per distinct view URI, sorted by URI; title and description come from the tools that link it. */
export function viewSpecs(catalog: Catalog): ViewSpec[] {
  const byUri = new Map<string, ToolEntry[]>();
  for (const tool of catalog.tools) if (tool.view) byUri.set(tool.view, [...(byUri.get(tool.view) ?? []), tool]);
  return [...byUri.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([uri, tools]) => {
      const names = tools.map((t) => t.name);
      return {
        uri,
        name: parseViewUri(uri)!.name,
        title: tools[0]!.title,
        description: `MCP Apps view of the ${names.join(' / ')} result. The tool's text content carries the same data for hosts without views.`,
        tools: names,
      };
    });
}

/** `views` holds each view's bundle by name, built by codegen/build/views.ts for every spec of viewSpecs. */
export function emitViews(catalog: Catalog, views: ReadonlyMap<string, BuiltView>): EmittedFiles {
  const files: EmittedFiles = new Map();
  const project = createProject();
  const specs = viewSpecs(catalog);

  for (const spec of specs) {
    const html = viewDocument(spec, views.get(spec.name)!);
    const file = newSourceFile(project, `generated/views/${spec.name}.ts`);
    addConstant(file, {
      name: 'html',
      type: 'string',
      docs: `The HTML document of ${spec.uri} (${Buffer.byteLength(html)} bytes), built from ${VIEWS_DIR}/${spec.name}/.`,
      value: html,
    });
    files.set(
      `generated/views/${spec.name}.ts`,
      finish(file, banner(`${VIEWS_DIR}/${spec.name}/ and ${VIEWS_DIR}/shared/`)),
    );
  }

  const index = newSourceFile(project, 'generated/views/index.ts');
  for (const spec of specs)
    index.addImportDeclaration({
      moduleSpecifier: `./${spec.name}.js`,
      namedImports: [{ name: 'html', alias: camelCase(spec.name) }],
    });
  index.addInterface({
    isExported: true,
    name: 'ViewDocument',
    docs: ['An MCP Apps view: a `ui://` resource with mimeType text/html;profile=mcp-app.'],
    properties: [
      { name: 'uri', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'title', type: 'string' },
      { name: 'description', type: 'string' },
      { name: 'tools', type: 'readonly string[]', docs: ['The tools whose `_meta.ui.resourceUri` names this view.'] },
      { name: 'html', type: 'string' },
    ],
  });
  // The document is referred to by its import, not copied: a CodeReference prints as the imported name.
  const entries = specs.map((spec) => printLiteral({ ...spec, html: new CodeReference(camelCase(spec.name)) }, '  '));
  addConstant(index, {
    name: 'VIEWS',
    type: 'readonly ViewDocument[]',
    docs: 'Every view the catalogue declares, sorted by URI.',
    initializer: entries.length === 0 ? '[]' : `[\n${entries.map((e) => `  ${e},`).join('\n')}\n]`,
  });
  files.set('generated/views/index.ts', finish(index, banner(`catalog/tools/*.yaml (view) and ${VIEWS_DIR}/`)));
  return files;
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
