/** codegen/emit/shared-types.ts: a named type per shared fragment of catalog/shared/. */
import { describe, expect, it } from 'vitest';
import { emitSharedTypes } from '../../../codegen/emit/shared-types.js';
import { sharedFragments } from '../../../codegen/load/catalogue.js';
import { sharedRoot } from './fixtures.js';
import { golden } from './golden.js';

describe('codegen/emit/shared-types.ts', () => {
  it('writes a named type per shared fragment, a fragment another uses referred to by name', async () => {
    const given = sharedRoot({
      'level.yaml': 'description: A level.\ntype: integer\nminimum: 0\n',
      'levels.yaml': 'description: Levels, lowest first.\ntype: array\nitems: {$ref: level.yaml}\n',
    });
    await expect((await emitSharedTypes(sharedFragments(given))).get('generated/shared-types.ts')).toMatchFileSnapshot(
      golden('shared-types.ts'),
    );
  });
});
