/**
 * Issue 24: an explicit `null` never ends in a 500. The cases are generated, not listed: every optional field of
 * every REST request body in the OpenAPI document (one level into nested objects and list items), and every
 * optional field of every GraphQL mutation input in the schema. The rule (docs/decisions.md): null on a field the
 * document marks nullable (a clearable column) clears it; null on any other optional field is 400
 * `validation_error` / `required` naming the field. Requests run against real resources where the route's
 * own create route can make one, so clearing really reaches the database.
 */
import { randomUUID } from 'node:crypto';

import fc from 'fast-check';
import {
  getNamedType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';

import { schemaParts } from '../../app/domains';
import { buildBaseSchema } from '../../src/graphql/schema';
import { toSnake } from '../../src/shared/case';
import { isClearable } from '../../src/shared/validation/rules';
import { startWithBundledPlugins } from '../harness/bundled-plugins';
import type { Client, HttpResult } from '../harness/client';
import { DocResources, minimalBody, uniquify } from '../harness/doc-resources';
import { admitsNull, type DocOperation, documentOperations, optionalFields, setAt } from '../harness/openapi-arbitrary';
import type { TestServer } from '../harness/server';

let t: TestServer;
let staff: Client;
let customer: Client;
let server: Awaited<ReturnType<typeof startWithBundledPlugins>>;
beforeAll(async () => {
  // The bundled plugins' routes are in the document too: their bodies are held to the same rule.
  server = await startWithBundledPlugins();
  t = server.t;
  staff = await t.asSuperAdmin().ready();
  customer = await t.asCustomer().ready();
});
afterAll(() => server?.close());

const operations = documentOperations();
const withBody = operations.filter((op) => op.body && op.method !== 'GET' && !op.path.includes('/auth/'));

const clientFor = (path: string) =>
  path.startsWith('/api/v1/store/account') || path.startsWith('/api/v1/store/api-keys') ? customer : staff;

let resources: DocResources;
beforeAll(() => {
  resources = new DocResources(t, operations, clientFor);
});
const fill = (path: string) => resources.fill(path);

const problemsOf = (res: HttpResult) =>
  (res.body?.errors ?? []) as Array<{ code: string; field?: string; detail: string }>;

describe('null on every optional field of every REST body', () => {
  const cases = withBody.flatMap((op) =>
    optionalFields(op.body!).map((f) => ({ op, field: f.path, clearable: admitsNull(f.schema) })),
  );
  let cleared = 0;
  let refused = 0;
  let sent = 0;
  const other: string[] = [];
  afterAll(() => {
    console.log(
      `null rule, REST: ${cases.length} fields, ${sent} requests; ${refused} refused (400), ${cleared} cleared (2xx), ` +
        `clearable answered otherwise as without the field: ${other.join(', ')}`,
    );
  });

  it('the document has both kinds of field to try', () => {
    expect(cases.filter((c) => c.clearable).length).toBeGreaterThan(20);
    expect(cases.filter((c) => !c.clearable).length).toBeGreaterThan(50);
  });

  it.each(cases.map((c) => [`${c.op.method} ${c.op.path} ${c.field}`, c] as const))('%s', async (_name, c) => {
    const { op, field, clearable } = c as { op: DocOperation; field: string; clearable: boolean };
    const { url, headers } = await fill(op.path);
    // setAt may add a list item or object on the way (sampled): uniquify again for its unique keys.
    let body = minimalBody(op.body!, 0);
    setAt(body, field, null, op.body!);
    body = uniquify(body) as Record<string, any>;
    // The client also fails the test when the status or body is not one the document lists for the route.
    const res = await clientFor(op.path).request(op.method, url, body, headers);
    sent++;
    const named = problemsOf(res).filter((p) => p.field === field);
    if (res.status >= 500) throw new Error(`${res.status} for null ${field}: ${res.text}`);
    if (!clearable) {
      expect({ status: res.status, named }).toEqual({
        status: 400,
        named: [{ code: 'validation_error', field, detail: 'required' }],
      });
      refused++;
      return;
    }
    // Null on a clearable field means "no value": the answer is the one the same request gets without the field
    // (a create stores null; an update clears it, where leaving it out changes nothing: both succeed).
    const without = minimalBody(op.body!, 0);
    setAt(without, field, undefined, op.body!);
    const absent = await clientFor(op.path).request(op.method, url, uniquify(without), headers);
    expect({ status: res.status, named }).toEqual({
      status: absent.status,
      named: problemsOf(absent).filter((p) => p.field === field),
    });
    sent++;
    if (res.status < 300) cleared++;
    else
      other.push(`${op.method} ${op.path} ${field} ${res.status}${res.status === 400 ? res.text.slice(0, 200) : ''}`);
  });

  it('clearing reaches the database on the routes the issue named (and the value reads back as null)', async () => {
    const { url } = await fill('/api/v1/admin/warehouses/{id}');
    const res = await staff.put(url, { city: 'Berlin' });
    expect(res.status).toBe(200);
    const clearedCity = await staff.put(url, { city: null });
    expect(clearedCity.status).toBe(200);
    expect(clearedCity.body.data.city).toBeNull();
    for (const body of [{ priority: null }, { active: null }])
      expect(
        (await staff.post('/api/v1/admin/warehouses', { name: 'W', code: `W-${randomUUID()}`, ...body })).status,
      ).toBe(400);
    const shipping = await staff.post('/api/v1/admin/shipping-methods', {
      translations: [{ locale: 'en', name: 'S' }],
      price_gross: null,
    });
    expect(problemsOf(shipping)).toEqual([{ code: 'validation_error', field: 'price_gross', detail: 'required' }]);
  });
});

const schema = buildBaseSchema(schemaParts());

/** A value GraphQL and the field rules accept, for required fields only. */
function minimal(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return minimal(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields()))
      if (isNonNullType(f.type) && f.defaultValue === undefined) {
        const rules = (f.extensions as { rules?: { pattern?: string; minItems?: number } }).rules;
        out[f.name] = rules?.pattern
          ? fc.sample(fc.stringMatching(new RegExp(rules.pattern)), { numRuns: 1, seed: 3 })[0].slice(0, 20) || 'a'
          : isListType(f.type.ofType) && rules?.minItems
            ? [minimal(f.type.ofType.ofType)]
            : minimal(f.type);
      }
    return out;
  }
  if (isScalarType(type))
    return (
      (
        { Int: 1, Float: 1, Boolean: true, UUID: randomUUID(), JSON: {}, DateTime: '2030-01-01T00:00:00Z' } as Record<
          string,
          unknown
        >
      )[type.name] ?? 'a'
    );
  return null;
}

describe('null on every optional field of every GraphQL mutation input', () => {
  const mutations = Object.values(schema.getMutationType()!.getFields());

  const cases = mutations.flatMap((m) => {
    const input = m.args.find((a) => isInputObjectType(getNamedType(a.type)));
    if (!input) return [];
    const type = getNamedType(input.type) as GraphQLInputObjectType;
    const fields: Array<{ path: string[]; clearable: boolean }> = [];
    for (const f of Object.values(type.getFields())) {
      if (!isNonNullType(f.type))
        fields.push({
          path: [f.name],
          clearable: isClearable(f) && !isListType(f.type) && getNamedType(f.type).name !== 'JSON',
        });
      const inner = getNamedType(f.type);
      if (isInputObjectType(inner) && !isListType(isNonNullType(f.type) ? f.type.ofType : f.type))
        for (const g of Object.values(inner.getFields()))
          if (!isNonNullType(g.type)) fields.push({ path: [f.name, g.name], clearable: isClearable(g) });
    }
    return fields.map((f) => ({ mutation: m.name, arg: input.name, path: f.path, clearable: f.clearable }));
  });
  let refused = 0;
  afterAll(() => {
    console.log(`null rule, GraphQL: ${cases.length} requests; ${refused} refused`);
  });

  it.each(cases.map((c) => [`${c.mutation} ${c.path.join('.')}`, c] as const))('%s', async (_name, c) => {
    const field = schema.getMutationType()!.getFields()[c.mutation];
    const variables: Record<string, unknown> = {};
    for (const a of field.args) if (isNonNullType(a.type) || a.name === c.arg) variables[a.name] = minimal(a.type);
    let node = variables[c.arg] as Record<string, any>;
    for (const step of c.path.slice(0, -1))
      node = node[step] ??= minimal(
        getNamedType(
          (getNamedType(field.args.find((a) => a.name === c.arg)!.type) as GraphQLInputObjectType).getFields()[step]
            .type,
        ),
      );
    node[c.path[c.path.length - 1]] = null;
    const defs = field.args.filter((a) => a.name in variables).map((a) => `$${a.name}: ${String(a.type)}`);
    const call = field.args.filter((a) => a.name in variables).map((a) => `${a.name}: $${a.name}`);
    const query = `mutation (${defs.join(', ')}) { ${c.mutation}(${call.join(', ')}) { __typename } }`;
    let res = await staff.gql(query, variables);
    if (res.errors?.[0]?.extensions?.code === 'forbidden') res = await customer.gql(query, variables);
    const codes = (res.errors ?? []).map((e) => e.extensions.code);
    expect(codes).not.toContain('internal_error');
    expect(res.status).toBeLessThan(500);
    const path = `${c.arg}.${c.path.map(toSnake).join('.')}`;
    const ext = res.errors?.[0]?.extensions ?? {};
    // One problem is `extensions.field`; several are listed in `extensions.errors` with their details.
    const entries = (ext.errors as Array<{ field?: string; detail: string }>) ?? [
      { field: ext.field, detail: 'required' },
    ];
    const named = entries.filter((e) => e.field === path);
    if (c.clearable) expect(named).toEqual([]);
    else {
      expect(ext.code).toBe('validation_error');
      expect(named.map((e) => e.detail)).toContain('required');
      refused++;
    }
  });
});

describe('null on every optional argument of every GraphQL root field', () => {
  // Arguments (filters, `page`, `limit`, an optional input) keep GraphQL's meaning: null is "not given".
  const roots = [schema.getQueryType()!, schema.getMutationType()!];
  const cases = roots.flatMap((root) =>
    Object.values(root.getFields()).flatMap((field) =>
      field.args
        .filter((a) => !isNonNullType(a.type))
        .map((a) => ({ kind: root === schema.getQueryType() ? 'query' : 'mutation', field: field.name, arg: a.name })),
    ),
  );
  afterAll(() => {
    console.log(`null rule, GraphQL arguments: ${cases.length} requests`);
  });

  it.each(cases.map((c) => [`${c.field}(${c.arg}: null)`, c] as const))('%s', async (_name, c) => {
    const root = c.kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
    const field = root.getFields()[c.field];
    const variables: Record<string, unknown> = {};
    for (const a of field.args) if (isNonNullType(a.type)) variables[a.name] = minimal(a.type);
    variables[c.arg] = null;
    const used = field.args.filter((a) => a.name in variables);
    const defs = used.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
    const call = used.map((a) => `${a.name}: $${a.name}`).join(', ');
    const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
    const query = `${c.kind} (${defs}) { ${c.field}(${call})${selection} }`;
    let res = await staff.gql(query, variables);
    if (res.errors?.[0]?.extensions?.code === 'forbidden') res = await customer.gql(query, variables);
    expect(res.status).toBeLessThan(500);
    expect((res.errors ?? []).map((e) => e.extensions.code)).not.toContain('internal_error');
    // Not given: never refused for being null (a list or JSON argument has no null, like the fields).
    const named = (res.errors ?? []).filter((e) => e.extensions.field === toSnake(c.arg));
    const arg = field.args.find((a) => a.name === c.arg)!;
    if (!isListType(arg.type) && getNamedType(arg.type).name !== 'JSON') expect(named).toEqual([]);
  });
});
