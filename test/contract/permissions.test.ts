import {
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';

import { ROUTES } from '../../app/domains';
import { ACCESS_TABLES } from '../../app/domains';
import { buildAppBaseSchema as buildBaseSchema } from '../../app/domains';
import type { Access } from '../../src/auth/access';
import { compileRoutes } from '../../src/routing/compile';
import { ADMIN_PERMISSIONS, ROLE_PERMISSIONS, type StaffRole, STORE_PERMISSIONS } from '../../src/shared/permissions';
import type { Client } from '../harness/client';
import { startTestServer, type TestServer } from '../harness/server';

const schema = buildBaseSchema();
const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

function accessFor(root: 'Query' | 'Mutation', field: string): Access | undefined {
  const found = ACCESS_TABLES.map((t) => t[root]?.[field]).filter(Boolean);
  if (found.length > 1) throw new Error(`${root}.${field} has ${found.length} rules`);
  return found[0];
}

const rootFields = (['Query', 'Mutation'] as const).flatMap((root) => {
  const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(type?.getFields() ?? {}).map((field) => ({ root, field }));
});

describe('every Query and Mutation field has an explicit access rule', () => {
  it.each(rootFields.map(({ root, field }) => [`${root}.${field.name}`, root, field.name]))(
    '%s',
    (_name, root, field) => {
      expect(accessFor(root as 'Query' | 'Mutation', field as string)).toBeDefined();
    },
  );

  it('has no rule for a field that does not exist', () => {
    for (const table of ACCESS_TABLES) {
      for (const root of ['Query', 'Mutation'] as const) {
        const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
        for (const name of Object.keys(table[root] ?? {}))
          expect(`${root}.${name}:${!!type?.getFields()[name]}`).toBe(`${root}.${name}:true`);
      }
    }
  });
});

/** A syntactically valid placeholder for an argument, so the request reaches the shield. */
function placeholder(type: GraphQLInputType): string {
  if (isNonNullType(type)) return placeholder(type.ofType);
  if (isListType(type)) return `[${placeholder(type.ofType)}]`;
  if (isInputObjectType(type)) {
    const required = Object.values(type.getFields()).filter((f) => isNonNullType(f.type));
    return `{ ${required.map((f) => `${f.name}: ${placeholder(f.type)}`).join(', ')} }`;
  }
  if (isEnumType(type)) return type.getValues()[0].name;
  switch (getNamedType(type).name) {
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'true';
    case 'UUID':
      return `"${ZERO_UUID}"`;
    case 'JSON':
      return '{}';
    default:
      return '"x"';
  }
}

function operationFor(root: 'Query' | 'Mutation', field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((a) => isNonNullType(a.type)).map((a) => `${a.name}: ${placeholder(a.type)}`);
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${root === 'Query' ? 'query' : 'mutation'} { ${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection} }`;
}

/**
 * The callers the checks act as, each made once per server and reused by every field and route: an account and
 * an API key per check made ten writes per test and proved nothing more (no placeholder request here can lock,
 * delete or revoke the account or key that sends it; the checks only read the answer's code).
 */
function reusedCallers(server: () => TestServer) {
  const made = new Map<string, Client>();
  const once = (key: string, make: () => Client) => {
    let client = made.get(key);
    if (!client) made.set(key, (client = make()));
    return client;
  };
  return {
    asGuest: () => once('guest', () => server().asGuest()),
    asCustomer: () => once('customer', () => server().asCustomer()),
    asSuperAdmin: () => once('super_admin', () => server().asSuperAdmin()),
    asAdmin: () => once('admin', () => server().asAdmin()),
    asManager: () => once('manager', () => server().asManager()),
    asApiKey: (permissions: string[], opts: { owner?: 'admin' | 'customer' } = {}) =>
      once(`key:${opts.owner ?? 'admin'}:${[...permissions].sort().join(',')}`, () =>
        server().asApiKey(permissions, opts),
      ),
  };
}

describe('admin fields and routes enforce their permission for every role', () => {
  let server: TestServer;
  const t = reusedCallers(() => server);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const adminFields = rootFields.filter(({ root, field }) => accessFor(root, field.name)?.kind === 'admin');

  it('covers at least one admin field', () => expect(adminFields.length).toBeGreaterThan(0));

  it.each(adminFields.map(({ root, field }) => [`${root}.${field.name}`, root, field] as const))(
    'GraphQL %s',
    async (_name, root, field) => {
      const access = accessFor(root, field.name) as Extract<Access, { kind: 'admin' }>;
      const query = operationFor(root, field);
      const codeOf = async (res: Promise<{ errors?: Array<{ extensions: Record<string, unknown> }> }>) =>
        (await res).errors?.[0]?.extensions.code;
      expect(await codeOf(t.asGuest().gql(query))).toBe('unauthorized');
      expect(await codeOf(t.asCustomer().gql(query))).toBe('forbidden');
      // API keys: every other permission is not enough; the one permission is; customer keys never are.
      expect(await codeOf(t.asApiKey(ADMIN_PERMISSIONS.filter((p) => p !== access.permission)).gql(query))).toBe(
        'forbidden',
      );
      expect(['forbidden', 'unauthorized']).not.toContain(await codeOf(t.asApiKey([access.permission]).gql(query)));
      expect(await codeOf(t.asApiKey([...STORE_PERMISSIONS], { owner: 'customer' }).gql(query))).toBe('forbidden');
      for (const role of ['super_admin', 'admin', 'manager'] as StaffRole[]) {
        const client = role === 'manager' ? t.asManager() : role === 'admin' ? t.asAdmin() : t.asSuperAdmin();
        const code = await codeOf(client.gql(query));
        if (ROLE_PERMISSIONS[role].has(access.permission)) expect([role, code]).not.toEqual([role, 'forbidden']);
        else expect([role, code]).toEqual([role, 'forbidden']);
        expect(code).not.toBe('unauthorized');
      }
    },
  );

  // Every route under /api/v1/admin/ and every route running an admin field, wherever it lives.
  const adminRoutes = compileRoutes(schema, ROUTES, ACCESS_TABLES).filter(
    (r) => r.spec.path.startsWith('/api/v1/admin/') || r.access.some((a) => a.kind === 'admin'),
  );
  it.each(adminRoutes.map((r) => [`${r.spec.method} ${r.spec.path}`, r] as const))(
    'REST %s',
    async (_name, { spec: route, access }) => {
      const path = route.path.replace(/\{\w+\}/g, ZERO_UUID);
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      expect((await t.asGuest().request(route.method, path, body)).status).toBe(401);
      expect((await t.asCustomer().request(route.method, path, body)).status).toBe(403);
      const asAdmin = await t.asSuperAdmin().request(route.method, path, body);
      expect([401, 403]).not.toContain(asAdmin.status);
      const needed = access.map((a) => (a.kind === 'admin' ? a.permission : '')).filter(Boolean);
      expect(needed.length).toBeGreaterThan(0);
      expect(
        (await t.asApiKey(ADMIN_PERMISSIONS.filter((p) => !needed.includes(p))).request(route.method, path, body))
          .status,
      ).toBe(403);
      expect([401, 403]).not.toContain((await t.asApiKey(needed).request(route.method, path, body)).status);
      expect(
        (await t.asApiKey([...STORE_PERMISSIONS], { owner: 'customer' }).request(route.method, path, body)).status,
      ).toBe(403);
    },
  );
});

describe('customer fields and routes need a customer holding the store permission', () => {
  let server: TestServer;
  const t = reusedCallers(() => server);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const customerFields = rootFields.filter(({ root, field }) => accessFor(root, field.name)?.kind === 'customer');
  const codeOf = async (res: Promise<{ errors?: Array<{ extensions: Record<string, unknown> }> }>) =>
    (await res).errors?.[0]?.extensions.code;

  it.each(customerFields.map(({ root, field }) => [`${root}.${field.name}`, root, field] as const))(
    'GraphQL %s',
    async (_name, root, field) => {
      const access = accessFor(root, field.name) as Extract<Access, { kind: 'customer' }>;
      const query = operationFor(root, field);
      expect(await codeOf(t.asGuest().gql(query))).toBe('unauthorized');
      expect(await codeOf(t.asSuperAdmin().gql(query))).toBe('forbidden');
      expect(['forbidden', 'unauthorized']).not.toContain(await codeOf(t.asCustomer().gql(query)));
      expect(
        await codeOf(
          t
            .asApiKey(
              STORE_PERMISSIONS.filter((p) => p !== access.permission),
              { owner: 'customer' },
            )
            .gql(query),
        ),
      ).toBe('forbidden');
      expect(['forbidden', 'unauthorized']).not.toContain(
        await codeOf(t.asApiKey([access.permission], { owner: 'customer' }).gql(query)),
      );
      expect(await codeOf(t.asApiKey([...ADMIN_PERMISSIONS]).gql(query))).toBe('forbidden');
    },
  );

  const customerRoutes = compileRoutes(schema, ROUTES, ACCESS_TABLES).filter((r) =>
    r.access.some((a) => a.kind === 'customer'),
  );
  it('covers the customer routes', () => expect(customerRoutes.length).toBeGreaterThan(0));
  it.each(customerRoutes.map((r) => [`${r.spec.method} ${r.spec.path}`, r] as const))(
    'REST %s',
    async (_name, { spec: route, access }) => {
      const path = route.path.replace(/\{\w+\}/g, ZERO_UUID);
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const needed = access.flatMap((a) => (a.kind === 'customer' ? [a.permission] : []));
      expect((await t.asGuest().request(route.method, path, body)).status).toBe(401);
      expect((await t.asSuperAdmin().request(route.method, path, body)).status).toBe(403);
      expect([401, 403]).not.toContain((await t.asCustomer().request(route.method, path, body)).status);
      expect(
        (
          await t
            .asApiKey(
              STORE_PERMISSIONS.filter((p) => !needed.includes(p)),
              { owner: 'customer' },
            )
            .request(route.method, path, body)
        ).status,
      ).toBe(403);
      expect([401, 403]).not.toContain(
        (await t.asApiKey(needed, { owner: 'customer' }).request(route.method, path, body)).status,
      );
    },
  );
});
