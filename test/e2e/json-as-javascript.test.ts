/**
 * The SQL functions compiled reads write JSON with (migration `json_as_javascript`, D-310) must write what the
 * service writes for the same value: `svc_json_js(jsonb)` what `JSON.stringify(JSON.parse(text))` writes,
 * `svc_js_number` what `JSON.stringify(number)` writes, `svc_uri_path` what the S3 storage's `uriEncode` writes.
 * Checked on values picked to hit every branch, then on generated ones (a fixed seed, so a failure repeats;
 * `JSON_JS_CASES` runs more).
 */
import { uriEncode } from '../../src/platform/storage/sigv4';
import { startTestServer, type TestServer } from '../harness/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.close());

const CASES = Number(process.env.JSON_JS_CASES ?? 400);

/** A small deterministic generator (mulberry32): the same values on every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(28);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];

/** A double from anywhere in the range: random bits (finite ones), or a scaled random, or an integer. */
function randomNumber(): number {
  const kind = random();
  if (kind < 0.3) {
    const bits = new Uint32Array([Math.floor(random() * 2 ** 32), Math.floor(random() * 2 ** 32)]);
    const x = new Float64Array(bits.buffer)[0];
    return Number.isFinite(x) ? x : 0;
  }
  if (kind < 0.6) return (random() - 0.5) * 10 ** Math.floor(random() * 60 - 30);
  if (kind < 0.8) return Math.floor(random() * 2 ** Math.floor(random() * 70));
  return Number((random() * 1000).toFixed(Math.floor(random() * 5)));
}

/** Text with control characters, quotes, backslashes, non-ASCII and astral characters (no NUL: jsonb refuses it). */
function randomText(): string {
  const chars = ['a', 'Z', '"', '\\', '\n', '\t', '\u0001', '\u001f', '\u007f', 'é', '\u2028', '漢', '😀', ' ', '/'];
  return Array.from({ length: Math.floor(random() * 6) }, () => pick(chars)).join('');
}

/** Keys that are array indexes (JavaScript lists them first) beside others of every length. */
const randomKey = () =>
  pick([String(Math.floor(random() * 20)), '01', '-1', '4294967294', '4294967295', '', 'a', 'zz', randomText()]);

function randomJson(depth = 0): unknown {
  const kind = random();
  if (depth > 3 || kind < 0.4) return pick([randomNumber, randomText, () => pick([true, false, null])])();
  if (kind < 0.7) return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 5) }, () => [randomKey(), randomJson(depth + 1)]),
  );
}

/** Rows of `sql(values)`, with the values as a text[] parameter. */
const rows = <T>(sql: string, values: string[]) => t.db.$queryRawUnsafe<T[]>(sql, values);

describe('svc_json_js writes jsonb as JSON.stringify(JSON.parse(text)) does', () => {
  const chosen = [
    '{}',
    '[]',
    '{"b": 1, "10": [1e-7, 1e21], "2": {"": "x\\n", "z": null}, "a": [true, 0.1]}',
    '{"z": 1.50, "1": 1e400, "y": [1e-400, 0.00001, 123456789012345678901234], "01": "\\u00e9\\u0001"}',
    '{"4294967294": 1, "4294967295": 2, "-1": 3, "0": 4}',
    '[1.7976931348623157e308, 1.7976931348623158e308, 1.7976931348623159e308, 5e-324, 3e-324, 2e-324, -0]',
    '[44292430212272224, 0.30000000000000004, 1e15, 1e16, 1e-6, 1e-7, 100, 1e2, 12.5e3]',
    '"a\\u0001b\\n\\t\\"\\\\ é 😀 \\u2028"',
    'true',
    'null',
  ];
  it('on chosen values and generated documents', async () => {
    const texts = [...chosen, ...Array.from({ length: CASES }, () => JSON.stringify(randomJson()))];
    const got = await rows<{ text: string; js: string }>(
      `SELECT v::jsonb::text AS text, svc_json_js(v::jsonb) AS js FROM unnest($1::text[]) v`,
      texts,
    );
    // jsonb's own text is what the driver hands JSON.parse.
    for (const { text, js } of got) expect({ text, js }).toEqual({ text, js: JSON.stringify(JSON.parse(text)) });
  });
});

describe('svc_js_number writes a number as JSON.stringify does', () => {
  it('from float8 and from numeric (a jsonb number)', async () => {
    const numbers = [0, -0, 1, -1, 0.1, 1e21, 1e-7, 1e-6, 5e-324, Number.MAX_VALUE, 2 ** 53 + 2, 44292430212272224];
    for (let i = 0; i < CASES * 10; i++) numbers.push(randomNumber());
    const texts = numbers.map((x) => JSON.stringify(x));
    const got = await rows<{ v: string; a: string; b: string }>(
      `SELECT v, svc_js_number(v::float8) AS a, svc_js_number(v::numeric) AS b FROM unnest($1::text[]) v`,
      texts,
    );
    for (const { v, a, b } of got) expect({ v, a, b }).toEqual({ v, a: v, b: v });
    const [edge] = await t.db.$queryRaw<Array<Record<string, string>>>`SELECT svc_js_number('Infinity'::float8) AS inf,
      svc_js_number('NaN'::float8) AS nan, svc_js_number('1e-400'::numeric) AS tiny, svc_js_number('1e400'::numeric) AS huge`;
    expect(edge).toMatchObject({ inf: 'null', nan: 'null', tiny: '0', huge: 'null' });
  });
});

describe('svc_uri_path encodes a media key as the S3 storage does', () => {
  it('byte by byte, slashes kept', async () => {
    const keys = [
      '2026/05/ab12cd34-photo.png',
      '2026/05/x y+é😀%~_.-.png',
      '',
      'a/b//c',
      ...Array.from({ length: 50 }, randomText),
    ];
    const got = await rows<{ key: string; url: string }>(
      `SELECT k AS key, svc_uri_path(k) AS url FROM unnest($1::text[]) k`,
      keys,
    );
    for (const { key, url } of got) expect({ key, url }).toEqual({ key, url: uriEncode(key, false) });
  });
});
