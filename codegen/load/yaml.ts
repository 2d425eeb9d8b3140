/**
 * Reads YAML source files and keeps enough of the parse to turn a JSON pointer back into a line
 * and column, so problems point at the exact spot in the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { fileProblem, pointerSegments, type Problem } from '../problems.js';

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
    return { ok: false, problems: [fileProblem(file, `cannot read file: ${(error as Error).message}`)] };
  }
  return parseYaml(file, text);
}

interface Parsed {
  doc: Document;
  lineCounter: LineCounter;
}

/**
 * The last parses, by file and text: the codegen tests load the same data over and over with one file edited, and
 * parsing was most of their time. A parsed document is only read after this (toJS makes each caller a fresh value),
 * so sharing it is safe; the few most recent are kept, so the memory stays bounded.
 */
const recentParses = new Map<string, Parsed>();
const RECENT_PARSES = 64;

function parsed(file: string, text: string): Parsed {
  const key = `${file}\0${text}`;
  const known = recentParses.get(key);
  if (known) return known;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (recentParses.size >= RECENT_PARSES) recentParses.delete(recentParses.keys().next().value!);
  recentParses.set(key, { doc, lineCounter });
  return { doc, lineCounter };
}

export function parseYaml(file: string, text: string): LoadResult {
  const { doc, lineCounter } = parsed(file, text);
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
        // An empty document has no node to point at: its problems are at its first line.
        const offset = offsetOf(doc, pointer) ?? 0;
        const pos = lineCounter.linePos(offset);
        return { file, pointer, message, line: pos.line, column: pos.col };
      },
    },
  };
}

/**
 * Start offset of the deepest node on the pointer's path: a mapping entry's key (so "unknown key" and "bad value"
 * both point at the line that names it), a sequence item, or the parent when the target is missing.
 */
function offsetOf(doc: Document, pointer: string): number | undefined {
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0];
  for (const segment of pointerSegments(pointer)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (!pair) break;
      if (isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      if (item.range) offset = item.range[0];
      node = item;
    } else break;
  }
  return offset;
}

/**
 * Every parsed document of a run by file, so a check that spans files (or runs after loading) reports a problem
 * at its line: the one way problems about a loaded file are made.
 */
export class SourceIndex {
  readonly #documents = new Map<string, SourceDocument>();

  add(document: SourceDocument): SourceDocument {
    this.#documents.set(document.file, document);
    return document;
  }

  get(file: string): SourceDocument | undefined {
    return this.#documents.get(file);
  }

  /** A problem at `pointer` in `file`; a file that was not parsed as a document is pointed at as a whole. */
  problem(file: string, pointer: string, message: string): Problem {
    return this.#documents.get(file)?.problem(pointer, message) ?? { ...fileProblem(file, message), pointer };
  }
}
