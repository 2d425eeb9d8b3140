/**
 * The one browser bundling set-up of codegen: esbuild bundles an entry and what it imports (TypeScript and CSS)
 * into one minified script and one stylesheet, in memory. The views (codegen/build/views.ts) and the site script
 * (codegen/build/site.ts) are both built here, so they are built alike. Deterministic for one esbuild version.
 */
import { build, type Message, type Plugin } from 'esbuild';
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
