/** codegen/emit/player-data.ts: the player data file's type, the goal systems and the schema as served. */
import { describe, expect, it } from 'vitest';
import { emitPlayerData } from '../../../codegen/emit/player-data.js';
import { golden } from './golden.js';

describe('codegen/emit/player-data.ts', () => {
  it("writes the player data file's type, the goal systems and the schema", async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['level'],
      properties: { level: { type: 'integer', description: 'A level.' } },
    };
    await expect((await emitPlayerData(schema)).get('generated/player-data.ts')).toMatchFileSnapshot(
      golden('player-data.ts'),
    );
  });
});
