/**
 * fast-check arbitraries read off the OpenAPI document's own JSON Schemas (schema/openapi.json): values the
 * document admits, and values that break exactly one rule it states. The fuzz and null tests use them so the
 * server is held to what the document says, not to what a test author remembers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';

export type Schema = Record<string, any>;

export interface DocOperation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Schema }>;
  /** The JSON request body's schema (undefined for routes without one). */
  body?: Schema;
  bodyRequired: boolean;
  /** Documented statuses. */
  statuses: string[];
  /** The error codes the document lists for 400. */
  security: unknown[];
}

let doc: Schema | undefined;
export function openApiDocument(): Schema {
  return (doc ??= JSON.parse(readFileSync(join(__dirname, '..', '..', 'schema', 'openapi.json'), 'utf8')));
}

/** Every operation of the document (core routes; plugin routes keep their own tests). */
export function documentOperations(): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries(openApiDocument().paths as Record<string, Schema>)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries(item)) {
      const json = op.requestBody?.content?.['application/json'];
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: json?.schema,
        bodyRequired: !!op.requestBody?.required,
        statuses: Object.keys(op.responses),
        security: op.security ?? [],
      });
    }
  }
  return out;
}

/** Whether a schema admits null (an optional field that can be cleared). */
export function admitsNull(s: Schema): boolean {
  if (Array.isArray(s.type)) return s.type.includes('null');
  if (Array.isArray(s.anyOf)) return s.anyOf.some((x: Schema) => x.type === 'null');
  return false;
}

/** The schema without its null alternative. */
export function withoutNull(s: Schema): Schema {
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t: string) => t !== 'null');
    return { ...s, type: types.length === 1 ? types[0] : types };
  }
  if (Array.isArray(s.anyOf)) {
    const rest = s.anyOf.filter((x: Schema) => x.type !== 'null');
    if (rest.length === 1) return rest[0];
  }
  return s;
}

const SAFE_TEXT = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -_'.split('')) });

function stringArb(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  // Long strings are the fuzzer's business elsewhere: keep valid ones short, but reach the maximum sometimes.
  const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum.filter((v: unknown) => v !== null) as string[]));
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.stringMatching(/^[a-z]{1,10}@[a-z]{1,10}\.(com|org|de)$/);
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.pattern) {
    // Cut only to a stated maximum: a pattern with a fixed length (`^[0-9a-f]{64}$`) cut to the default 40 would
    // never match again, and the filter below would then spin for ever.
    const re = new RegExp(s.pattern);
    const cap = s.maxLength ?? Number.POSITIVE_INFINITY;
    return fc
      .stringMatching(re)
      .map((v) => v.slice(0, cap))
      .filter((v) => [...v].length >= min && re.test(v));
  }
  return SAFE_TEXT.filter((v) => v.length >= min && v.length <= max).map((v) =>
    v.length < min ? v.padEnd(min, 'x') : v,
  );
}

/**
 * Values the schema admits. Optional properties are present or absent at random; lists are short; clearable
 * fields are null now and then. `depth` stops runaway recursion in nested inputs.
 */
export function validArb(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (admitsNull(s)) return fc.oneof({ weight: 4, arbitrary: validArb(withoutNull(s), depth) }, fc.constant(null));
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: Math.min(s.maximum ?? 100000, 100000) });
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = s.minItems ?? 0;
      return fc.array(validArb(s.items ?? {}, depth + 1), {
        minLength,
        maxLength: Math.min(s.maxItems ?? 3, minLength + 2),
      });
    }
    case 'object': {
      if (!s.properties) return fc.constant({});
      const required: string[] = s.required ?? [];
      const props = Object.fromEntries(
        Object.entries(s.properties as Record<string, Schema>).filter(([k]) => depth < 3 || required.includes(k)),
      );
      const recordModel = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validArb(v, depth + 1)]));
      return fc.record(recordModel, { requiredKeys: required.filter((k) => k in props) });
    }
    default:
      return fc.constant({});
  }
}

/** One value that breaks the schema's own rule, with the rule it breaks (for the failure message). */
export function invalidArb(s: Schema): fc.Arbitrary<{ value: unknown; breaks: string }> | undefined {
  const base = withoutNull(s);
  const options: Array<fc.Arbitrary<{ value: unknown; breaks: string }>> = [];
  const add = (breaks: string, arb: fc.Arbitrary<unknown>) => options.push(arb.map((value) => ({ value, breaks })));
  if (!admitsNull(s)) add('null', fc.constant(null));
  if (Array.isArray(base.enum)) add('enum', fc.constant('not-one-of-them'));
  switch (base.type) {
    case 'string':
      add('type', fc.constantFrom(12, true, { a: 1 }));
      if (base.maxLength !== undefined) add('maxLength', fc.constant('x'.repeat(base.maxLength + 1)));
      if (base.minLength) add('minLength', fc.constant(''));
      if (base.format === 'uuid') add('format', fc.constantFrom('not-a-uuid', '1234'));
      if (base.format === 'date-time') add('format', fc.constant('yesterday'));
      if (base.format === 'email') add('format', fc.constant('no-at-sign'));
      if (base.pattern && !new RegExp(base.pattern).test('!! ~'))
        add('pattern', fc.constant('!! ~'.slice(0, Math.max(1, Math.min(base.maxLength ?? 4, 4)))));
      break;
    case 'integer':
      add('type', fc.constantFrom('12', 1.5, false));
      if (base.minimum !== undefined && base.minimum > -2147483648) add('minimum', fc.constant(base.minimum - 1));
      if (base.maximum !== undefined && base.maximum < 2147483647) add('maximum', fc.constant(base.maximum + 1));
      break;
    case 'number':
    case 'boolean':
      add('type', fc.constantFrom('text', [1]));
      break;
    case 'array':
      add('type', fc.constantFrom('text', { a: 1 }));
      if (base.maxItems !== undefined)
        add('maxItems', fc.constant(Array.from({ length: base.maxItems + 1 }, () => null)));
      if (base.minItems) add('minItems', fc.constant([]));
      break;
    case 'object':
      add('type', fc.constantFrom('text', [], 5, false));
      break;
  }
  return options.length ? fc.oneof(...options) : undefined;
}

/** Paths (`translations[0].description`) of a body schema's optional properties, one level into lists and objects. */
export function optionalFields(s: Schema, prefix = '', depth = 0): Array<{ path: string; schema: Schema }> {
  const out: Array<{ path: string; schema: Schema }> = [];
  const base = withoutNull(s);
  if (base.type !== 'object' || !base.properties) return out;
  const required: string[] = base.required ?? [];
  for (const [key, prop] of Object.entries(base.properties as Record<string, Schema>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!required.includes(key)) out.push({ path, schema: prop });
    if (depth >= 1) continue;
    const inner = withoutNull(prop);
    if (inner.type === 'object') out.push(...optionalFields(inner, path, depth + 1));
    if (inner.type === 'array' && withoutNull(inner.items ?? {}).type === 'object')
      out.push(...optionalFields(inner.items, `${path}[0]`, depth + 1));
  }
  return out;
}

/** Sets `value` at a path such as `translations[0].description`, creating the list item or object on the way. */
export function setAt(body: Record<string, any>, path: string, value: unknown, shape: Schema): void {
  const steps = path.split('.');
  let node: any = body;
  let schema = withoutNull(shape);
  for (const [i, step] of steps.entries()) {
    const m = /^(\w+)(\[0\])?$/.exec(step)!;
    const key = m[1];
    const last = i === steps.length - 1;
    if (last && !m[2]) {
      node[key] = value;
      return;
    }
    const prop = withoutNull(schema.properties[key]);
    if (m[2]) {
      const itemSchema = withoutNull(prop.items);
      if (!Array.isArray(node[key]) || !node[key].length)
        node[key] = [fc.sample(validArb(itemSchema), { numRuns: 1, seed: 7 })[0]];
      node = node[key][0];
      schema = itemSchema;
    } else {
      if (typeof node[key] !== 'object' || node[key] === null)
        node[key] = fc.sample(validArb(prop), { numRuns: 1, seed: 7 })[0];
      node = node[key];
      schema = prop;
    }
  }
}
