/** The `initialize` result, serialised once per protocol version at start-up. */
import {
  isSupportedVersion,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type ProtocolVersion,
} from './protocol-versions.js';
import { serverIcons } from './icons.js';
import { SERVER_NAME, SERVER_TITLE, SERVER_VERSION } from './server-info.js';

/** MCP Apps extension id; declared so hosts that wait for it know the tools have views. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

export class InitializeResponder {
  readonly #byVersion: ReadonlyMap<ProtocolVersion, string>;
  constructor(options: { instructions: string; websiteUrl: string }) {
    const icons = serverIcons(options.websiteUrl);
    this.#byVersion = new Map(
      SUPPORTED_PROTOCOL_VERSIONS.map((version) => [
        version,
        JSON.stringify({
          protocolVersion: version,
          capabilities: {
            tools: { listChanged: false },
            resources: { listChanged: false },
            extensions: { [APPS_EXTENSION]: {} },
          },
          serverInfo: {
            name: SERVER_NAME,
            title: SERVER_TITLE,
            version: SERVER_VERSION,
            websiteUrl: options.websiteUrl,
            ...(icons ? { icons } : {}),
          },
          instructions: options.instructions,
        }),
      ]),
    );
  }
  /** Echoes a supported requested version; answers anything else with the latest (spec: negotiate, never fail). */
  resultJson(requested: unknown): string {
    const version = isSupportedVersion(requested) ? requested : LATEST_PROTOCOL_VERSION;
    return this.#byVersion.get(version)!;
  }
}
