/**
 * The build of the site script: site/main.ts (TypeScript and CSS) bundled into one script and one stylesheet
 * (codegen/build/bundle.ts). Modules codegen is emitting in the same run (generated/website/*) are read from memory, so the
 * script is built from this run's catalogue and `--check` is deterministic.
 */
import type { EmittedFiles } from '../model.js';
import type { Problem } from '../problems.js';
import { bundle, emittedModules, type Bundle } from './bundle.js';

export const SITE_DIR = 'site';
const ENTRY = `${SITE_DIR}/main.ts`;

/**
 * Bundles site/main.ts. `modules` are the generated/website modules of this run (their text, by path): the script
 * imports them, and is built from them rather than from what is on disk.
 */
export async function buildSiteScript(root: string, modules: EmittedFiles): Promise<Bundle | Problem[]> {
  return bundle(root, ENTRY, { tsconfig: `${SITE_DIR}/tsconfig.json`, plugins: [emittedModules(root, modules)] });
}
