/** Types of build.mjs (plain JavaScript, so `npm start` needs no TypeScript loader). */
import type { Plugin } from 'esbuild';
export declare const SERVICE_ENTRY: string;
export declare const STAMP: string;
/** Compiles and bundles `root`; the exit status (0 for success). */
export declare function build(root: string): Promise<number>;
export declare function stamp(root: string, finished: Date): void;
/** The service's classes whose name in the bundle (`outdir`) is not one tsc's output under `root`/dist has (a bundled package's, by the source map, are left out). */
export declare function renamedClasses(root: string, outdir: string): string[];
/** The packages bundled with the service's own modules. */
export declare const START_PACKAGES: readonly string[];
/** esbuild's `external`: every dependency but START_PACKAGES, with its subpaths. */
export declare function externalPackages(dependencies: Record<string, string>): string[];
/** The bundle's files (relative to `outdir`) that read CommonJS's `__dirname` or `__filename`. */
export declare function commonJsPathsIn(outdir: string): string[];

/** Code the start leaves until it is needed: a source pattern and what it is, for the build's refusal. */
export declare const LOADED_WHEN_NEEDED: readonly { source: RegExp; what: string }[];
/** The sources (from the source maps) of `outdir`'s entry file and of every file it imports statically, in turn. */
export declare function startSources(outdir: string, entry?: string): string[];
/** What the start of `outdir`'s bundle imports that LOADED_WHEN_NEEDED says to load later: a line for each. */
export declare function loadedTooEarly(outdir: string): string[];

/** The esbuild plugin that turns a bundled package's `__dirname` and `__filename` into its paths in node_modules. */
export declare function packagePaths(outdir: string): Plugin;
/** The top of each output file: the `require` and `pathFromBundle` that bundled CommonJS packages use. */
export declare const BUNDLE_BANNER: string;
