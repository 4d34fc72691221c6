import {
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';

import { toSnake } from '../case';
import { isStorableDate } from '../dates';
import { breakRule, type FieldRules, isClearable } from './rules';

export interface FieldProblem {
  field: string;
  detail: string;
}

/**
 * Where a value comes from decides how it is read:
 * - `json`: a REST JSON body; keys are snake_case and are mapped onto the camelCase input fields.
 * - `text`: a path or query parameter; numbers and booleans arrive as strings.
 * - `graphql`: arguments graphql-js already coerced; only the extra rules are left to check.
 */
export type InputSource = 'json' | 'text' | 'graphql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT32 = { min: -2147483648, max: 2147483647 };

/**
 * Checks `value` against a GraphQL input type and returns it in GraphQL's shape (camelCase keys, typed
 * scalars), collecting every problem with its snake_case JSON path. JSON-typed fields are passed through
 * untouched; unknown keys are ignored (contract §2).
 */
export function readInput(
  type: GraphQLInputType,
  value: unknown,
  path: string,
  source: InputSource,
  problems: FieldProblem[],
  rules?: FieldRules,
): unknown {
  if (isNonNullType(type)) {
    if (value === undefined || value === null || (source === 'text' && value === '')) {
      problems.push({ field: path, detail: 'required' });
      return undefined;
    }
    return readInput(type.ofType, value, path, source, problems, rules);
  }
  if (value === undefined) return value;
  // Fields of input objects meet the null rule in readObject; what reaches here is an optional argument (a
  // filter, `page`), where null means "not given" as in GraphQL, or a list item. Lists and free-form JSON
  // objects have no "empty" null (`[]` and `{}` empty them).
  if (value === null) return isListType(type) || isJsonType(type) ? fail(problems, path, 'required') : value;

  if (isListType(type)) {
    const items = source === 'text' && typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(items)) return fail(problems, path, 'type');
    if (rules?.minItems !== undefined && items.length < rules.minItems)
      problems.push({ field: path, detail: rules.minItems === 1 ? 'required' : 'min' });
    // Refused before its items are read: an oversized array costs no more than its length check.
    if (rules?.maxItems !== undefined && items.length > rules.maxItems)
      return fail(problems, path, `max_items (at most ${rules.maxItems})`);
    return items.map((item, i) => readInput(type.ofType, item, `${path}[${i}]`, source, problems, rules));
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return fail(problems, path, 'type');
    return readObject(type.getFields(), value as Record<string, unknown>, path, source, problems);
  }
  if (isEnumType(type)) {
    const name = String(value);
    if (source === 'graphql') return value;
    if (!type.getValue(name)) return fail(problems, path, 'oneof');
    return name;
  }
  if (isScalarType(type)) {
    const scalar = source === 'graphql' ? value : readScalar(type.name, value, source);
    if (scalar === INVALID) return fail(problems, path, type.name === 'UUID' ? 'uuid' : 'type');
    if (scalar === OUT_OF_RANGE) return fail(problems, path, 'out_of_range');
    // PostgreSQL refuses NUL in text and jsonb, and a lone surrogate is not Unicode: refuse them here, as 400s.
    if (hasUnstorableText(scalar)) return fail(problems, path, 'invalid_characters');
    const broken = rules ? breakRule(rules, scalar) : undefined;
    if (broken) problems.push({ field: path, detail: broken });
    return scalar;
  }
  return value;
}

/** Reads the arguments of a field (GraphQL mode) or the variables of an operation. */
export function readArguments(
  args: readonly GraphQLArgument[],
  values: Record<string, unknown>,
  source: InputSource,
  problems: FieldProblem[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const arg of args) {
    if (!(arg.name in values)) continue;
    out[arg.name] = readInput(arg.type, values[arg.name], toSnake(arg.name), source, problems, rulesOf(arg));
  }
  return out;
}

function readObject(
  fields: Record<string, GraphQLInputField>,
  value: Record<string, unknown>,
  path: string,
  source: InputSource,
  problems: FieldProblem[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of Object.values(fields)) {
    const key = source === 'json' ? toSnake(field.name) : field.name;
    const raw = value[key];
    const fieldPath = path ? `${path}.${toSnake(field.name)}` : toSnake(field.name);
    if (raw === undefined && field.defaultValue !== undefined) continue;
    if (raw === null && !isNonNullType(field.type)) {
      // The null rule (docs/decisions.md): null clears a field that can hold "no value" (`@Clearable`); on any
      // other optional field it is refused here, so no service ever hands null to a column that refuses it.
      if (isClearable(field) && !isListType(field.type) && !isJsonType(field.type)) out[field.name] = null;
      else problems.push({ field: fieldPath, detail: 'required' });
      continue;
    }
    // A JSON field (custom_fields, metadata) is an object of the client's own keys: `false`, `[]` or `"x"` are
    // not, and storing them broke every later read that merges or indexes them. (Items of a JSON list, such as
    // the bulk create's products, are judged one by one by their reader.)
    if (raw !== undefined && raw !== null && isJsonType(field.type) && !isPlainObject(raw)) {
      problems.push({ field: fieldPath, detail: 'type' });
      continue;
    }
    const read = readInput(field.type, raw, fieldPath, source, problems, rulesOf(field));
    if (read !== undefined) out[field.name] = read;
  }
  return out;
}

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonType(type: GraphQLInputType): boolean {
  if (isNonNullType(type)) return isJsonType(type.ofType);
  return isScalarType(type) && type.name === 'JSON';
}

function rulesOf(field: GraphQLInputField | GraphQLArgument): FieldRules | undefined {
  return (field.extensions as { rules?: FieldRules } | undefined)?.rules;
}

const INVALID = Symbol('invalid');
const OUT_OF_RANGE = Symbol('out_of_range');

/** NUL, or a UTF-16 surrogate without its pair. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string, or any key or string inside a JSON value, holds text PostgreSQL cannot store. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v, depth + 1));
}

function readScalar(name: string, value: unknown, source: InputSource): unknown {
  const text = source === 'text' && typeof value === 'string';
  switch (name) {
    case 'Int': {
      const n = text ? (/^-?\d+$/.test(value as string) ? Number(value) : NaN) : value;
      return typeof n === 'number' && Number.isInteger(n) && n >= INT32.min && n <= INT32.max ? n : INVALID;
    }
    case 'Float': {
      const n = text ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? n : INVALID;
    }
    case 'Boolean':
      if (text) return value === 'true' ? true : value === 'false' ? false : INVALID;
      return typeof value === 'boolean' ? value : INVALID;
    case 'String':
      return typeof value === 'string' ? value : INVALID;
    case 'ID':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : INVALID;
    case 'UUID':
      return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : INVALID;
    case 'DateTime':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return INVALID;
      return isStorableDate(new Date(value)) ? value : OUT_OF_RANGE;
    default:
      // JSON and other free scalars: passed through untouched (custom_fields, metadata, addresses).
      return value;
  }
}

function fail(problems: FieldProblem[], field: string, detail: string): undefined {
  problems.push({ field, detail });
  return undefined;
}
