/**
 * Catalogue schemas may share fragments through `$ref: ../shared/<name>.yaml` (a whole file, relative to the
 * referring file). Clients get portable, self-contained schemas, so every such reference is inlined here;
 * keywords written beside the `$ref` (a `description`, say) override the fragment's.
 */
import { dirname, posix } from 'node:path';
import { loadYaml, type SourceDocument } from './yaml.js';
import { pointerOf, type Problem } from '../problems.js';

/**
 * The shared fragment an inlined schema object came from (`catalog/shared/<name>.yaml`), set only when nothing but a
 * `description` was written beside the `$ref` (so the object means exactly the fragment). A symbol key: JSON, Ajv
 * and the printers never see it; the type emitter uses it to name the fragment's type instead of copying it.
 */
export const FRAGMENT = Symbol('shared fragment');

export class FragmentLoader {
  readonly #root: string;
  readonly #cache = new Map<string, SourceDocument | Problem[]>();
  constructor(root: string) {
    this.#root = root;
  }
  load(file: string): SourceDocument | Problem[] {
    let entry = this.#cache.get(file);
    if (!entry) {
      const result = loadYaml(this.#root, file);
      entry = result.ok ? result.document : result.problems;
      this.#cache.set(file, entry);
    }
    return entry;
  }
}

export function inlineRefs(
  value: unknown,
  source: SourceDocument,
  path: readonly (string | number)[],
  loader: FragmentLoader,
  problems: Problem[],
  seen: readonly string[] = [source.file],
): unknown {
  if (Array.isArray(value)) {
    return value.map((item, i) => inlineRefs(item, source, [...path, i], loader, problems, seen));
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const ref = record.$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    const target = posix.normalize(posix.join(dirname(source.file), ref));
    const pointer = pointerOf([...path, '$ref']);
    if (seen.includes(target)) {
      problems.push(source.problem(pointer, `circular $ref: ${[...seen, target].join(' -> ')}`));
      return {};
    }
    const fragment = loader.load(target);
    if (Array.isArray(fragment)) {
      problems.push(
        source.problem(pointer, `$ref to ${target} cannot be resolved (${fragment[0]?.message ?? 'unknown error'})`),
      );
      return {};
    }
    const inlined = inlineRefs(fragment.value, fragment, [], loader, problems, [...seen, target]);
    if (inlined === null || typeof inlined !== 'object' || Array.isArray(inlined)) {
      problems.push(source.problem(pointer, `$ref target ${target} is not a schema object`));
      return {};
    }
    Object.assign(out, inlined);
  }
  for (const [key, child] of Object.entries(record)) {
    if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) continue;
    out[key] = inlineRefs(child, source, [...path, key], loader, problems, seen);
  }
  if (
    typeof ref === 'string' &&
    !ref.startsWith('#') &&
    Object.keys(record).every((k) => k === '$ref' || k === 'description')
  ) {
    (out as Record<symbol, string>)[FRAGMENT] = posix.normalize(posix.join(dirname(source.file), ref));
  }
  return out;
}
