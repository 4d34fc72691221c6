/**
 * Issue 24: a client that sends its headers and then stops sending its body is answered 408
 * `request_timeout` after `server.body_idle_timeout_seconds` (1 s here) and its connection is closed; a body
 * that keeps arriving, however slowly, is served (up to `server.request_timeout_seconds`). Raw sockets, so the
 * test controls every byte and its timing.
 */
import net from 'node:net';

import { useShop } from '../fixtures/use-shop';

const IDLE_SECONDS = 1;

const { t } = useShop({ shop: false, config: { 'server.body_idle_timeout_seconds': IDLE_SECONDS } });
let port: number;
let requests = 0;

beforeAll(async () => {
  port = Number(new URL(t.url).port);
});
afterAll(() => {
  process.stderr.write(`body-idle: ${requests} requests\n`);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Exchange {
  /** Everything the server sent. */
  text: string;
  /** Milliseconds from the last byte sent to the server closing the connection (undefined: still open). */
  closedAfterMs?: number;
  /** Milliseconds from the last byte sent to the first byte of the answer. */
  answeredAfterMs?: number;
}

/**
 * Sends `parts` (the first holds the headers) `gapMs` apart, then waits up to `waitMs` for the server to answer
 * and close. Nothing else is sent: a stalled client.
 */
async function exchange(parts: string[], gapMs: number, waitMs: number): Promise<Exchange> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  requests++;
  const out: Exchange = { text: '' };
  let lastSent = 0;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('data', (chunk) => {
    out.answeredAfterMs ??= Date.now() - lastSent;
    out.text += chunk.toString();
  });
  socket.on('close', () => (out.closedAfterMs = Date.now() - lastSent));
  socket.on('error', () => undefined);
  for (const [i, part] of parts.entries()) {
    if (i > 0) await sleep(gapMs);
    socket.write(part);
    lastSent = Date.now();
  }
  await Promise.race([closed, sleep(waitMs)]);
  socket.destroy();
  return out;
}

const head = (path: string, length: number | 'chunked', type = 'application/json') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n` +
  (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
  '\r\n';

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('a stalled body', () => {
  it('is answered 408 request_timeout and the connection closed (REST, part of the body sent)', async () => {
    const body = JSON.stringify({ currency: 'EUR' });
    const res = await exchange([head('/api/v1/store/cart', body.length) + body.slice(0, 5)], 0, 8000);
    expect(statusOf(res.text)).toBe(408);
    expect(res.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(res.text).errors[0]).toMatchObject({ code: 'request_timeout' });
    // Cut after about the idle time (sampled a few times per period), far from the 120 s request timeout.
    expect(res.answeredAfterMs).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 50);
    expect(res.answeredAfterMs).toBeLessThan(IDLE_SECONDS * 1000 + 1500);
    expect(res.closedAfterMs).toBeLessThan(IDLE_SECONDS * 1000 + 3000);
  });

  it('is cut the same way when nothing of the body came, chunked, and on /graphql in GraphQL’s shape', async () => {
    const none = await exchange([head('/api/v1/store/cart', 40)], 0, 8000);
    expect(statusOf(none.text)).toBe(408);
    expect(none.closedAfterMs).toBeLessThan(IDLE_SECONDS * 1000 + 3000);

    const chunked = await exchange([`${head('/api/v1/store/cart', 'chunked')}5\r\n{"cur\r\n`], 0, 8000);
    expect(statusOf(chunked.text)).toBe(408);
    expect(chunked.closedAfterMs).toBeLessThan(IDLE_SECONDS * 1000 + 3000);

    const gql = await exchange([`${head('/graphql', 60)}{"query":`], 0, 8000);
    expect(statusOf(gql.text)).toBe(408);
    expect(bodyOf(gql.text).errors[0].extensions).toMatchObject({ code: 'request_timeout', status: 408 });
  });

  it('is cut on an upload too (multipart, read by the upload route, not the JSON parser)', async () => {
    const boundary = 'x-boundary';
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const admin = await t.asAdmin().authHeader();
    const headers =
      `POST /api/v1/admin/media HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${admin}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n`;
    const res = await exchange([headers + start], 0, 8000);
    expect(statusOf(res.text)).toBe(408);
    expect(res.closedAfterMs).toBeLessThan(IDLE_SECONDS * 1000 + 3000);
  });
});

describe('a slow body that keeps coming', () => {
  it('is served although it takes several idle periods to arrive', async () => {
    const body = JSON.stringify({ currency: 'EUR', metadata: {} }).padEnd(60, ' ');
    // 10 pieces 400 ms apart: about 4 s in all, never 1 s without a byte.
    const pieces = Array.from({ length: 10 }, (_, i) => body.slice(i * 6, i * 6 + 6));
    const started = Date.now();
    // `Connection: close`: the server closes once it has answered, so the wait ends there.
    const headers = head('/api/v1/store/cart', body.length).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n');
    const res = await exchange([headers + pieces[0], ...pieces.slice(1)], 400, 8000);
    expect(Date.now() - started).toBeGreaterThan(3 * IDLE_SECONDS * 1000);
    expect(statusOf(res.text)).toBe(201);
  });
});
