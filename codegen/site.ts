/**
 * The build of the site script: esbuild bundles site/main.ts (TypeScript and CSS, minified) into one script and
 * one stylesheet. Modules codegen is emitting in the same run (generated/website/*) are read from memory, so the
 * script is built from this run's catalogue and `--check` is deterministic.
 */
import { dirname, join } from 'node:path';
import { build, type Message, type Plugin } from 'esbuild';
import type { EmittedFiles } from './emit/shared.js';
import type { Problem } from './problems.js';

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

function problemOf(message: Message): Problem {
  const location = message.location;
  if (!location) return { file: ENTRY, pointer: '', message: `esbuild: ${message.text}` };
  return {
    file: location.file,
    pointer: '',
    line: location.line,
    column: location.column + 1,
    message: `esbuild: ${message.text}`,
  };
}

export async function buildSiteScript(
  root: string,
  files: EmittedFiles,
): Promise<{ js: string; css: string } | Problem[]> {
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [ENTRY],
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
      tsconfig: `${SITE_DIR}/tsconfig.json`,
      plugins: [emittedModules(root, files)],
    });
    const text = (extension: string) =>
      result.outputFiles
        .filter((f) => f.path.endsWith(extension))
        .map((f) => f.text)
        .join('');
    return { js: text('.js'), css: text('.css') };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) return errors.map(problemOf);
    return [{ file: ENTRY, pointer: '', message: `esbuild: ${(error as Error).message}` }];
  }
}
