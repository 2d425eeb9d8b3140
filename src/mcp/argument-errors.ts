/**
 * Turns precompiled-validator errors on tool arguments into one tool failure a model can act on: which argument,
 * what was sent, what is allowed, and the nearest valid values or argument names.
 */
import type { ErrorObject } from 'ajv';
import type { ToolError } from '../../generated/metadata-types.js';
import type { Validator } from '../../generated/validators/input.js';
import { keyForm } from '../../shared/keyed-arguments.js';
import { closest } from '../outcomes/similarity.js';

type Schema = Record<string, unknown>;

interface Issue {
  pointer: string;
  message: string;
  allowed?: string;
  suggestions: string[];
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A name as it appears in a message: a long one cut short like a value (the pointer keeps it whole). */
function showName(name: string): string {
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}

function label(pointer: string): string {
  return pointer === '' ? 'arguments' : pointer.slice(1).replaceAll('/', '.');
}

function rangeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number')
    return `${schema.minimum}-${schema.maximum}`;
  return undefined;
}

/** An argument's description as a clause inside the message (its closing period dropped: the message ends it). */
function descriptionOf(properties: Schema, name: string): string | undefined {
  const description = (properties[name] as Schema | undefined)?.description;
  return typeof description === 'string' ? description.replace(/\.\s*$/, '') : undefined;
}

function issueFor(error: ErrorObject, properties: Schema): Issue {
  const at = label(error.instancePath);
  switch (error.keyword) {
    case 'required': {
      const name = String(error.params.missingProperty);
      const description = descriptionOf(properties, name);
      return {
        pointer: `${error.instancePath}/${name}`,
        message: `missing required argument "${name}"${description ? ` (${description})` : ''}`,
        suggestions: [],
      };
    }
    case 'additionalProperties': {
      const name = String(error.params.additionalProperty);
      const known = Object.keys(error.instancePath === '' ? properties : (error.parentSchema?.properties ?? {}));
      return {
        pointer: `${error.instancePath}/${name}`,
        message: `unknown argument "${showName(name)}"${known.length > 0 ? `; ${error.instancePath === '' ? 'this tool takes' : `${at} takes`}: ${known.join(', ')}` : ''}`,
        allowed: known.join(', '),
        suggestions: closest(name, known, 1),
      };
    }
    case 'type':
      return {
        pointer: error.instancePath,
        message: `${at} must be ${String(error.params.type).replace(',', ' or ')}, not ${typeName(error.data)} (${show(error.data)})`,
        allowed: String(error.params.type),
        suggestions: [],
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const range = rangeOf(error.parentSchema);
      const limit = Number(error.params.limit);
      return {
        pointer: error.instancePath,
        message: `${at} must be ${error.keyword.endsWith('inimum') ? 'at least' : 'at most'} ${limit}, not ${show(error.data)}${range ? ` (allowed: ${range})` : ''}`,
        ...(range ? { allowed: range } : {}),
        suggestions: [String(limit)],
      };
    }
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String);
      // Compared in the keys' own spelling-blind form, as keyed arguments are read ("Town Hal" is near town_center).
      return {
        pointer: error.instancePath,
        message: `${at} must be one of ${allowed.join(', ')}, not ${show(error.data)}`,
        allowed: allowed.join(', '),
        suggestions: closest(String(error.data), allowed, 2, keyForm),
      };
    }
    case 'pattern': {
      // The pattern itself means little to a model; the argument's description says what is expected.
      const description = descriptionOf(properties, error.instancePath.split('/').pop() ?? '');
      return {
        pointer: error.instancePath,
        message: `${at} ${show(error.data)} is not valid${description ? `: ${description}` : ''}`,
        suggestions: [],
      };
    }
    case 'maxLength':
    case 'minLength':
      return {
        pointer: error.instancePath,
        message: `${at} must have ${error.keyword === 'maxLength' ? 'at most' : 'at least'} ${String(error.params.limit)} characters`,
        suggestions: [],
      };
    default:
      return { pointer: error.instancePath, message: `${at} ${error.message ?? 'is not valid'}`, suggestions: [] };
  }
}

/** An issue not yet worded: wording costs a "did you mean" comparison, so only the ones shown are worded. */
type PendingIssue = () => Issue;

/** How many issues the message words; the rest are counted. */
const SHOWN_ISSUES = 4;

/**
 * For a property declared with `anyOf`, keep only the errors of the alternative whose type matches what was sent;
 * when none matches, one issue naming the accepted forms replaces all branch errors. Linear in the errors: `anyOf`
 * appears only on top-level arguments, so there are at most as many as the tool has arguments.
 */
function resolveAnyOf(errors: ErrorObject[], properties: Schema): PendingIssue[] {
  const issues: PendingIssue[] = [];
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  const consumed = new Set<ErrorObject>();
  for (const anyOf of anyOfs) {
    consumed.add(anyOf);
    const branches = errors.filter(
      (e) =>
        e !== anyOf &&
        e.schemaPath.startsWith(`${anyOf.schemaPath}/`) &&
        (e.instancePath === anyOf.instancePath || e.instancePath.startsWith(`${anyOf.instancePath}/`)),
    );
    branches.forEach((e) => consumed.add(e));
    const specific = branches.filter((e) => e.keyword !== 'type');
    if (specific.length > 0) {
      issues.push(...specific.map((e) => () => issueFor(e, properties)));
      continue;
    }
    issues.push(() => {
      const description = descriptionOf(properties, anyOf.instancePath.split('/').pop() ?? '');
      const types = branches.map((e) => String(e.params.type));
      return {
        pointer: anyOf.instancePath,
        message: `${label(anyOf.instancePath)} must be ${[...new Set(types)].join(' or ')}, not ${typeName(anyOf.data)}${description ? `: ${description}` : ''}`,
        allowed: types.join(' or '),
        suggestions: [],
      };
    });
  }
  for (const e of errors) if (!consumed.has(e)) issues.push(() => issueFor(e, properties));
  return issues;
}

/**
 * `unread`: unknown names left out of validation (each one more issue); see checkArguments.
 */
export function argumentsFailure(errors: readonly ErrorObject[], inputSchema: Schema, unread = 0): ToolError {
  const properties = (inputSchema.properties ?? {}) as Schema;
  const pending = resolveAnyOf([...errors], properties);
  const total = pending.length + unread;
  const issues = pending.slice(0, SHOWN_ISSUES).map((word) => word());
  const first = issues[0] ?? { pointer: '', message: 'arguments are not valid', suggestions: [] };
  const shown = issues.map((i) => i.message);
  return {
    code: 'INVALID_ARGUMENTS',
    message: `Invalid arguments: ${shown.join('; ')}${total > shown.length ? `; and ${total - shown.length} more` : ''}.`,
    argument: first.pointer,
    ...(first.allowed ? { allowed: first.allowed } : {}),
    suggestions: first.suggestions,
  };
}

/**
 * Validates a tool's arguments; undefined when they are valid, else the failure to report. Unknown names past the
 * few a message shows are counted, not validated: a body of thousands of made-up names then costs a count, not
 * thousands of validator errors (the message is the same either way).
 */
export function checkArguments(
  validate: Validator,
  args: Record<string, unknown>,
  inputSchema: Schema,
): ToolError | undefined {
  const properties = (inputSchema.properties ?? {}) as Schema;
  const names = Object.keys(args);
  let checked = args;
  let unread = 0;
  if (inputSchema.additionalProperties === false && names.length > Object.keys(properties).length + SHOWN_ISSUES) {
    const kept: [string, unknown][] = [];
    let unknownKept = 0;
    for (const name of names) {
      if (Object.hasOwn(properties, name)) kept.push([name, args[name]]);
      else if (unknownKept < SHOWN_ISSUES) {
        kept.push([name, args[name]]);
        unknownKept++;
      } else unread++;
    }
    // fromEntries defines own properties, so a "__proto__" name stays a name to refuse.
    checked = Object.fromEntries(kept);
  }
  if (validate(checked)) return undefined;
  return argumentsFailure(validate.errors ?? [], inputSchema, unread);
}
