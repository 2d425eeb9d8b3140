/**
 * Turns precompiled-validator errors on tool arguments into one tool failure a model can act on: which argument,
 * what was sent, what is allowed, and the nearest valid values or argument names.
 */
import type { ErrorObject } from 'ajv';
import type { ToolError } from '../../generated/metadata-types.js';
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
        message: `unknown argument "${name}"${known.length > 0 ? `; ${error.instancePath === '' ? 'this tool takes' : `${at} takes`}: ${known.join(', ')}` : ''}`,
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

/**
 * For a property declared with `anyOf`, keep only the errors of the alternative whose type matches what was sent;
 * when none matches, one issue naming the accepted forms replaces all branch errors.
 */
function resolveAnyOf(errors: ErrorObject[], properties: Schema): Issue[] {
  const issues: Issue[] = [];
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
      issues.push(...specific.map((e) => issueFor(e, properties)));
      continue;
    }
    const description = descriptionOf(properties, anyOf.instancePath.split('/').pop() ?? '');
    const types = branches.map((e) => String(e.params.type));
    issues.push({
      pointer: anyOf.instancePath,
      message: `${label(anyOf.instancePath)} must be ${[...new Set(types)].join(' or ')}, not ${typeName(anyOf.data)}${description ? `: ${description}` : ''}`,
      allowed: types.join(' or '),
      suggestions: [],
    });
  }
  return [...issues, ...errors.filter((e) => !consumed.has(e)).map((e) => issueFor(e, properties))];
}

export function argumentsFailure(errors: readonly ErrorObject[], inputSchema: Schema): ToolError {
  const properties = (inputSchema.properties ?? {}) as Schema;
  const issues = resolveAnyOf([...errors], properties);
  const first = issues[0] ?? { pointer: '', message: 'arguments are not valid', suggestions: [] };
  const shown = issues.slice(0, 4).map((i) => i.message);
  return {
    code: 'INVALID_ARGUMENTS',
    message: `Invalid arguments: ${shown.join('; ')}${issues.length > shown.length ? `; and ${issues.length - shown.length} more` : ''}.`,
    argument: first.pointer,
    ...(first.allowed ? { allowed: first.allowed } : {}),
    suggestions: first.suggestions,
  };
}
