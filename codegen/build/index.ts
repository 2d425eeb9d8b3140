/**
 * The build stage: every browser bundle (each MCP Apps view, the site script) built in memory before anything is
 * emitted, so a bundle that fails is a problem reported with the catalogue's, and nothing is written.
 */
import { parseViewUri } from '../load/views.js';
import type { Built, Catalog, EmittedFiles } from '../model.js';
import type { Problem } from '../problems.js';
import { buildSiteScript } from './site.js';
import { buildView, type BuiltView } from './views.js';

/**
 * `siteModules` are the generated/website modules the site script imports (their text, codegen/emit/website.ts);
 * none for a catalogue without in-page tools, which has no site script. `viewModules` are the generated modules the
 * views import (generated/server-info.ts).
 */
export async function buildBundles(
  root: string,
  catalog: Catalog,
  siteModules: EmittedFiles,
  viewModules: EmittedFiles,
): Promise<{ built?: Built; problems: Problem[] }> {
  const names = [...new Set(catalog.tools.flatMap((t) => (t.view ? [parseViewUri(t.view)!.name] : [])))].sort();
  const [views, site] = await Promise.all([
    Promise.all(names.map(async (name) => [name, await buildView(root, name, viewModules)] as const)),
    siteModules.size > 0 ? buildSiteScript(root, siteModules) : undefined,
  ]);
  const problems = [
    ...views.flatMap(([, view]) => (Array.isArray(view) ? view : [])),
    ...(Array.isArray(site) ? site : []),
  ];
  if (problems.length > 0) return { problems };
  return {
    built: {
      views: new Map(views as (readonly [string, BuiltView])[]),
      ...(site && !Array.isArray(site) ? { site } : {}),
    },
    problems,
  };
}
