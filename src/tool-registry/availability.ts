/**
 * The single availability predicate. tools/list, tools/call and the Deprecation/Sunset headers all ask it, with
 * the request's time passed in, so they can never disagree about whether a tool exists at a given instant.
 */
import type { DeprecationRule, EndpointMetadata, ToolMetadata } from '../../generated/metadata-types.js';

export type Availability =
  /** Served. `deprecation` is set once the deprecation instant has passed (and until the sunset). */
  | { state: 'available'; deprecation?: DeprecationRule }
  /** Exists in the catalogue, but not on this endpoint (account tools on the public endpoint). */
  | { state: 'not-on-endpoint' }
  /** Gone: the sunset instant has passed. */
  | { state: 'sunset'; rule: DeprecationRule };

/** Deprecation rules indexed by kind and name; built once. */
export class DeprecationRules {
  readonly #byKey: ReadonlyMap<string, DeprecationRule>;
  /** Every instant at which some availability changes, ascending (for caching per interval). */
  readonly boundaries: readonly number[];
  constructor(rules: readonly DeprecationRule[]) {
    this.#byKey = new Map(rules.map((r) => [`${r.kind}:${r.name}`, r]));
    this.boundaries = [...new Set(rules.flatMap((r) => [r.deprecatedEpochMs, r.sunsetEpochMs]))].sort((a, b) => a - b);
  }
  get(kind: DeprecationRule['kind'], name: string): DeprecationRule | undefined {
    return this.#byKey.get(`${kind}:${name}`);
  }
  /** Index of the interval between boundaries that `now` falls in: equal epochs mean equal availability everywhere. */
  epochOf(now: Date): number {
    const t = now.getTime();
    let epoch = 0;
    while (epoch < this.boundaries.length && t >= this.boundaries[epoch]!) epoch++;
    return epoch;
  }
}

/** Availability by time alone (what an endpoint has: it is always "on" itself). */
export type TimedAvailability = Exclude<Availability, { state: 'not-on-endpoint' }>;

function byTime(rule: DeprecationRule | undefined, now: Date): TimedAvailability {
  if (!rule) return { state: 'available' };
  const t = now.getTime();
  if (t >= rule.sunsetEpochMs) return { state: 'sunset', rule };
  return t >= rule.deprecatedEpochMs ? { state: 'available', deprecation: rule } : { state: 'available' };
}

export function endpointAvailability(
  endpoint: EndpointMetadata,
  rules: DeprecationRules,
  now: Date,
): TimedAvailability {
  return byTime(rules.get('endpoint', endpoint.path), now);
}

export function toolAvailability(
  tool: ToolMetadata,
  endpoint: EndpointMetadata,
  rules: DeprecationRules,
  now: Date,
): Availability {
  if (!endpoint.serves.includes(tool.availability)) return { state: 'not-on-endpoint' };
  return byTime(rules.get('tool', tool.name), now);
}

/** Of two deprecations that apply to one response, the one whose sunset comes first (the more urgent notice). */
export function mostUrgent(
  a: DeprecationRule | undefined,
  b: DeprecationRule | undefined,
): DeprecationRule | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.sunsetEpochMs < a.sunsetEpochMs ? b : a;
}
