/** Types of build.mjs (plain JavaScript, so `npm start` needs no TypeScript loader). */
export declare const SERVICE_ENTRY: string;
export declare const STAMP: string;
/** Compiles and bundles `root`; the exit status (0 for success). */
export declare function build(root: string): number;
export declare function stamp(root: string, finished: Date): void;
/** Classes whose name in the bundle (`outdir`) is not one tsc's output under `root`/dist has. */
export declare function renamedClasses(root: string, outdir: string): string[];
