/**
 * README.md's tool tables are generated between two markers (codegen/emit/readme.ts); the README must hold each
 * marker once, in order. A root without README.md (the test fixtures) has no tables to keep.
 */
import { README } from '../load/files.js';
import type { Problem } from '../problems.js';

export const BEGIN_MARKER = '<!-- BEGIN GENERATED: tool tables (npm run codegen) -->';
export const END_MARKER = '<!-- END GENERATED: tool tables -->';

export function checkReadmeMarkers(text: string | undefined): Problem[] {
  if (text === undefined) return [];
  const begin = text.indexOf(BEGIN_MARKER);
  const end = text.indexOf(END_MARKER);
  if (begin >= 0 && end > begin && text.indexOf(BEGIN_MARKER, begin + 1) < 0) return [];
  // At the marker that is out of place: a second BEGIN, an END before BEGIN, else the missing one's neighbour.
  const second = begin >= 0 ? text.indexOf(BEGIN_MARKER, begin + 1) : -1;
  const at = second >= 0 ? second : end >= 0 && end < begin ? end : Math.max(begin, 0);
  return [
    {
      file: README,
      pointer: '',
      line: text.slice(0, at).split('\n').length,
      column: 1,
      message: `the tool tables need one "${BEGIN_MARKER}" line followed by one "${END_MARKER}" line; codegen writes the tables between them`,
    },
  ];
}
