/**
 * The one browser bundling set-up of codegen: esbuild bundles an entry and what it imports (TypeScript and CSS)
 * into one minified script and one stylesheet, in memory. The views (codegen/build/views.ts) and the site script
 * (codegen/build/site.ts) are both built here, so they are built alike. Deterministic for one esbuild version.
 */
import { dirname, join } from 'node:path';
import { build, type Message, type Plugin } from 'esbuild';
import type { EmittedFiles } from '../model.js';
import type { Problem } from '../problems.js';

export interface Bundle {
  js: string;
  css: string;
}

export async function bundle(
  root: string,
  entry: string,
  options: { tsconfig?: string; plugins?: Plugin[] } = {},
): Promise<Bundle | Problem[]> {
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
      ...(options.tsconfig ? { tsconfig: options.tsconfig } : {}),
      ...(options.plugins ? { plugins: options.plugins } : {}),
    });
    const text = (extension: string) =>
      result.outputFiles
        .filter((f) => f.path.endsWith(extension))
        .map((f) => f.text)
        .join('');
    return { js: text('.js'), css: text('.css') };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) return errors.map((m) => problemOf(m, entry));
    return [{ file: entry, pointer: '', line: 1, column: 1, message: `esbuild: ${(error as Error).message}` }];
  }
}

/** esbuild's message at its file and line; one without a location is the entry's. */
function problemOf(message: Message, entry: string): Problem {
  const location = message.location;
  if (!location) return { file: entry, pointer: '', line: 1, column: 1, message: `esbuild: ${message.text}` };
  return {
    file: location.file,
    pointer: '',
    line: location.line,
    column: location.column + 1,
    message: `esbuild: ${message.text}`,
  };
}

/**
 * Modules of generated/ that codegen is emitting in the same run, read from memory (their text, by path) instead of
 * from the disk, so a bundle is built from this run's catalogue, one run suffices after a change and `--check` is
 * deterministic. A generated module not among them is read from the disk.
 */
export function emittedModules(root: string, files: EmittedFiles): Plugin {
  const byPath = new Map(
    [...files].filter(([path]) => path.endsWith('.ts')).map(([path, text]) => [join(root, path), text]),
  );
  return {
    name: 'emitted-modules',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /generated\/.+\.js$/ }, (args) => {
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
