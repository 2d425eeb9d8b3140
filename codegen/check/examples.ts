/**
 * Checks each catalogue example against its tool's schemas before anything runs: arguments must fit (unless the
 * example expects INVALID_ARGUMENTS), and an expected result must fit the result schema, so a YAML slip in an
 * example (a comma that splits a flow map into a stray key, a number written as text) fails codegen at its line
 * instead of waiting for the example test.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { ajvErrorPointer, describeAjvError } from '../ajv.js';
import type { SourceDocument } from '../load/yaml.js';
import type { JsonSchema, ToolEntry } from '../model.js';
import type { Problem } from '../problems.js';
import { canonicalArguments } from '../../shared/keyed-arguments.js';

/**
 * The schema with every `required` list dropped: an example's result lists a subset of the real result's fields
 * (test/catalog.test.ts matches it with toMatchObject), so a field may be left out, but what is written must fit
 * where it stands. The names inside `properties` are property names, never keywords, and are kept as they are.
 */
export function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(child)) continue;
    if (key === 'properties' && child !== null && typeof child === 'object' && !Array.isArray(child)) {
      out[key] = Object.fromEntries(Object.entries(child).map(([name, sub]) => [name, withoutRequired(sub)]));
    } else out[key] = withoutRequired(child);
  }
  return out;
}

function problemsAt(doc: SourceDocument, base: string, errors: readonly ErrorObject[], what: string): Problem[] {
  return errors.map((e) => doc.problem(`${base}${ajvErrorPointer(e)}`, `${what}: ${describeAjvError(e)}`));
}

export function checkExamples(
  tool: ToolEntry,
  doc: SourceDocument,
  ajv: Ajv,
  validateArguments: ValidateFunction | undefined,
  problems: Problem[],
): void {
  let validateResult: ValidateFunction | undefined;
  try {
    validateResult = ajv.compile(withoutRequired(tool.result) as JsonSchema);
  } catch {
    // The full result schema's compile problem is already reported; nothing to check examples against.
  }
  tool.examples.forEach((example, i) => {
    if (validateArguments) {
      // As the server does: names of keys become the keys before the arguments are checked.
      const valid = validateArguments(canonicalArguments(tool.keyedArguments, example.arguments));
      const expectsSchemaFailure = example.error?.code === 'INVALID_ARGUMENTS';
      if (!valid && !expectsSchemaFailure) {
        const detail = (validateArguments.errors ?? [])
          .map((e) => `${e.instancePath || '/'} ${describeAjvError(e)}`)
          .join('; ');
        problems.push(
          doc.problem(`/examples/${i}/arguments`, `example arguments do not match the arguments schema: ${detail}`),
        );
      }
      if (valid && expectsSchemaFailure) {
        problems.push(
          doc.problem(`/examples/${i}/error`, 'example expects INVALID_ARGUMENTS but its arguments match the schema'),
        );
      }
    }
    if (validateResult && example.result !== undefined && !validateResult(example.result)) {
      problems.push(
        ...problemsAt(
          doc,
          `/examples/${i}/result`,
          validateResult.errors ?? [],
          'example result does not fit the result schema',
        ),
      );
    }
  });
}
