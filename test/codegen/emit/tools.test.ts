/** codegen/emit/tools.ts: a tool's types and metadata, and the index naming every tool (the handler contract). */
import { describe, expect, it } from 'vitest';
import { emitTools } from '../../../codegen/emit/tools.js';
import { catalog } from './fixtures.js';
import { golden } from './golden.js';

describe('codegen/emit/tools.ts', () => {
  it("writes a tool's types and metadata, and the index naming it", async () => {
    const files = await emitTools(catalog());
    expect([...files.keys()]).toEqual(['generated/tools/echo_level/types.ts', 'generated/tools/index.ts']);
    await expect(files.get('generated/tools/echo_level/types.ts')).toMatchFileSnapshot(golden('tools/types.ts'));
    await expect(files.get('generated/tools/index.ts')).toMatchFileSnapshot(golden('tools/index.ts'));
  });
});
