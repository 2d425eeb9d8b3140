/** The link between the tools' `view` URIs and the folders under views/ (listed by codegen/load/views.ts). */
import type { SourceDocument } from '../load/yaml.js';
import { parseViewUri, SHARED_VIEW_FOLDER, VIEW_APP, viewEntry, VIEWS_DIR, type ViewFolder } from '../load/views.js';
import type { ToolEntry } from '../model.js';
import { fileProblem, type Problem } from '../problems.js';

export type { ViewFolder };

/** A tool's view must be one of this server's and must have its source. */
export function checkViewSource(
  tool: ToolEntry,
  doc: SourceDocument,
  folders: readonly ViewFolder[],
  problems: Problem[],
): void {
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
  if (parsed.name === SHARED_VIEW_FOLDER) {
    problems.push(doc.problem('/view', `"${SHARED_VIEW_FOLDER}" is the views' shared code, not a view name`));
    return;
  }
  if (!folders.some((f) => f.name === parsed.name && f.hasEntry)) {
    problems.push(doc.problem('/view', `view ${tool.view} has no source: ${viewEntry(parsed.name)} does not exist`));
  }
}

/** Every folder under views/ (but shared/) must be the view of some tool. */
export function checkOrphanViews(
  tools: readonly ToolEntry[],
  folders: readonly ViewFolder[],
  problems: Problem[],
): void {
  const declared = new Set(tools.flatMap((t) => (t.view ? [t.view] : [])));
  for (const { name } of folders) {
    if (name === SHARED_VIEW_FOLDER || declared.has(`ui://${VIEW_APP}/${name}`)) continue;
    problems.push(
      fileProblem(
        `${VIEWS_DIR}/${name}/`,
        `view source without a tool: no catalog/tools/*.yaml declares view: ui://${VIEW_APP}/${name} (declare it, or remove the folder)`,
      ),
    );
  }
}
