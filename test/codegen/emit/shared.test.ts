/** codegen/emit/shared.ts: the layout of json-schema-to-typescript's output, done on the syntax tree. */
import { describe, expect, it } from 'vitest';
import { addCompiledDeclarations, createProject, newSourceFile } from '../../../codegen/emit/shared.js';

describe('codegen/emit/shared.ts addCompiledDeclarations', () => {
  it("lays out json-schema-to-typescript's unformatted output on the syntax tree: single quotes, needed parentheses only, ' *' blank doc lines, semicolons", () => {
    const given =
      'export type Kind = ("a" | "b")\n\n/**\n * A thing.\n * \n * @minItems 1\n */\nexport interface Thing {\nkinds: (Kind | null)[]\nitems: [{\nid: string\n}, ...({\nid: string\n})[]]\n}\nexport interface Empty {\n\n}\n';
    const file = newSourceFile(createProject(), 'declarations.ts');
    addCompiledDeclarations(file, given);
    expect(file.getFullText()).toBe(`export type Kind = 'a' | 'b';

/**
 * A thing.
 *
 * @minItems 1
 */
export interface Thing {
  kinds: (Kind | null)[];
  items: [{
    id: string;
  }, ...{
    id: string;
  }[]];
}

export interface Empty {
}
`);
  });
});
