/**
 * Reads YAML source files and keeps enough of the parse to turn a JSON pointer back into a line
 * and column, so problems point at the exact spot in the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { pointerSegments, type Problem } from './problems.js';

export interface SourceDocument {
  /** Repository-relative path, with forward slashes. */
  readonly file: string;
  readonly value: unknown;
  /** A problem at `pointer` in this file, with line and column filled in. */
  problem(pointer: string, message: string): Problem;
}

export type LoadResult = { ok: true; document: SourceDocument } | { ok: false; problems: Problem[] };

export function loadYaml(root: string, file: string): LoadResult {
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch (error) {
    return { ok: false, problems: [{ file, pointer: '', message: `cannot read file: ${(error as Error).message}` }] };
  }
  return parseYaml(file, text);
}

export function parseYaml(file: string, text: string): LoadResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { file, pointer: '', message: `YAML: ${e.message.split('\n')[0]}`, line: pos.line, column: pos.col };
      }),
    };
  }
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  return {
    ok: true,
    document: {
      file,
      value,
      problem(pointer, message) {
        const offset = offsetOf(doc, pointer);
        if (offset === undefined) return { file, pointer, message };
        const pos = lineCounter.linePos(offset);
        return { file, pointer, message, line: pos.line, column: pos.col };
      },
    },
  };
}

/** Start offset of the deepest node on the pointer's path (the parent when the target is missing). */
function offsetOf(doc: Document, pointer: string): number | undefined {
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0];
  for (const segment of pointerSegments(pointer)) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (pair && isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
      next = pair?.value;
    } else if (isSeq(node)) {
      next = node.items[Number(segment)];
    }
    if (next === undefined || next === null) break;
    node = next;
    const range = (node as Node).range;
    if (range && !isMap(node)) offset = range[0];
    else if (range && isMap(node) && offset === undefined) offset = range[0];
  }
  return offset;
}
