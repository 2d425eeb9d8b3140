/**
 * Catalogue and data problems. Every check collects problems instead of throwing, so one run of
 * `npm run codegen` reports all of them, each with its file, line and JSON pointer (the line is required: a
 * problem is made from the parsed document that holds it, codegen/load/yaml.ts).
 */
export interface Problem {
  /** Repository-relative path of the file at fault. */
  file: string;
  /** JSON pointer into the file's document ('' = the whole document). */
  pointer: string;
  message: string;
  /** 1-based; a problem with the whole file (an SVG icon, a folder, a file that cannot be read) is at line 1. */
  line: number;
  column: number;
}

export function formatProblem(problem: Problem): string {
  const pointer = problem.pointer === '' ? '(document)' : problem.pointer;
  return `${problem.file}:${problem.line}:${problem.column} ${pointer}: ${problem.message}`;
}

/** A problem with a whole file that has no finer position (not YAML, or not readable): its first line. */
export function fileProblem(file: string, message: string): Problem {
  return { file, pointer: '', message, line: 1, column: 1 };
}

/** Thrown once, after validation, when any problem was found; carries all of them. */
export class CatalogInvalidError extends Error {
  readonly problems: readonly Problem[];
  constructor(problems: readonly Problem[]) {
    super(`${problems.length} problem(s) in the catalogue or data:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'CatalogInvalidError';
    this.problems = problems;
  }
}

export function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapePointerSegment(s)}`).join('');
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The value a JSON pointer names in a parsed document, or undefined when the path leads nowhere. */
export function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const segment of pointerSegments(pointer))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
}
