/**
 * The build of the site script: site/main.ts (TypeScript and CSS) bundled into one script and one stylesheet
 * (codegen/build/bundle.ts). Modules codegen is emitting in the same run (generated/website/*) are read from memory, so the
 * script is built from this run's catalogue and `--check` is deterministic.
 */
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import type { EmittedFiles } from '../model.js';
import type { Problem } from '../problems.js';
import { bundle, type Bundle } from './bundle.js';

export const SITE_DIR = 'site';
const ENTRY = `${SITE_DIR}/main.ts`;

function emittedModules(root: string, files: EmittedFiles): Plugin {
  const byPath = new Map(
    [...files].filter(([path]) => path.endsWith('.ts')).map(([path, text]) => [join(root, path), text]),
  );
  return {
    name: 'emitted-modules',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /generated\/website\/[^/]+\.js$/ }, (args) => {
        const path = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        return byPath.has(path) ? { path, namespace: 'emitted' } : undefined;
      });
      pluginBuild.onResolve({ filter: /.*/, namespace: 'emitted' }, async (args) => {
        // Imports inside an emitted module: an emitted sibling, else a file on disk (esbuild resolves those only
        // for modules of its own file namespace, so the resolution is asked for here).
        const path = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        if (args.path.startsWith('.') && byPath.has(path)) return { path, namespace: 'emitted' };
        // Bare imports from the root: the emitted module's folder may not exist yet on disk.
        const resolved = await pluginBuild.resolve(args.path, {
          resolveDir: args.path.startsWith('.') ? args.resolveDir : root,
          kind: args.kind,
        });
        return resolved.errors.length > 0
          ? { errors: resolved.errors }
          : { path: resolved.path, namespace: resolved.namespace, sideEffects: resolved.sideEffects };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'emitted' }, (args) => ({
        contents: byPath.get(args.path)!,
        loader: 'ts',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/**
 * Bundles site/main.ts. `modules` are the generated/website modules of this run (their text, by path): the script
 * imports them, and is built from them rather than from what is on disk.
 */
export async function buildSiteScript(root: string, modules: EmittedFiles): Promise<Bundle | Problem[]> {
  return bundle(root, ENTRY, { tsconfig: `${SITE_DIR}/tsconfig.json`, plugins: [emittedModules(root, modules)] });
}
