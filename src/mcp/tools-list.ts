/**
 * tools/list: the tools available on one endpoint at one instant, in the entry shape of the request's protocol
 * era. Availability only changes at deprecation and sunset instants, so each (era, interval) payload is
 * serialised once and reused.
 */
import type { DeprecationRule, EndpointMetadata } from '../../generated/metadata-types.js';
import { toolAvailability } from '../tool-registry/availability.js';
import type { Registry } from '../tool-registry/registry.js';
import { toolIcons } from './icons.js';
import { eraOf, type ProtocolVersion } from './protocol-versions.js';

/**
 * The notice put before a deprecated tool's description. It is added here, by the same availability answer that
 * sets the Deprecation header, so a client listing tools before the deprecation instant does not read it early.
 */
export function deprecationNotice(rule: DeprecationRule): string {
  const from = new Date(rule.deprecatedEpochMs).toISOString().replace('.000Z', 'Z');
  const removed = new Date(rule.sunsetEpochMs).toISOString().slice(0, 10);
  const use = rule.replacement ? ` Use ${rule.replacement} instead.` : '';
  return `DEPRECATED (from ${from}, removed on ${removed}): ${rule.notice}${use}\n\n`;
}

/**
 * The tools in the registry's order, which is the catalogue's: by tool name (one file per tool in catalog/tools/,
 * read in file-name order), so the list is the same on every request and instance, as client directories check.
 */
export class ToolsList {
  readonly #registry: Registry;
  readonly #endpoint: EndpointMetadata;
  readonly #baseUrl: string;
  readonly #cache = new Map<string, string>();
  constructor(registry: Registry, endpoint: EndpointMetadata, baseUrl: string) {
    this.#registry = registry;
    this.#endpoint = endpoint;
    this.#baseUrl = baseUrl;
  }
  resultJson(version: ProtocolVersion, now: Date): string {
    const era = eraOf(version);
    const key = `${era}|${this.#registry.rules.epochOf(now)}`;
    let json = this.#cache.get(key);
    if (json === undefined) {
      const tools = this.#registry.tools.flatMap((t) => {
        const availability = toolAvailability(t.metadata, this.#endpoint, this.#registry.rules, now);
        if (availability.state !== 'available') return [];
        const icons = era === '2025-06-18' ? toolIcons(this.#baseUrl, t.metadata.name) : undefined;
        const entry = icons ? { ...t.listEntries[era], icons } : t.listEntries[era];
        if (!availability.deprecation) return [entry];
        return [
          { ...entry, description: `${deprecationNotice(availability.deprecation)}${String(entry.description)}` },
        ];
      });
      json = JSON.stringify({ tools });
      this.#cache.set(key, json);
    }
    return json;
  }
}
