/**
 * The build of the MCP Apps views: each view's entry (views/<name>/main.ts, codegen/load/views.ts) bundled into one
 * script and one stylesheet, which codegen/emit/views.ts inlines into the view's HTML document.
 */
import { viewEntry } from '../load/views.js';
import type { EmittedFiles } from '../model.js';
import type { Problem } from '../problems.js';
import { bundle, emittedModules, type Bundle } from './bundle.js';

export type BuiltView = Bundle;

/**
 * Bundles views/<name>/main.ts and what it imports (TypeScript and CSS), minified. `modules` are the generated
 * modules of this run the views import (generated/server-info.ts, for their appInfo), by path.
 */
export async function buildView(root: string, name: string, modules: EmittedFiles): Promise<BuiltView | Problem[]> {
  const entry = viewEntry(name);
  const built = await bundle(root, entry, { plugins: [emittedModules(root, modules)] });
  if (Array.isArray(built)) return built;
  // The script is inlined. esbuild already writes "</script" in the bundle as "<\/script" (and "</style" in the
  // stylesheet as "<\/style"); what it leaves is "<!--", after which an HTML parser that meets "<script" no longer
  // ends the element at our "</script>", and the rest of the document becomes script.
  if (built.js.includes('<!--')) {
    return [
      {
        file: entry,
        pointer: '',
        line: 1,
        column: 1,
        message:
          'the bundled script contains "<!--", which can keep the inline <script> from ending at its </script>; build that text at run time (esbuild folds "<!" + "--" back into "<!--")',
      },
    ];
  }
  return built;
}
