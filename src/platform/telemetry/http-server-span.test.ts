import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

import * as otelApi from '@opentelemetry/api';
import express from 'express';

import { type FinishedSpan, startTestSdk } from '../../../test/harness/otel-sdk';
import { requestAttributes, traceHttpRequests } from './http-server-span';
import { currentTraceparent, inSpan, nameHttpRoute, tracingSuppressed, unsampledTraceId } from './spans';
import { telemetryState as state } from './state';

/**
 * The HTTP server span the service opens itself (issue 51, in place of the HTTP instrumentation's incoming side):
 * the sampler first, then, for a kept request only, one SERVER span with the HTTP semantic conventions' attributes,
 * named `METHOD route`, the parent of every span made while the request runs; a refused request records nothing and
 * runs with tracing suppressed, keeping the trace id it was given. Runs the real SDK (NodeSDK: its context manager,
 * W3C propagator and tracer; test/harness/otel-sdk.ts) in this process under a small Express app.
 */

interface Seen {
  traceparent: string | null;
  suppressed: boolean;
  unsampled?: string;
}

let sdk: ReturnType<typeof startTestSdk>;
let server: Server;
let base: string;
let seen: Seen | undefined;

beforeAll(async () => {
  sdk = startTestSdk();
  state.api = otelApi;
  state.tracer = sdk.tracer;

  const app = express();
  app.use(traceHttpRequests(state.tracer));
  // The service's client address (src/http/client-ip.ts: trusted proxies only), which `client.address` reports.
  app.use((req, _res, next) => {
    (req as { clientIp?: string }).clientIp = '203.0.113.7';
    next();
  });
  const look = (req: express.Request) =>
    (seen = { traceparent: currentTraceparent(), suppressed: tracingSuppressed(), unsampled: unsampledTraceId(req) });
  app.get('/products/:slug', async (req, res) => {
    nameHttpRoute('/products/{slug}');
    await delay(5);
    // A child made after an await, as GraphQL's and Prisma's are: it nests under the server span.
    await inSpan('child', {}, async () => void (await delay(1)));
    look(req);
    res.json({ ok: true });
  });
  app.get('/broken', (req, res) => {
    nameHttpRoute('/broken');
    look(req);
    res.status(503).json({ ok: false });
  });
  app.get('/api/v1/health', (req, res) => {
    look(req);
    res.json({ ok: true });
  });
  app.use((req, res) => {
    look(req);
    res.status(404).end();
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await sdk?.shutdown();
  state.api = undefined;
  state.tracer = undefined;
});

beforeEach(() => {
  sdk.reset();
  seen = undefined;
  sdk.setRoot(() => true);
});

const hex = (n: number) => [...Array(n)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');
const spans = () => sdk.spans();
const serverSpans = () => spans().filter((s) => s.kind === otelApi.SpanKind.SERVER);

/** Waits for the server span: it ends when the response closes, after the client has its answer. */
async function ended(count = 1): Promise<FinishedSpan[]> {
  for (let i = 0; i < 100 && serverSpans().length < count; i++) await delay(10);
  return serverSpans();
}

describe('the HTTP server span', () => {
  it('a sampled request: one server span with the semantic conventions’ attributes and http.route, the parent of what runs inside it', async () => {
    const res = await fetch(`${base}/products/blue-shirt?sig=secret&limit=3`, {
      headers: { 'user-agent': 'span-test/1.0' },
    });
    expect(res.status).toBe(200);
    const [span] = await ended();
    expect(serverSpans()).toHaveLength(1);
    expect(span.name).toBe('GET /products/{slug}');
    expect(span.kind).toBe(otelApi.SpanKind.SERVER);
    expect(span.status.code).toBe(otelApi.SpanStatusCode.UNSET);
    const { port } = server.address() as AddressInfo;
    expect(span.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.scheme': 'http',
      'url.path': '/products/blue-shirt',
      // Signed URLs' secrets are redacted, as the HTTP instrumentation did.
      'url.query': 'sig=REDACTED&limit=3',
      'http.route': '/products/{slug}',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
      'server.port': port,
      'network.protocol.version': '1.1',
      'user_agent.original': 'span-test/1.0',
      'client.address': '203.0.113.7',
      'network.peer.address': '127.0.0.1',
    });
    expect(typeof span.attributes['network.peer.port']).toBe('number');

    // The child span made inside the request is the server span's child, in its trace.
    const child = spans().find((s) => s.name === 'child')!;
    expect(child.spanContext().traceId).toBe(span.spanContext().traceId);
    expect(child.parentSpanContext?.spanId).toBe(span.spanContext().spanId);
    // What an outbox row written by the request keeps (the webhook's link back to it).
    expect(seen).toEqual({
      traceparent: `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`,
      suppressed: false,
      unsampled: undefined,
    });
  });

  it('an unsampled request records nothing: no span, nothing below it asks the tracer, and it keeps a trace id for its logs', async () => {
    sdk.setRoot(() => false);
    const res = await fetch(`${base}/products/blue-shirt`);
    expect(res.status).toBe(200);
    await delay(50);
    expect(spans()).toEqual([]);
    expect(seen!.suppressed).toBe(true);
    expect(seen!.traceparent).toBeNull();
    expect(seen!.unsampled).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a caller’s traceparent with sampled=1 is honoured whatever the ratio: the trace continues under the caller’s span', async () => {
    sdk.setRoot(() => false);
    const traceId = hex(32);
    const caller = hex(16);
    await fetch(`${base}/products/blue-shirt`, { headers: { traceparent: `00-${traceId}-${caller}-01` } });
    const [span] = await ended();
    expect(span.spanContext().traceId).toBe(traceId);
    expect(span.parentSpanContext?.spanId).toBe(caller);
    expect(span.parentSpanContext?.isRemote).toBe(true);
    const child = spans().find((s) => s.name === 'child')!;
    expect(child.spanContext().traceId).toBe(traceId);
  });

  it('a caller’s traceparent with sampled=0 is refused whatever the ratio, and the request carries the caller’s trace id', async () => {
    const traceId = hex(32);
    await fetch(`${base}/products/blue-shirt`, { headers: { traceparent: `00-${traceId}-${hex(16)}-00` } });
    await delay(50);
    expect(spans()).toEqual([]);
    expect(seen).toEqual({ traceparent: null, suppressed: true, unsampled: traceId });
  });

  it('a 5xx answer marks the span failed; an unrouted request keeps the method as its name and has no http.route', async () => {
    await fetch(`${base}/broken`);
    await fetch(`${base}/nowhere/else`);
    const done = await ended(2);
    const broken = done.find((s) => s.attributes['url.path'] === '/broken')!;
    const unrouted = done.find((s) => s.attributes['url.path'] === '/nowhere/else')!;
    expect(broken.name).toBe('GET /broken');
    expect(broken.status.code).toBe(otelApi.SpanStatusCode.ERROR);
    expect(broken.attributes['http.response.status_code']).toBe(503);
    expect(unrouted.name).toBe('GET');
    expect(unrouted.status.code).toBe(otelApi.SpanStatusCode.UNSET);
    expect(unrouted.attributes['http.response.status_code']).toBe(404);
    expect(unrouted.attributes['http.route']).toBeUndefined();
  });

  it('a method outside the conventions’ list is `_OTHER` with the original beside it', async () => {
    await fetch(`${base}/nowhere`, { method: 'PROPFIND' });
    const [span] = await ended();
    expect(span.attributes['http.request.method']).toBe('_OTHER');
    expect(span.attributes['http.request.method_original']).toBe('PROPFIND');
  });

  it('health probes are never traced and get no trace id', async () => {
    await fetch(`${base}/api/v1/health`, { headers: { traceparent: `00-${hex(32)}-${hex(16)}-01` } });
    await delay(50);
    expect(spans()).toEqual([]);
    expect(seen).toEqual({ traceparent: null, suppressed: true, unsampled: undefined });
  });

  it('server.address and server.port follow Forwarded, then X-Forwarded-Host, then Host', () => {
    const attributes = (headers: Record<string, string>) => {
      const req = { method: 'GET', url: '/x', httpVersion: '1.1', headers, socket: {} } as unknown as IncomingMessage;
      const { 'server.address': address, 'server.port': port } = requestAttributes(req);
      return { address, port };
    };
    expect(attributes({ host: 'shop.example:8080' })).toEqual({ address: 'shop.example', port: 8080 });
    expect(attributes({ host: 'shop.example' })).toEqual({ address: 'shop.example', port: 80 });
    expect(attributes({ host: '[::1]:3000' })).toEqual({ address: '[::1]', port: 3000 });
    expect(attributes({ host: 'a', 'x-forwarded-host': 'b.example', 'x-forwarded-proto': 'https' })).toEqual({
      address: 'b.example',
      port: 443,
    });
    expect(
      attributes({
        host: 'a',
        'x-forwarded-host': 'b',
        forwarded: 'for=192.0.2.1, for=1.2.3.4;host="c.example:81";proto=http',
      }),
    ).toEqual({ address: 'c.example', port: 81 });
  });
});
