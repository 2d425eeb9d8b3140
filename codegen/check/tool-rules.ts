/**
 * The house rules for what a model reads of a tool, enforced here rather than only by a test, so a new catalogue
 * entry learns them from `npm run codegen` with the file, the rule and how to fix it.
 */
import type { SourceDocument } from '../load/yaml.js';
import type { JsonSchema, ToolEntry } from '../model.js';
import { pointerOf, type Problem } from '../problems.js';

const MIN_DESCRIPTION = 100;
const EXAMPLES = /Examples?:/;
const ARGUMENT_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;

export function checkModelFacingRules(tool: ToolEntry, doc: SourceDocument, problems: Problem[]): void {
  const length = tool.description.length;
  if (length <= MIN_DESCRIPTION) {
    problems.push(
      doc.problem(
        '/description',
        `description is ${length} characters; a tool description is written for a model and must be over ${MIN_DESCRIPTION}: say what the tool computes and the format of each argument`,
      ),
    );
  } else if (!EXAMPLES.test(tool.description)) {
    problems.push(
      doc.problem(
        '/description',
        `a description over ${MIN_DESCRIPTION} characters must show calls after "Examples:" (add, say, Examples: ${JSON.stringify(tool.examples[0]?.arguments ?? {})})`,
      ),
    );
  }
  if (tool.arguments.additionalProperties !== false) {
    problems.push(
      doc.problem(
        '/arguments',
        'arguments must say additionalProperties: false, so a misspelt argument is an error rather than ignored',
      ),
    );
  }
  const properties = (tool.arguments.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    const pointer = pointerOf(['arguments', 'properties', name]);
    if (!ARGUMENT_NAME.test(name)) {
      problems.push(
        doc.problem(pointer, `argument name "${name}" must match ${ARGUMENT_NAME.source} (clients reject other names)`),
      );
    }
    if (typeof property.description !== 'string') {
      problems.push(
        doc.problem(
          pointer,
          `argument "${name}" has no description: a model reads it to fill the argument in (add description: ...)`,
        ),
      );
    }
    if (property.type === undefined && !Array.isArray(property.anyOf)) {
      problems.push(doc.problem(pointer, `argument "${name}" has no type: give it a type (or anyOf of typed schemas)`));
    }
  }
}
