/**
 * Issue 24: every 500, whichever surface answers it, leaves an error-level log line with its cause: the error's
 * name and message, its stack, and the request id the client saw (`X-Request-ID`). The failures are injected
 * through the public extension points: an in-transaction hook that throws a TypeError (REST, GraphQL and MCP all
 * run the same use case), and plugin routes that throw synchronously or reject (the Express final handler).
 */
import { randomBytes } from 'node:crypto';

import { definePlugin } from '../../src/plugin-api';
import { captureLog, type LogEntry } from '../harness/capture-log';
import { callJson, connectMcp } from '../harness/mcp-client';
import { startTestServer, type TestServer } from '../harness/server';

const MARK = 'boom-injected';

/** A plugin whose routes fail the ways a handler can: a throw, a rejection, and the service's own 500. */
const boomPlugin = definePlugin({
  name: 'boom',
  version: '0.0.1',
  description: 'Routes that fail (test plugin).',
  configSchema: {},
  init(ctx) {
    ctx.router.get('/throw', () => {
      throw new TypeError(`${MARK}: sync route`);
    });
    ctx.router.get('/reject', async () => {
      await Promise.resolve();
      throw new RangeError(`${MARK}: async route`);
    });
  },
});

let t: TestServer;
let logs: LogEntry[];
let requests = 0;

beforeAll(async () => {
  const capture = captureLog('info');
  logs = capture.entries;
  t = await startTestServer({ plugins: { boom: {} } }, { plugins: [boomPlugin], log: capture.log });
  // The injected fault: creating a category whose name carries the mark fails inside its transaction.
  t.service.services.hooks.registerInTransaction('category.after_create', async (event) => {
    const names = JSON.stringify(event.entity);
    if (names.includes(MARK)) throw new TypeError(`${MARK}: category hook`);
  });
});
afterAll(async () => {
  process.stderr.write(`internal-errors: ${requests} requests\n`);
  await t?.close();
});

/** The error-level lines of one request. */
const errorLinesOf = (requestId: string) =>
  logs.filter((l) => l.requestId === requestId && Number(l.level) >= 50) as Array<
    LogEntry & { err: { name?: string; message: string; stack: string } }
  >;

/** The request logged its cause: name (a field, or the stack's first line), message, stack, request id. */
function expectCauseLogged(requestId: string, name: string, where: string) {
  expect(requestId).toBeTruthy();
  const lines = errorLinesOf(requestId);
  expect(lines.length).toBeGreaterThan(0);
  const err = lines[0].err;
  expect(err.message).toContain(`${MARK}: ${where}`);
  expect(err.stack).toContain(`${name}: ${MARK}`);
  if (err.name !== undefined) expect(err.name).toBe(name);
}

const category = () => ({
  translations: [
    { locale: 'en', name: `${MARK} ${randomBytes(3).toString('hex')}`, slug: `b-${randomBytes(4).toString('hex')}` },
  ],
});

describe('a 500 is logged with its cause', () => {
  it('REST', async () => {
    const res = await t.asAdmin().post('/api/v1/admin/categories', category());
    requests++;
    expect(res.status).toBe(500);
    expect(res.body.errors[0]).toEqual({ code: 'internal_error', detail: 'an unexpected error occurred' });
    expect(res.text).not.toContain(MARK);
    expectCauseLogged(res.requestId, 'TypeError', 'category hook');
  });

  it('GraphQL', async () => {
    const res = await t
      .asAdmin()
      .gql('mutation ($input: CategoryCreateInput!) { categoryCreate(input: $input) { id } }', { input: category() });
    requests++;
    expect(res.errors?.[0].extensions.code).toBe('internal_error');
    expect(res.text).not.toContain(MARK);
    expectCauseLogged(res.requestId, 'TypeError', 'category hook');
  });

  it('MCP (a tool whose use case fails)', async () => {
    const client = await connectMcp(t.url, 'admin', await t.asSuperAdmin().authHeader());
    const before = logs.length;
    const result = await callJson(client, 'admin_create_category', category());
    requests++;
    await client.close();
    expect(result.isError).toBe(true);
    expect(result.body.error.code).toBe('internal_error');
    expect(result.text).not.toContain(MARK);
    const line = logs.slice(before).find((l) => Number(l.level) >= 50) as LogEntry & { requestId: string };
    expect(line).toBeDefined();
    expectCauseLogged(line.requestId, 'TypeError', 'category hook');
  });

  it('MCP (the SDK answers 500 itself: the server factory fails)', async () => {
    const rt = t.service.mcp as unknown as { plugins: () => unknown };
    const plugins = rt.plugins;
    rt.plugins = () => {
      throw new TypeError(`${MARK}: mcp server factory`);
    };
    try {
      const res = await fetch(`${t.url}/mcp/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      requests++;
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain(MARK);
      expectCauseLogged(res.headers.get('x-request-id') ?? '', 'TypeError', 'mcp server factory');
    } finally {
      rt.plugins = plugins;
    }
  });

  it('plugin routes and the Express final handler (a throw and a rejection)', async () => {
    for (const [path, name, where] of [
      ['/plugins/boom/throw', 'TypeError', 'sync route'],
      ['/plugins/boom/reject', 'RangeError', 'async route'],
    ]) {
      const res = await t.asGuest().get(path);
      requests++;
      expect(res.status).toBe(500);
      expect(res.body.errors[0].code).toBe('internal_error');
      expect(res.text).not.toContain(MARK);
      expectCauseLogged(res.requestId, name, where);
    }
  });
});
