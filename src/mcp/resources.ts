/** Resources the server lists and reads: the MCP Apps views (`ui://<app>/<view>`). */
import { VIEWS } from '../../generated/views/index.js';

export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * `_meta.ui` of every view: no `csp` (the views make no requests, so the host's restrictive default fits), and a
 * border asked for explicitly because hosts' defaults differ.
 */
const VIEW_META = { ui: { prefersBorder: true } } as const;

export interface Resource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  readonly text: string;
  /** `_meta` of the resource (MCP Apps: `{ ui: { csp?, prefersBorder? } }`). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** Precomputed `resources/list` payload (in the order given) and per-URI `resources/read` payloads. */
export class ResourceCatalog {
  readonly listJson: string;
  readonly #readJson: ReadonlyMap<string, string>;
  constructor(resources: readonly Resource[]) {
    this.listJson = JSON.stringify({
      resources: resources.map((r) => ({
        uri: r.uri,
        name: r.name,
        title: r.title,
        description: r.description,
        mimeType: r.mimeType,
        ...(r.meta ? { _meta: r.meta } : {}),
      })),
    });
    this.#readJson = new Map(
      resources.map((r) => [
        r.uri,
        JSON.stringify({
          contents: [{ uri: r.uri, mimeType: r.mimeType, text: r.text, ...(r.meta ? { _meta: r.meta } : {}) }],
        }),
      ]),
    );
  }
  readJson(uri: string): string | undefined {
    return this.#readJson.get(uri);
  }
}

/** The views built from views/ by codegen, as resources, in URI order (codegen sorts VIEWS). */
export function viewResources(): Resource[] {
  return VIEWS.map((view) => ({
    uri: view.uri,
    name: view.name,
    title: view.title,
    description: view.description,
    mimeType: VIEW_MIME_TYPE,
    text: view.html,
    meta: VIEW_META,
  }));
}
