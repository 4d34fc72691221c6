import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deflateSync, gzipSync } from 'node:zlib';

import { type PayprovShop, startPayprovShop } from '../fixtures/payprov';
import { eventually } from '../harness/webhook-receiver';

/**
 * The worst shape of every input the service reads into memory (issue 53): each is refused with a 4xx, leaves
 * nothing behind, and the instance answers a normal request right after. The server runs in this process, so
 * its heap is this process's.
 */
let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop();
}, 60_000);
afterAll(() => s?.close());

const MiB = 1024 * 1024;
const P = '/api/v1/admin/products';
const uploads = () => readdirSync(tmpdir()).filter((f) => f.startsWith('svc-upload-'));
/**
 * Runs `send` and checks that every temporary upload file it made is gone soon after (the server removes a
 * request's files when its response closes, which the client may see a moment after the answer). Files that
 * were there before are other test files' (they share the temporary folder).
 */
async function leavingNoUploads<T>(send: () => Promise<T>): Promise<T> {
  const before = new Set(uploads());
  const result = await send();
  await eventually(() => uploads().every((f) => before.has(f)), 2000);
  return result;
}

/** Sends raw bytes with node:http (fetch refuses some of these shapes itself) and reads the answer. */
function send(
  path: string,
  body: Buffer | string,
  headers: Record<string, string>,
): Promise<{ status: number; body: any; ms: number }> {
  const { port } = new URL(s.t.url);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path,
        // A connection of its own: a keep-alive socket the server closed after a refusal would reset the next.
        agent: false,
        headers: { 'content-length': String(bytes.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: Date.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

const json = (path: string, body: Buffer | string, headers: Record<string, string> = {}) =>
  send(path, body, { 'content-type': 'application/json', ...headers });

/** A multipart body built by hand, so its parts can be anything. */
function multipart(parts: Array<{ name: string; filename?: string; value: string | Buffer }>) {
  const boundary = 'svcbombboundary';
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        `${p.filename !== undefined ? `; filename="${p.filename}"\r\nContent-Type: text/csv` : ''}\r\n\r\n`,
    ),
    Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(path: string, parts: Parameters<typeof multipart>[0]) {
  const form = multipart(parts);
  const authorization = (await s.t.asAdmin().authHeader()) as string;
  return send(path, form.body, { 'content-type': form.type, authorization });
}

const importCsv = (csv: string | Buffer) =>
  leavingNoUploads(() => upload(`${P}/import`, [{ name: 'file', filename: 'p.csv', value: csv }]));

/** The instance is up and serves a normal request. */
async function expectLive() {
  const res = await json('/graphql', JSON.stringify({ query: '{ __typename }' }));
  expect(res).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
}

// A collection before each reading, so a heap figure is what is held, not garbage waiting.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMiB = () => {
  gc();
  return process.memoryUsage().heapUsed / MiB;
};

describe('CSV import', () => {
  const header = 'sku,currency,locale,name,slug,category_ids\n';

  it("refuses the probe's bomb (9.9 MB, one category_ids cell of `ab;ab;…`) with 400, imports nothing, stays up", async () => {
    const prefix = 'BOMB-1,EUR,en,Bomb,bomb-1,';
    const cell = 'ab;'.repeat(Math.floor((9.9 * 1000 * 1000 - header.length - prefix.length) / 3));
    const before = heapMiB();
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed / MiB)), 10);
    const res = await importCsv(`${header}${prefix}${cell}\n`);
    clearInterval(sampler);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      code: 'validation_error',
      field: 'file',
      detail: 'max_length (row 2: at most 1048576 bytes a row)',
    });
    // Before the bound the same file took 16 s and grew the heap by 300 MB (RSS +390 MB).
    expect(peak - before).toBeLessThan(100);
    expect(await s.t.db.product.count({ where: { sku: 'BOMB-1' } })).toBe(0);
    await expectLive();
  }, 60_000);

  it('refuses a cell of more list entries than the API allows, in the row results, reading no more of it', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await importCsv(`${header}BOMB-2,EUR,en,Bomb,bomb-2,${ids.join(';')}\n`);
    expect(res.status).toBe(207);
    expect(res.body.data.results[0]).toMatchObject({
      success: false,
      errors: ['row 2: category_ids must have at most 100 entries'],
    });
    const junk = await importCsv(`${header}BOMB-3,EUR,en,Bomb,bomb-3,${'ab;'.repeat(100_000)}\n`);
    expect(junk.body.data.results[0].errors).toEqual(['row 2: category_ids must be UUIDs separated by ;']);
    expect(await s.t.db.product.count({ where: { sku: { in: ['BOMB-2', 'BOMB-3'] } } })).toBe(0);
    await expectLive();
  });

  it.each([
    ['thousands of columns', () => `${header}${',x'.repeat(5000)}\n`, 'max_items (row 2: at most 100 columns)'],
    ['a header of ten million empty columns', () => ','.repeat(9 * MiB), 'max_items (row 1: at most 100 columns)'],
    ['one huge quoted cell', () => `${header}Q,EUR,en,q,q,"${'""'.repeat(3 * MiB)}"\n`, 'max_length'],
    ['a huge cell of quotes inside a quoted field', () => `sku\n"${'"",'.repeat(2 * MiB)}"\n`, 'max_length'],
    ['a million tiny rows', () => `sku\n${'a\n'.repeat(1_000_000)}`, 'max_items (at most 10000 rows)'],
  ])(
    'refuses %s with 400 on `file`, imports nothing, stays up',
    async (_name, csv, detail) => {
      const products = await s.t.db.product.count();
      const res = await importCsv(csv());
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('file');
      expect(res.body.errors[0].detail).toContain(detail);
      expect(await s.t.db.product.count()).toBe(products);
      await expectLive();
    },
    60_000,
  );

  it('refuses more variants per product than the API allows (207 row error), the others import', async () => {
    const variants = Array.from({ length: 101 }, (_, i) => `,,,,,,V-BOMB-4-${i}`).join('\n');
    const csv = `sku,currency,locale,name,slug,category_ids,variant_sku\nBOMB-4,EUR,en,B,bomb-4\n${variants}\nOK-5,EUR,en,Fine,ok-5\n`;
    const res = await importCsv(csv);
    expect(res.status).toBe(207);
    expect(res.body.data.results[0]).toMatchObject({
      sku: 'BOMB-4',
      success: false,
      errors: ['row 103: a product has at most 100 variants'],
    });
    expect(res.body.data.results[1]).toMatchObject({ sku: 'OK-5', success: true });
    expect(await s.t.db.product.count({ where: { sku: 'BOMB-4' } })).toBe(0);
  });
});

describe('multipart uploads', () => {
  it.each([
    ['a file field the route does not take', [{ name: 'other', filename: 'x.csv', value: 'sku\nA\n' }], 'oneof'],
    [
      'the same file twice',
      [
        { name: 'file', filename: 'a.csv', value: 'sku\nA\n' },
        { name: 'file', filename: 'b.csv', value: 'sku\nB\n' },
      ],
      'max_items (at most 1 file)',
    ],
    [
      'a thousand text fields',
      Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
      'max_items (at most 20 text fields)',
    ],
    ['a 900 KiB text field', [{ name: 'alt_text', value: 'x'.repeat(900 * 1024) }], 'body_too_large'],
    [
      'a file name of 1,000 characters',
      [{ name: 'file', filename: `${'n'.repeat(1000)}.csv`, value: 'sku\n' }],
      'max_length (file name at most 255)',
    ],
  ])('refuses %s with a 4xx before reading on, and removes its files', async (_name, parts, refusal) => {
    const res = await leavingNoUploads(() => upload(`${P}/import`, parts as Parameters<typeof multipart>[0]));
    const [error] = res.body.errors;
    if (refusal === 'body_too_large') expect([res.status, error.code]).toEqual([413, 'body_too_large']);
    else expect([res.status, error.code, error.detail]).toEqual([400, 'validation_error', refusal]);
    await expectLive();
  });

  it('still imports a normal file with a text field beside it', async () => {
    const res = await leavingNoUploads(() =>
      upload(`${P}/import`, [
        { name: 'note', value: 'hello' },
        { name: 'file', filename: 'ok.csv', value: 'sku,currency,locale,name,slug\nOK-6,EUR,en,Ok,ok-6\n' },
      ]),
    );
    expect(res.status).toBe(207);
    expect(res.body.data.succeeded).toBe(1);
  });
});

describe('JSON bodies', () => {
  const query = '{ __typename }';
  it.each([
    ['1 MiB of `[[[[`', () => '['.repeat(MiB - 16), 400],
    ['a body over the limit', () => JSON.stringify({ query, pad: 'x'.repeat(2 * MiB) }), 413],
    ['a number literal of a million digits', () => `{"query":${'9'.repeat(MiB - 20)}}`, 400],
  ])('refuses %s quickly', async (_name, body, status) => {
    const res = await json('/graphql', body());
    expect(res.status).toBe(status);
    expect(res.ms).toBeLessThan(2000);
    await expectLive();
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
  ])('refuses a %s bomb (50 MiB inflated) while inflating it, without a heap spike', async (encoding, pack) => {
    const bomb = pack(Buffer.alloc(50 * MiB, ' '));
    expect(bomb.length).toBeLessThan(MiB);
    const before = heapMiB();
    const res = await json('/graphql', bomb, { 'content-encoding': encoding });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].extensions.code).toBe('body_too_large');
    expect(heapMiB() - before).toBeLessThan(20);
    await expectLive();
  });

  it('answers duplicate keys and a half-million-element array at their cost, not more', async () => {
    const dup = await json('/graphql', `{${'"a":1,'.repeat(170_000)}"query":"${query}"}`);
    expect(dup.status).toBe(200);
    // A cacheable query with huge variables is answered, not keyed: writing the key took 1.3 s and 40 MB.
    const before = heapMiB();
    const array = await json('/graphql', `{"query":"${query}","variables":{"a":[${'0,'.repeat(500_000)}0]}}`);
    expect(array.status).toBe(200);
    expect(array.ms).toBeLessThan(1000);
    expect(heapMiB() - before).toBeLessThan(20);
    await expectLive();
  });
});

describe('MCP messages', () => {
  const RPC = { accept: 'application/json, text/event-stream' };
  const call = (i: number) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' });

  it('refuses a batch of 10,000 messages with a JSON-RPC error, a body over the limit with 413', async () => {
    const batch = await json('/mcp/store', JSON.stringify(Array.from({ length: 10_000 }, (_, i) => call(i))), RPC);
    expect(batch.status).toBe(400);
    expect(batch.body.error.code).toBe(-32600);
    const big = { ...call(1), method: 'tools/call', params: { name: 'x', arguments: { q: 'x'.repeat(2 * MiB) } } };
    const tooLarge = await json('/mcp/store', JSON.stringify(big), RPC);
    expect(tooLarge.status).toBe(413);
    const nested = `${'['.repeat(100)}${']'.repeat(100)}`;
    const deep = await json(
      '/mcp/store',
      `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"a":${nested}}}`,
      RPC,
    );
    expect(deep.status).toBe(400);
    await expectLive();
  });
});

describe('webhook bodies', () => {
  const hook = '/plugins/payprov/webhook';

  it('refuses an oversized, a deeply nested or a gzip-bomb raw body with a 4xx, before the signature', async () => {
    const signed = { 'stripe-signature': 't=1,v1=00' };
    expect((await json(hook, `{"pad":"${'x'.repeat(2 * MiB)}"}`, signed)).status).toBe(413);
    expect((await json(hook, '['.repeat(MiB - 16), signed)).status).toBe(400);
    const bomb = gzipSync(Buffer.alloc(50 * MiB, ' '));
    expect((await json(hook, bomb, { ...signed, 'content-encoding': 'gzip' })).status).toBe(413);
    // A small body reaches the signature check, which refuses this one.
    expect((await json(hook, '{"id":"evt_1"}', signed)).body.errors[0].code).toBe('invalid_signature');
    await expectLive();
  });
});
