/**
 * MCP Apps views on disk: a tool's `view: ui://kingshot/<name>` is built from the folder `views/<name>/` (entry
 * `main.ts`; `views/shared/` holds what the views share). The load stage lists the folders; the check stage
 * (codegen/check/views.ts) links them to the tools, and the build stage (codegen/build/views.ts) bundles them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const VIEWS_DIR = 'views';
/** The app part of every view URI this server serves: ui://kingshot/<name>. */
export const VIEW_APP = 'kingshot';
/** Code the views share; not a view. */
export const SHARED_VIEW_FOLDER = 'shared';

export const viewEntry = (name: string) => `${VIEWS_DIR}/${name}/main.ts`;

/** A folder under views/, and whether it has the entry a view is built from. */
export interface ViewFolder {
  name: string;
  hasEntry: boolean;
}

/** `ui://<app>/<name>` split; undefined for anything else. */
export function parseViewUri(uri: string): { app: string; name: string } | undefined {
  const match = /^ui:\/\/([a-z0-9][a-z0-9-]*)\/([a-z0-9][a-z0-9-]*)$/.exec(uri);
  return match ? { app: match[1]!, name: match[2]! } : undefined;
}

export function readViewFolders(root: string): ViewFolder[] {
  const dir = join(root, VIEWS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isDirectory())
    .sort()
    .map((name) => ({ name, hasEntry: existsSync(join(root, viewEntry(name))) }));
}
