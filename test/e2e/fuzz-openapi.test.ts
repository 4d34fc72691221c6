/**
 * Issue 24: fuzz from the OpenAPI document's own rules. Each request picks a core route of schema/openapi.json
 * and fills its path parameters, query string and JSON body from the schemas the document states (bounds,
 * patterns, lengths, enums, required keys, which fields take null):
 * - a request the document admits never answers 5xx, and answers a status (and body) the document lists for it;
 * - a request that breaks exactly one stated rule (a value out of bounds, too long, off-pattern, outside the
 *   enum, of the wrong type, null where the field is not nullable, a required key missing, a body that is not
 *   an object) answers 400 `validation_error` with the error envelope, never 5xx; where the document names the
 *   spec's own answer to a rule (`x-error-code`: 422 `invalid_identifier`, `invalid_attribute_type`), that one.
 * The client checks every answer against the document. `SVC_TEST_FUZZ_OPENAPI_RUNS` sets the number of
 * requests of each kind (CI: 150 + 150); `SVC_TEST_FUZZ_SEED` the seed.
 */
import fc from 'fast-check';

import { startWithBundledPlugins } from '../harness/bundled-plugins';
import type { Client } from '../harness/client';
import { DocResources } from '../harness/doc-resources';
import {
  type DocOperation,
  documentOperations,
  invalidArb,
  type Schema,
  validArb,
  withoutNull,
} from '../harness/openapi-arbitrary';
import type { TestServer } from '../harness/server';

const RUNS = Number(process.env.SVC_TEST_FUZZ_OPENAPI_RUNS ?? 150);
const SEED = Number(process.env.SVC_TEST_FUZZ_SEED ?? 20261125);

let t: TestServer;
let staff: Client;
let customer: Client;
let guest: Client;
let server: Awaited<ReturnType<typeof startWithBundledPlugins>>;
beforeAll(async () => {
  // The test server's rate limits are out of reach (test/harness/server.ts): a 429 here would be a finding.
  // The bundled plugins are served: the document lists their routes.
  server = await startWithBundledPlugins();
  t = server.t;
  staff = await t.asSuperAdmin().ready();
  customer = await t.asCustomer().ready();
  guest = t.asGuest();
  const resources = new DocResources(t, operations, (path) => callerFor({ path } as DocOperation));
  // DELETE keeps random ids: deleting the shared resources would turn every later request on them into a 404.
  for (const op of operations.filter((o) => o.path.includes('{') && o.method !== 'DELETE')) {
    const { params, headers } = await resources.fill(op.path);
    real.set(op, { params, headers });
  }
});
afterAll(() => server?.close());

// Logout and login would end or lock the fuzzer's own sessions without telling anything about input rules.
const operations = documentOperations().filter((op) => !/\/auth\/(logout|login)$/.test(op.path));

/** The caller the route is for, so the access check (which runs before the input) lets the request through. */
function callerFor(op: DocOperation): Client {
  if (op.path.startsWith('/api/v1/admin')) return staff;
  if (op.path.startsWith('/api/v1/store/account') || op.path.startsWith('/api/v1/store/api-keys')) return customer;
  // A store route without an anonymous alternative is a signed-in customer's (merging a guest cart into theirs).
  const security = (op.security ?? []) as object[];
  if (op.path.startsWith('/api/v1/store') && security.length && !security.some((r) => Object.keys(r).length === 0))
    return customer;
  return guest;
}

/** A parameter value as it travels in a URL (lists comma-separated). */
const asText = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

/** Invalid values of a path or query parameter as text: what a URL can carry (no null, everything a string). */
function invalidParam(s: Schema): fc.Arbitrary<{ value: string; breaks: string }> | undefined {
  const base = withoutNull(s);
  const options: Array<fc.Arbitrary<{ value: string; breaks: string }>> = [];
  const add = (breaks: string, ...values: string[]) =>
    options.push(fc.constantFrom(...values).map((value) => ({ value, breaks })));
  if (Array.isArray(base.enum)) add('enum', 'not-one-of-them');
  if (base.type === 'integer') {
    add('type', '1.5', 'abc', '');
    if (base.minimum !== undefined && base.minimum > -2147483648) add('minimum', String(base.minimum - 1));
  }
  if (base.type === 'boolean') add('type', 'maybe', '2');
  if (base.type === 'string') {
    if (base.format === 'uuid') add('format', 'not-a-uuid', '1234');
    if (base.maxLength !== undefined) add('maxLength', 'x'.repeat(base.maxLength + 1));
  }
  if (base.type === 'array' && withoutNull(base.items ?? {}).format === 'uuid') add('format', 'not-a-uuid');
  return options.length ? fc.oneof(...options) : undefined;
}

interface Built {
  op: DocOperation;
  path: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  breaks?: string;
  /** The error code the broken rule answers: `validation_error`, or the spec's own (`x-error-code`). */
  expect?: string;
}

/** The answer to breaking `rule` of `schema`: the use case's own code where the document names one. */
const expectedCode = (schema: Schema, rule: string): string | undefined =>
  (rule === 'pattern' || rule === 'enum') && withoutNull(schema)['x-error-code']
    ? withoutNull(schema)['x-error-code']
    : undefined;

function urlOf(req: Built): string {
  const filled = req.op.path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(req.path[n]));
  const qs = new URLSearchParams(req.query).toString();
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * Real path parameters per route (made with the document's own create routes before the run): three in four
 * generated requests use them, so they reach the use case and the database instead of stopping at 404.
 */
const real = new Map<DocOperation, { params: Record<string, string>; headers: Record<string, string> }>();

/** A request the document admits. */
function validRequest(op: DocOperation): fc.Arbitrary<Built> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const random = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, validArb(p.schema).map(asText)])));
  // Read at generation time: the arbitraries are built before the resources exist.
  const pathArb = fc
    .tuple(fc.nat(3), random)
    .map(([n, rnd]) => (n > 0 && real.has(op) ? real.get(op)!.params : (rnd as Record<string, string>)));
  return fc
    .record({
      path: pathArb,
      query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, validArb(p.schema).map(asText)])), {
        requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
      }),
      body: op.body ? validArb(op.body) : fc.constant(undefined),
    })
    .map(({ path, query, body }) => ({
      op,
      path: path as Record<string, string>,
      query: query as Record<string, string>,
      body,
    }));
}

/** A request that breaks one rule the document states, or undefined when it states none to break. */
function invalidRequest(op: DocOperation): fc.Arbitrary<Built> | undefined {
  const breakers: Array<fc.Arbitrary<Built>> = [];
  for (const p of op.parameters.filter((x) => x.in === 'path' || x.in === 'query')) {
    const bad = invalidParam(p.schema);
    if (!bad) continue;
    const where = p.in === 'path' ? 'path' : 'query';
    breakers.push(
      fc.tuple(validRequest(op), bad).map(([req, b]) => ({
        ...req,
        [where]: { ...req[where], [p.name]: b.value },
        breaks: `${p.in} ${p.name}: ${b.breaks}`,
      })),
    );
  }
  const body = op.body && withoutNull(op.body);
  if (body?.type === 'object') {
    breakers.push(
      fc.tuple(validRequest(op), fc.constantFrom(null, 5, 'text', [])).map(([req, v]) => ({
        ...req,
        body: v,
        breaks: `body ${JSON.stringify(v)}`,
      })),
    );
    for (const [key, prop] of Object.entries((body.properties ?? {}) as Record<string, Schema>)) {
      const bad = invalidArb(prop);
      if (bad)
        breakers.push(
          fc.tuple(validRequest(op), bad).map(([req, b]) => ({
            ...req,
            body: { ...(req.body as object), [key]: b.value },
            breaks: `body ${key}: ${b.breaks}`,
            expect: expectedCode(prop, b.breaks),
          })),
        );
      // One level down: a property of a nested object, or of the first item of a list of objects.
      const inner = withoutNull(prop);
      const nested = inner.type === 'array' ? withoutNull(inner.items ?? {}) : inner;
      if (nested.type === 'object')
        for (const [sub, subProp] of Object.entries((nested.properties ?? {}) as Record<string, Schema>)) {
          const badSub = invalidArb(subProp);
          if (!badSub) continue;
          const list = inner.type === 'array';
          breakers.push(
            fc.tuple(validRequest(op), validArb(nested), badSub).map(([req, item, b]) => {
              const broken = { ...(item as object), [sub]: b.value };
              return {
                ...req,
                body: { ...(req.body as object), [key]: list ? [broken] : broken },
                breaks: `body ${key}${list ? '[0]' : ''}.${sub}: ${b.breaks}`,
                expect: expectedCode(subProp, b.breaks),
              };
            }),
          );
        }
      if ((body.required ?? []).includes(key))
        breakers.push(
          validRequest(op).map((req) => {
            const { [key]: _dropped, ...rest } = req.body as Record<string, unknown>;
            return { ...req, body: rest, breaks: `body ${key}: missing` };
          }),
        );
    }
  }
  return breakers.length ? fc.oneof(...breakers) : undefined;
}

async function send(req: Built) {
  const method = req.op.method;
  const body = method === 'GET' || method === 'DELETE' ? undefined : req.body;
  // The client throws when the answer's status or body is not one the document lists for the route.
  const known = real.get(req.op);
  const headers = known && req.path === known.params ? known.headers : {};
  try {
    return await callerFor(req.op).request(method, urlOf(req), body === undefined ? undefined : JSON.stringify(body), {
      'content-type': 'application/json',
      ...headers,
    });
  } catch (err) {
    // A reset connection or a document mismatch: name the request that met it (shrinking may show another).
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? '';
    throw new Error(
      `${method} ${urlOf(req)} ${JSON.stringify(body)?.slice(0, 300)}: ${(err as Error).message} ${cause}`,
      { cause: err },
    );
  }
}

const describeOf = (req: Built, res: { status: number; text: string }) =>
  `${req.op.method} ${urlOf(req)} ${JSON.stringify(req.body)?.slice(0, 300)}${req.breaks ? ` (breaks ${req.breaks})` : ''}\n→ ${res.status} ${res.text.slice(0, 400)}`;

// Built once, before the server starts: building them takes seconds, and a pause between requests longer than
// the server's keep-alive timeout races the client's reuse of an idle connection (ECONNRESET).
const admitted = fc.constantFrom(...operations).chain((op) => validRequest(op));
const breakable = operations.flatMap((op) => {
  const arb = invalidRequest(op);
  return arb ? [arb] : [];
});

describe('requests generated from the OpenAPI document', () => {
  it(`${RUNS} requests the document admits: never 5xx, always a documented answer`, async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    // What the server refused in requests the document admits: rules the document cannot state (one of two
    // fields, a unique locale, an address line of spaces); printed so a new gap shows up in the log.
    const refusals = new Set<string>();
    await fc.assert(
      fc.asyncProperty(admitted, async (req) => {
        const res = await send(req);
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) throw new Error(describeOf(req, res));
        if (res.status >= 400) expect(res.body?.errors?.[0]?.code).toEqual(expect.any(String));
        if (res.status === 400)
          for (const e of res.body.errors as Array<{ field?: string; detail: string }>)
            refusals.add(`${req.op.method} ${req.op.path} ${e.field ?? ''}: ${e.detail}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(
      `openapi fuzz, valid: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `400s: ${[...refusals].sort().join('; ')}`,
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  });

  it(`${RUNS} requests that break one stated rule: 400 validation_error, never 5xx`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(...breakable), async (req) => {
        const res = await send(req);
        sent++;
        if (res.status >= 500) throw new Error(describeOf(req, res));
        const code = req.expect ?? 'validation_error';
        const status = code === 'validation_error' ? 400 : 422;
        if (res.status !== status || res.body?.errors?.[0]?.code !== code)
          throw new Error(`expected ${status} ${code}: ${describeOf(req, res)}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`openapi fuzz, invalid: ${sent} requests over ${breakable.length} routes`);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  });
});
