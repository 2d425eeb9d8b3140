/** codegen/emit/reference.ts: the reference data as typed modules, their types from data/schema/reference-*.schema.json. */
import { describe, expect, it } from 'vitest';
import { emitReference } from '../../../codegen/emit/reference.js';
import { readSchemaFiles } from '../../../codegen/load/files.js';
import { referenceRoot, root } from './fixtures.js';
import { golden } from './golden.js';

describe('codegen/emit/reference.ts', () => {
  it('writes each reference file as a typed constant beside the types module', async () => {
    const files = await emitReference(
      {
        heroes: { heroes: [{ key: 'amane', name: 'Amane' }] },
        masters: {},
        items: {},
        events: {},
        tierList: { version: 1 },
      },
      readSchemaFiles(root()),
    );
    expect([...files.keys()]).toEqual([
      'generated/data/reference/types.ts',
      'generated/data/reference/heroes.ts',
      'generated/data/reference/masters.ts',
      'generated/data/reference/items.ts',
      'generated/data/reference/events.ts',
      'generated/data/reference/tier-list.ts',
    ]);
    await expect(files.get('generated/data/reference/heroes.ts')).toMatchFileSnapshot(golden('reference/heroes.ts'));
    await expect(files.get('generated/data/reference/tier-list.ts')).toMatchFileSnapshot(
      golden('reference/tier-list.ts'),
    );
  });

  it('writes the types of the five files from their schemas under one wrapper, a definition they share declared once', async () => {
    const files = await emitReference(
      {
        heroes: { heroes: [] },
        masters: { masters: [] },
        items: {},
        events: {},
        tierList: { version: 1 },
      },
      readSchemaFiles(referenceRoot()),
    );
    await expect(files.get('generated/data/reference/types.ts')).toMatchFileSnapshot(golden('reference/types.ts'));
  });
});
