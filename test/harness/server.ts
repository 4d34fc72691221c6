import 'reflect-metadata';

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';

import { type RunningService, type StartOptions, startService } from '../../app/runtime';
import { hashApiKey } from '../../src/auth/api-key-auth';
import type { PrismaClient } from '../../src/generated/prisma/client';
import type { ConfigKey } from '../../src/platform/config/keys';
import { loadConfig } from '../../src/platform/config/load';
import type { EmbeddedAssets } from '../../src/platform/db/database';
import { statementTap } from '../../src/platform/db/query-stats';
import type { Logger } from '../../src/platform/logger';
import { Client, type Identity } from './client';
import { copyTemplate, ensureTemplate, testDataRoot } from './template';

declare global {
  /** Set by test/harness/environment.ts: PGlite's compiled code, shared by the test files of one worker. */
  var svcEmbeddedAssets: (() => Promise<EmbeddedAssets>) | undefined;
}

export const TEST_JWT_SECRET = 'test-secret-'.padEnd(64, 'x');
/**
 * How long servers started by tests keep an idle connection (the config's maximum): longer than any pause in a
 * test, so the server never closes a socket the client is about to reuse (ECONNRESET on a loaded machine).
 */
export const KEEP_ALIVE_SECONDS = 600;

export interface TestServer {
  url: string;
  service: RunningService;
  /** Direct database access for arranging data (until a domain's API exists) and for assertions. */
  db: PrismaClient;
  kind: 'embedded' | 'postgres';
  /** The database URL of this test file's database (PostgreSQL only). */
  databaseUrl?: string;
  asSuperAdmin(): Client;
  asAdmin(): Client;
  asManager(): Client;
  asCustomer(id?: string): Client;
  asGuest(): Client;
  /**
   * A client authenticating with `ApiKey <key>`: a fresh owner (staff of `role`, default super_admin, or a
   * customer) holding one key with `permissions`.
   */
  asApiKey(
    permissions: string[],
    opts?: { owner?: 'admin' | 'customer'; role?: 'super_admin' | 'admin' | 'manager' },
  ): Client;
  as(identity: Identity): Client;
  /** Makes the database unreachable under the running server (outage tests). */
  breakDatabase(): Promise<void>;
  /** SQL statements the server ran for the request with this id. */
  sqlCount(requestId: string): number;
  /** The SQL statements the process sent while `run` ran (any request's: keep `run` to one), with their values. */
  recordSql<T>(run: () => Promise<T>): Promise<{ result: T; statements: Array<{ sql: string; args: unknown[] }> }>;
  close(): Promise<void>;
}

/** Creates an empty database on the test PostgreSQL server (`SVC_TEST_DATABASE_URL`) for one test file. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts the real server on an ephemeral port against a fresh database: a copy of the migrated embedded
 * template by default, a new PostgreSQL database when `SVC_TEST_DATABASE_URL` is set.
 */
export async function startTestServer(
  overrides: Partial<Record<ConfigKey, unknown>> & { plugins?: Record<string, Record<string, unknown>> } = {},
  opts: {
    log?: Logger;
    plugins?: StartOptions['plugins'];
    pluginOptions?: StartOptions['pluginOptions'];
    /** Another test server's PostgreSQL database (`databaseUrl`): a second instance of the same service. */
    sharedDatabaseUrl?: string;
  } = {},
): Promise<TestServer> {
  if (process.env.SVC_TEST_UNIT) {
    throw new Error(
      'this test starts a server: it belongs to `npm test`, not `npm run test:unit` (list it in jest.unit.config.js NEEDS_SERVER or move it under test/e2e)',
    );
  }
  const dataDir = mkdtempSync(join(testDataRoot(), 'svc-test-'));
  const serverUrl = process.env.SVC_TEST_DATABASE_URL;
  if (opts.sharedDatabaseUrl && !serverUrl) throw new Error('sharedDatabaseUrl needs SVC_TEST_DATABASE_URL');
  const pgDb = opts.sharedDatabaseUrl
    ? { url: opts.sharedDatabaseUrl, drop: async () => undefined }
    : serverUrl
      ? await createPostgresDatabase(serverUrl)
      : undefined;
  if (!pgDb) copyTemplate(process.env.SVC_TEST_TEMPLATE ?? (await ensureTemplate()), dataDir);
  const config = loadConfig({
    env: {},
    overrides: {
      env: 'test',
      data_dir: dataDir,
      'server.port': 0,
      'server.host': '127.0.0.1',
      'log.level': process.env.SVC_TEST_LOG_LEVEL ?? 'silent',
      'auth.jwt_secret': TEST_JWT_SECRET,
      'database.url': pgDb?.url ?? '',
      'database.tls': 'disable',
      // Cheap password hashing and limits no test file reaches unless it sets its own.
      'auth.argon2.memory_kib': 1024,
      'auth.argon2.iterations': 1,
      'security.rate_limit.requests_per_minute': 1_000_000,
      'security.rate_limit.burst': 1_000_000,
      'security.rate_limit.login.requests_per_minute': 1_000_000,
      'security.rate_limit.register.requests_per_minute': 1_000_000,
      'security.rate_limit.checkout.requests_per_minute': 1_000_000,
      'security.rate_limit.guest_order.requests_per_minute': 1_000_000,
      'security.rate_limit.payment_intent.requests_per_minute': 1_000_000,
      'security.rate_limit.account_email.requests_per_minute': 1_000_000,
      // The test client (Node's fetch) reuses idle sockets; with the 5 s default the server could close one just
      // as a test, slowed by a busy machine, sends on it: ECONNRESET. The server keeps idle sockets longer than
      // any gap between two requests of a test (the client drops its own after the server's hint, less 2 s).
      'server.keep_alive_timeout_seconds': KEEP_ALIVE_SECONDS,
      ...overrides,
    },
  });
  let service: RunningService;
  try {
    service = await startService({
      config,
      // The compiled PGlite the worker's test environment holds (test/harness/environment.ts).
      embeddedAssets: pgDb ? undefined : await globalThis.svcEmbeddedAssets?.(),
      log: opts.log,
      plugins: opts.plugins,
      pluginOptions: opts.pluginOptions,
    });
  } catch (err) {
    // A start that fails (tests of start-up errors) must not leave its database behind.
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const secret = service.jwtSecret;
  const prisma = service.services.prisma;
  /** Staff and customer identities become real, active accounts (placeholder password hash: no login). */
  const ensureAccount = async (identity: { kind: 'admin' | 'customer'; role: string; id: string; email: string }) => {
    if (identity.kind === 'admin') {
      const role = identity.role as 'super_admin' | 'admin' | 'manager';
      await prisma.adminUser.upsert({
        where: { id: identity.id },
        update: {},
        create: { id: identity.id, email: identity.email.toLowerCase(), passwordHash: 'test-account', role },
      });
    } else {
      await prisma.customer.upsert({
        where: { id: identity.id },
        update: {},
        create: {
          id: identity.id,
          email: identity.email.toLowerCase(),
          passwordHash: 'test-account',
          firstName: 'Test',
          lastName: 'Customer',
        },
      });
    }
  };
  const client = (identity: Identity) => new Client(service.url, identity, secret, ensureAccount);
  return {
    url: service.url,
    service,
    db: service.services.prisma,
    kind: service.database.kind,
    databaseUrl: pgDb?.url,
    asSuperAdmin: () => client({ kind: 'admin', role: 'super_admin', id: randomUUID() }),
    asAdmin: () => client({ kind: 'admin', role: 'admin', id: randomUUID() }),
    asManager: () => client({ kind: 'admin', role: 'manager', id: randomUUID() }),
    asCustomer: (id = randomUUID()) => client({ kind: 'customer', role: 'customer', id }),
    asGuest: () => client({ kind: 'guest' }),
    asApiKey: (permissions, opts = {}) =>
      client({
        kind: 'lazy',
        authorization: async () => {
          const owner = opts.owner ?? 'admin';
          const id = randomUUID();
          await ensureAccount({
            kind: owner,
            role: owner === 'admin' ? (opts.role ?? 'super_admin') : 'customer',
            id,
            email: `key-owner-${id.slice(0, 8)}@example.com`,
          });
          const raw = `${owner === 'admin' ? 'ck' : 'sk'}_${randomBytes(32).toString('hex')}`;
          await prisma.apiKey.create({
            data: {
              name: 'test',
              keyHash: hashApiKey(raw),
              prefix: owner === 'admin' ? 'ck' : 'sk',
              permissions,
              ...(owner === 'admin' ? { adminUserId: id } : { customerId: id }),
            },
          });
          return `ApiKey ${raw}`;
        },
      }),
    as: client,
    breakDatabase: async () => {
      const { pglite } = service.database;
      // Embedded: the database goes away under a service that still holds it (its own close comes later).
      await (pglite ? pglite.close() : service.database.close());
    },
    async recordSql<T>(run: () => Promise<T>) {
      const statements: Array<{ sql: string; args: unknown[] }> = [];
      if (statementTap.listener) throw new Error('recordSql: already recording');
      statementTap.listener = (sql, args) => statements.push({ sql, args });
      try {
        return { result: await run(), statements };
      } finally {
        statementTap.listener = null;
      }
    },
    sqlCount(requestId: string) {
      const count = service.queryLog.get(requestId);
      if (count === undefined) throw new Error(`no statement count recorded for request ${requestId}`);
      return count;
    },
    async close() {
      await service.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
