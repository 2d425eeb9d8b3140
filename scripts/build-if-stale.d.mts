/** Types of build-if-stale.mjs (plain JavaScript, so `npm start` needs no TypeScript loader). */
export declare const STAMP: string;
/** What `npm start` runs (the service's bundle, scripts/build.mjs), relative to the project root. */
export declare const SERVICE_ENTRY: string;
export declare const INPUTS: readonly string[];
export declare function staleness(root: string): 'no build' | 'changed' | undefined;
export declare function buildIfStale(options?: {
  root?: string;
  /** Builds `root`; returns the exit status (0 for success). */
  build?: (root: string) => number | Promise<number>;
  log?: (line: string) => void;
  now?: () => Date;
}): Promise<'current' | 'built' | number>;
