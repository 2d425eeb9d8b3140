/** Types of build.mjs (plain JavaScript, so `npm start` needs no TypeScript loader). */
export declare const SERVICE_ENTRY: string;
export declare const STAMP: string;
/** Compiles and bundles `root`; the exit status (0 for success). */
export declare function build(root: string): number;
export declare function stamp(root: string, finished: Date): void;
/** The service's classes whose name in the bundle (`outdir`) is not one tsc's output under `root`/dist has (a bundled package's, by the source map, are left out). */
export declare function renamedClasses(root: string, outdir: string): string[];
/** The packages bundled with the service's own modules. */
export declare const START_PACKAGES: readonly string[];
/** esbuild's `external`: every dependency but START_PACKAGES, with its subpaths. */
export declare function externalPackages(dependencies: Record<string, string>): string[];
/** The bundle's files (relative to `outdir`) that read CommonJS's `__dirname` or `__filename`. */
export declare function commonJsPathsIn(outdir: string): string[];
