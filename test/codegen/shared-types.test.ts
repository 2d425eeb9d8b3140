/**
 * Shared fragments get one named type each (generated/shared-types.ts), and tool types refer to it instead of
 * carrying a copy: only a fragment inlined unchanged (a `description` beside the `$ref` at most) is named.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedTypeName, withNamedFragments } from '../../codegen/emit/shared-types.js';
import { FRAGMENT } from '../../codegen/load/inline-refs.js';

const REPO = resolve(import.meta.dirname, '../..');

describe('named shared types', () => {
  it('names a fragment after its file', () => {
    expect(sharedTypeName('catalog/shared/cost-step.yaml')).toBe('CostStep');
    expect(sharedTypeName('catalog/shared/governor-gear-materials.yaml')).toBe('GovernorGearMaterials');
  });

  it('replaces a marked fragment by its name, keeping the description, and leaves the rest', () => {
    const step = Object.assign(
      { type: 'object', description: 'A step here.' },
      { [FRAGMENT]: 'catalog/shared/cost-step.yaml' },
    );
    const used = new Set<string>();
    const given = { type: 'object', properties: { steps: { type: 'array', items: step }, from: { type: 'string' } } };
    expect(withNamedFragments(given, used)).toEqual({
      type: 'object',
      properties: {
        steps: { type: 'array', items: { tsType: 'CostStep', description: 'A step here.' } },
        from: { type: 'string' },
      },
    });
    expect([...used]).toEqual(['CostStep']);
  });

  it('does not name a fragment inside its own type, nor the tool error (typed in metadata-types.ts)', () => {
    const self = Object.assign({ type: 'string' }, { [FRAGMENT]: 'catalog/shared/confidence.yaml' });
    const error = Object.assign({ type: 'object' }, { [FRAGMENT]: 'catalog/shared/tool-error.yaml' });
    const used = new Set<string>();
    expect(withNamedFragments({ a: self, b: error }, used, 'catalog/shared/confidence.yaml')).toEqual({
      a: { type: 'string' },
      b: { type: 'object' },
    });
    expect(used.size).toBe(0);
  });

  it('tool types import the shared types and declare no copy of them', () => {
    const types = readFileSync(resolve(REPO, 'generated/tools/hero_shards_cost/types.ts'), 'utf8');
    expect(types).toContain(
      "import type { BudgetReach, Confidence, CostRangeResult, CostSteps, DataVersion, Gaps, Notes, Sources, StarPosition, StepCount, TotalsRange } from '../../shared-types.js';",
    );
    expect(types).not.toMatch(/interface (CostStep|Source|StarPosition)\b/);
    const shared = readFileSync(resolve(REPO, 'generated/shared-types.ts'), 'utf8');
    expect(shared.match(/^export interface CostStep \{/gm)).toHaveLength(1);
  });
});
