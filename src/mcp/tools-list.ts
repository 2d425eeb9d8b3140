/**
 * tools/list: the tools available on one endpoint at one instant, in the entry shape of the request's protocol
 * era. Availability only changes at deprecation and sunset instants, so each (era, interval) payload is
 * serialised once and reused.
 */
import type { EndpointMetadata } from '../../generated/catalog-types.js';
import { toolAvailability } from '../catalog/availability.js';
import type { Registry } from '../catalog/registry.js';
import { eraOf, type ProtocolVersion } from './protocol-versions.js';

export class ToolsList {
  readonly #registry: Registry;
  readonly #endpoint: EndpointMetadata;
  readonly #cache = new Map<string, string>();
  constructor(registry: Registry, endpoint: EndpointMetadata) {
    this.#registry = registry;
    this.#endpoint = endpoint;
  }
  resultJson(version: ProtocolVersion, now: Date): string {
    const era = eraOf(version);
    const key = `${era}|${this.#registry.rules.epochOf(now)}`;
    let json = this.#cache.get(key);
    if (json === undefined) {
      const tools = this.#registry.tools
        .filter((t) => toolAvailability(t.metadata, this.#endpoint, this.#registry.rules, now).state === 'available')
        .map((t) => t.listEntries[era]);
      json = JSON.stringify({ tools });
      this.#cache.set(key, json);
    }
    return json;
  }
}
