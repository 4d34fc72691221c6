import type { JsonSchema } from '../routing/json-schema';
import { AppError } from '../shared/errors';

/**
 * Checks a tool call's arguments against the JSON Schema the tool advertises, before anything runs, and says
 * what is wrong in the tool's own words: `cart_id is required: a UUID`, `unknown argument "id"; this tool takes
 * cart_id, item_id, quantity`, `quantity must be an integer ≥ 1`. An agent reads the argument as it sent it and
 * what to send instead, never a GraphQL variable or query.
 *
 * Its own checker rather than ajv (a devDependency only) or zod (the SDK's, which would need the schemas converted
 * and words its messages itself): the tool schemas use a small subset of JSON Schema, listed in CHECKED, and a
 * schema using anything else stops start-up (`assertCheckable`) instead of being half checked.
 */

/** One argument problem: the argument's path as the tool spells it (`shipping_address.zip`, `items[0].quantity`). */
export interface ArgumentProblem {
  field: string;
  detail: string;
}

/** The keywords the checker enforces. */
const CHECKED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'anyOf',
]);
/** Keywords that only describe (and `x-error-code`: the use case checks that rule with its own error). */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', '$comment', 'x-error-code']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The same loose checks as the REST reader (validation/input.ts, rules.ts): this layer refuses nothing REST takes.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FORMATS: Record<string, { noun: string; test: (value: string) => boolean }> = {
  uuid: { noun: 'a UUID', test: (v) => UUID.test(v) },
  'date-time': {
    noun: 'a date-time (ISO 8601, e.g. 2026-01-31T12:00:00Z)',
    test: (v) => !Number.isNaN(Date.parse(v)),
  },
  email: { noun: 'an email address', test: (v) => EMAIL.test(v.trim()) },
};

/** The bounds of a GraphQL Int, which every integer schema carries: said only when a value breaks them. */
const INT32 = { min: -2147483648, max: 2147483647 };

/** Throws when a schema uses a keyword or format the checker does not enforce (a tool would accept more than it says). */
export function assertCheckable(schema: JsonSchema, where: string): void {
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (!CHECKED.has(key))
      throw new Error(`${where}: JSON Schema keyword ${key} is not checked (src/mcp/check-arguments.ts)`);
    if (key === 'format' && !FORMATS[value as string])
      throw new Error(`${where}: format ${String(value)} is not checked (src/mcp/check-arguments.ts)`);
    if (key === 'properties')
      for (const [name, sub] of Object.entries(value as Record<string, JsonSchema>))
        assertCheckable(sub, `${where}.${name}`);
    if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object'))
      assertCheckable(value as JsonSchema, `${where}[]`);
    if (key === 'anyOf') for (const sub of value as JsonSchema[]) assertCheckable(sub, where);
  }
}

const typesOf = (schema: JsonSchema): string[] => (schema.type === undefined ? [] : ([schema.type].flat() as string[]));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Bounds in words: ` from 1 to 100`, ` ≥ 1` for numbers; ` of 1 to 255 characters`, ` of at most 100 items` with a unit. */
function bounds(min: number | undefined, max: number | undefined, unit?: string): string {
  if (unit) {
    if (min !== undefined && max !== undefined) return ` of ${min} to ${plural(max, unit)}`;
    if (min !== undefined) return ` of at least ${plural(min, unit)}`;
    return max !== undefined ? ` of at most ${plural(max, unit)}` : '';
  }
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  return max !== undefined ? ` ≤ ${max}` : '';
}

function describeType(type: string, schema: JsonSchema): string {
  switch (type) {
    case 'null':
      return 'null';
    case 'boolean':
      return 'true or false';
    case 'integer':
    case 'number': {
      const min = schema.minimum as number | undefined;
      const max = schema.maximum as number | undefined;
      const noun = type === 'integer' ? 'an integer' : 'a number';
      return `${noun}${bounds(min === INT32.min ? undefined : min, max === INT32.max ? undefined : max)}`;
    }
    case 'string': {
      const format = FORMATS[schema.format as string];
      if (format) return format.noun;
      const length = bounds(
        schema.minLength as number | undefined,
        schema.maxLength as number | undefined,
        'character',
      );
      const pattern = typeof schema.pattern === 'string' ? ` matching ${schema.pattern}` : '';
      return `a string${length}${pattern}`;
    }
    case 'array': {
      const items = schema.items as JsonSchema | undefined;
      const each = items && Object.keys(items).some((k) => !ANNOTATIONS.has(k)) ? `, each ${expected(items)}` : '';
      return `a list${bounds(schema.minItems as number | undefined, schema.maxItems as number | undefined, 'item')}${each}`;
    }
    case 'object': {
      const required = (schema.required as string[] | undefined) ?? [];
      return `an object${required.length ? ` with ${required.join(', ')}` : ''}`;
    }
    default:
      return type;
  }
}

/** What a schema takes, in words: `a UUID`, `an integer ≥ 1`, `one of asc, desc`, `a list of at most 100 items, each …`. */
export function expected(schema: JsonSchema): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(expected).join(' or ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum) && !schema['x-error-code'])
    return `one of ${schema.enum.map((v) => (v === null ? 'null' : String(v))).join(', ')}`;
  const types = typesOf(schema);
  if (!types.length) return 'any JSON value';
  return types.map((t) => describeType(t, schema)).join(' or ');
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether `value` breaks a rule of the schema itself (not of its properties or items). */
function breaks(schema: JsonSchema, value: unknown): boolean {
  const types = typesOf(schema);
  const type = jsonType(value);
  if (types.length && !types.includes(type) && !(type === 'integer' && types.includes('number'))) return true;
  if ('const' in schema && value !== schema.const) return true;
  // A rule with an `x-error-code` is the use case's, answered with the spec's own code (422 invalid_identifier).
  const ownRules = !schema['x-error-code'];
  if (ownRules && Array.isArray(schema.enum) && !schema.enum.includes(value)) return true;
  if (typeof value === 'string') {
    const format = FORMATS[schema.format as string];
    if (format && !format.test(value)) return true;
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) return true;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) return true;
    if (ownRules && typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) return true;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return true;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return true;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return true;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return true;
  }
  return false;
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

function mustBe(schema: JsonSchema, value: unknown, path: string): string {
  let words = expected(schema);
  if (typeof value === 'number' && Number.isInteger(value) && typesOf(schema).includes('integer')) {
    if (value > INT32.max) words += ` (at most ${INT32.max})`;
    if (value < INT32.min) words += ` (at least ${INT32.min})`;
  }
  return `${path} must be ${words}`;
}

function check(schema: JsonSchema, value: unknown, path: string, problems: ArgumentProblem[]): void {
  if (Array.isArray(schema.anyOf)) {
    const fits = (schema.anyOf as JsonSchema[]).some((branch) => {
      const scratch: ArgumentProblem[] = [];
      check(branch, value, path, scratch);
      return scratch.length === 0;
    });
    if (!fits) problems.push({ field: path, detail: mustBe(schema, value, path) });
    return;
  }
  if (breaks(schema, value)) {
    problems.push({ field: path, detail: mustBe(schema, value, path) });
    return;
  }
  if (Array.isArray(value) && schema.items)
    value.forEach((item, i) => check(schema.items as JsonSchema, item, `${path}[${i}]`, problems));
  if (jsonType(value) === 'object') checkObject(schema, value as Record<string, unknown>, path, problems);
}

function checkObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: string,
  problems: ArgumentProblem[],
): void {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of (schema.required as string[] | undefined) ?? [])
    if (value[name] === undefined)
      problems.push({
        field: at(path, name),
        detail: `${at(path, name)} is required: ${expected(properties[name] ?? {})}`,
      });
  const known = Object.keys(properties);
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const property = properties[name];
    if (property) check(property, item, at(path, name), problems);
    else if (schema.additionalProperties === false)
      problems.push({
        field: at(path, name),
        detail: path
          ? `unknown field "${name}" in ${path}; it takes ${known.join(', ') || 'no fields'}`
          : `unknown argument "${name}"; this tool takes ${known.join(', ') || 'no arguments'}`,
      });
    else if (typeof schema.additionalProperties === 'object')
      check(schema.additionalProperties as JsonSchema, item, at(path, name), problems);
  }
}

/** Every problem of a tool call's arguments against its input schema (an empty list when they fit). */
export function argumentProblems(schema: JsonSchema, args: Record<string, unknown>): ArgumentProblem[] {
  const problems: ArgumentProblem[] = [];
  checkObject(schema, args, '', problems);
  return problems;
}

/** The arguments' problems as one `validation_error` (message: every problem, `; `-separated), or undefined. */
export function argumentError(schema: JsonSchema, args: Record<string, unknown>): AppError | undefined {
  const problems = argumentProblems(schema, args);
  if (!problems.length) return undefined;
  const entries = problems.map((p) => ({ code: 'validation_error' as const, detail: p.detail, field: p.field }));
  return new AppError('validation_error', problems.map((p) => p.detail).join('; '), {
    field: problems[0].field,
    entries,
  });
}
