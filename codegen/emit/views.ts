/**
 * generated/views/: one module per MCP Apps view holding its built HTML document, and an index listing every view
 * with its URI, the tools that show it, and the resources/list metadata. src/mcp/resources.ts serves them.
 */
import type { Catalog, ToolEntry } from '../model.js';
import { CatalogInvalidError, type Problem } from '../problems.js';
import { buildView, parseViewUri, viewDocument, VIEWS_DIR } from '../views.js';
import { emitServerInfo, SERVER_INFO_PATH } from './server-info.js';
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

export async function emitViews(root: string, catalog: Catalog): Promise<EmittedFiles> {
  const files: EmittedFiles = new Map();
  const project = createProject();
  const specs = viewSpecs(catalog);
  const problems: Problem[] = [];

  for (const spec of specs) {
    const built = await buildView(root, spec.name, new Map([[SERVER_INFO_PATH, emitServerInfo(catalog)]]));
    if (Array.isArray(built)) {
      problems.push(...built);
      continue;
    }
    const html = viewDocument(spec, built);
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
  if (problems.length > 0) throw new CatalogInvalidError(problems);

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
