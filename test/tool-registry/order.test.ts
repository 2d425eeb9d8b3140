import { describe, expect, it } from 'vitest';
import { createRegistry, registryFromCatalogue, type RegisteredTool } from '../../src/tool-registry/registry.js';

function named(name: string): RegisteredTool {
  const tool = registryFromCatalogue().toolsByName.get('governor_gear_cost')!;
  return { ...tool, metadata: { ...tool.metadata, name } };
}

describe('the registry order', () => {
  it('sorts tools by the code points of their names, the same on every machine whatever its locale', () => {
    // Names the catalogue allows (^[a-zA-Z0-9_-]{1,64}$) on which a locale's collation and code points disagree.
    const registry = createRegistry(['b', 'a_1', 'B', 'a1', 'a-2'].map(named), [], []);
    expect(registry.tools.map((t) => t.metadata.name)).toEqual(['B', 'a-2', 'a1', 'a_1', 'b']);
  });

  it('keeps the catalogue in the English alphabetical order tools/list had before', () => {
    const names = registryFromCatalogue().tools.map((t) => t.metadata.name);
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
