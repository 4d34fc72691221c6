import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';

import { ADDRESS } from '../fixtures/shop';
import { freePort } from '../harness/free-port';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../harness/otlp-receiver';
import { startSvcProcess, type SvcProcess } from '../harness/svc-process';
import { eventually, startReceiver } from '../harness/webhook-receiver';

/**
 * Observability (issue 30, docs/operations.md#observability) against `svc serve` started as in production, with
 * the standard `OTEL_*` variables pointing at an in-process OTLP/HTTP receiver (JSON protocol): a checkout's
 * trace, continuing the caller's `traceparent`, holds the HTTP, GraphQL operation, SQL (Prisma) and hook spans;
 * the webhook delivery of that checkout is its own trace linked to it and sends `traceparent`; the request's log
 * lines carry its trace id; the metrics move when the test acts (a refused login, a cache hit, an outbox backlog
 * while the webhook receiver is down), over OTLP and on the Prometheus endpoint. Runs on the database the suite
 * runs on (embedded by default, PostgreSQL with SVC_TEST_DATABASE_URL).
 */
jest.setTimeout(900_000);

const J = { 'content-type': 'application/json' };
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A JSON POST whose headers go out first and whose body follows 100 ms later. */
function slowBodyRequest(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...J, ...headers, 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.flushHeaders();
    setTimeout(() => req.end(body), 100);
  });
}

describe('observability: traces, logs and metrics over OTLP', () => {
  let otlp: OtlpReceiver;
  let webhooks: Awaited<ReturnType<typeof startReceiver>>;
  let svc: SvcProcess;
  let prometheusPort: number;
  /** The webhook receiver answers 503 until the test brings it up. */
  let receiverUp = false;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    webhooks = await startReceiver(() => ({ status: receiverUp ? 204 : 503 }));
    prometheusPort = await freePort();
    svc = await startSvcProcess({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'svc-observability-test',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '1',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_METRIC_EXPORT_INTERVAL: '300',
      SVC_LOG_LEVEL: 'info',
      SVC_METRICS_PROMETHEUS: 'true',
      SVC_METRICS_PROMETHEUS_PORT: String(prometheusPort),
      SVC_SECURITY_RATE_LIMIT_LOGIN_REQUESTS_PER_MINUTE: '1',
      SVC_PLUGINS_AUTOMATION_WEBHOOK_BASE_URL: `${webhooks.url}/hooks`,
      SVC_PLUGINS_AUTOMATION_SECRET: 'observability-test-secret-0123456789',
      SVC_PLUGINS_AUTOMATION_HOOKS: 'checkout.after',
      SVC_PLUGINS_AUTOMATION_RETRY_BASE_SECONDS: '1',
      SVC_PLUGINS_AUTOMATION_POLL_INTERVAL_MS: '100',
    });
  });

  afterAll(async () => {
    await svc?.close();
    await webhooks?.close();
    await otlp?.close();
  });

  const api = (path: string, init?: RequestInit) => fetch(`${svc.url}/api/v1${path}`, init);
  const json = async (path: string, init?: RequestInit) => {
    const res = await api(path, init);
    const body = (await res.json()) as { data: any };
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };

  /** A guest checkout of one demo T-shirt over REST, sent with `traceparent`. */
  async function checkout(traceparent: string) {
    const variant = (await json('/store/products/classic-t-shirt')).variants[0].id;
    const cart = await json('/store/cart', { method: 'POST' });
    const token = { 'x-cart-token': cart.session_token };
    await json(`/store/cart/${cart.id}/items`, {
      method: 'POST',
      headers: { ...J, ...token },
      body: JSON.stringify({ variant_id: variant, quantity: 1 }),
    });
    const shipping = (await json('/store/shipping-methods'))[0].id;
    const payment = (await json('/store/payment-methods'))[0].id;
    return api('/store/checkout', {
      method: 'POST',
      headers: { ...J, ...token, traceparent, 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        cart_id: cart.id,
        email: 'trace@example.com',
        shipping_method_id: shipping,
        payment_method_id: payment,
        shipping_address: ADDRESS,
      }),
    });
  }

  const traceOf = (traceId: string) => otlp.spans.filter((s) => s.traceId === traceId);

  it('a checkout: one trace from the caller’s traceparent through HTTP, GraphQL, SQL and hooks; its logs carry the trace; its webhook delivery links back to it', async () => {
    const traceId = hex(16);
    const callerSpan = hex(8);
    const res = await checkout(`00-${traceId}-${callerSpan}-01`);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-trace-id')).toBe(traceId);
    const requestId = res.headers.get('x-request-id')!;

    // The HTTP server span is the caller's child and is named after the route template.
    let http: ReceivedSpan | undefined;
    await eventually(() => !!(http = traceOf(traceId).find((s) => s.name === 'POST /api/v1/store/checkout')), 30_000);
    expect(http!.parentSpanId).toBe(callerSpan);
    expect(http!.service).toBe('svc-observability-test');
    expect(http!.attributes['graphql.operation.name']).toBe('CheckoutComplete');
    expect(http!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/v1/store/checkout',
      'http.response.status_code': 201,
      'url.path': '/api/v1/store/checkout',
    });

    await eventually(() => {
      const spans = traceOf(traceId);
      return (
        spans.some((s) => s.attributes['graphql.operation.type'] === 'mutation') &&
        spans.some((s) => s.name === 'prisma:client:db_query') &&
        spans.some((s) => s.name === 'hook checkout.after' && s.attributes['svc.hook.phase'] === 'in_transaction')
      );
    }, 30_000);
    const spans = traceOf(traceId);
    const operation = spans.find((s) => s.attributes['graphql.operation.type'] === 'mutation')!;
    expect(operation.name).toBe('mutation CheckoutComplete');
    expect(operation.parentSpanId).toBe(http!.spanId);
    // SQL of the checkout's transaction (Prisma's spans) nests in the same trace.
    expect(spans.filter((s) => s.name === 'prisma:client:db_query').length).toBeGreaterThan(3);
    expect(spans.every((s) => s.traceId === traceId)).toBe(true);

    // Every log line of the request carries the trace id next to the request id.
    const logged = svc.lines.filter((l) => l.requestId === requestId);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line.trace_id).toBe(traceId);
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    }

    // The receiver is down: the event waits in the outbox, and the backlog and failed attempts show it.
    await eventually(
      () =>
        otlp.total('svc.automation.outbox.backlog', { status: 'pending' }) >= 1 &&
        otlp.total('svc.webhook.attempts', { outcome: 'failed' }) >= 1,
      30_000,
    );
    expect(otlp.total('svc.automation.outbox.lag')).toBeGreaterThan(0);

    // Up again: the next attempt is delivered with a traceparent; its span is a trace of its own linked to the checkout.
    const before = webhooks.received.length;
    receiverUp = true;
    let delivered: ReceivedSpan | undefined;
    await eventually(() => {
      const sent = webhooks.received
        .slice(before)
        .map((r) => /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(r.headers.traceparent ?? '')))
        .find(Boolean);
      delivered = sent
        ? otlp.spans.find((s) => s.traceId === sent[1] && s.name === 'automation deliver checkout.after')
        : undefined;
      return !!delivered;
    }, 30_000);
    expect(delivered!.traceId).not.toBe(traceId);
    expect(delivered!.links.map((l) => l.traceId)).toContain(traceId);
    expect(delivered!.attributes['http.response.status_code']).toBe(204);
    await eventually(() => otlp.total('svc.webhook.attempts', { outcome: 'delivered' }) >= 1, 30_000);
    await eventually(() => otlp.total('svc.automation.outbox.backlog', { status: 'pending' }) === 0, 30_000);
    expect(otlp.total('svc.checkout.count', { outcome: 'placed' })).toBeGreaterThanOrEqual(1);
    expect(
      otlp.total('http.server.request.duration', {
        'http.route': '/api/v1/store/checkout',
        'http.response.status_class': '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('a sampled GraphQL mutation without a traceparent: one server span with the HTTP semantic conventions’ attributes, named after its route, the ancestor of its GraphQL and SQL spans', async () => {
    const res = await fetch(`${svc.url}/graphql`, {
      method: 'POST',
      headers: { ...J, 'user-agent': 'observability-test/1.0' },
      // A new cart: it writes, so its SQL runs whatever is cached.
      body: JSON.stringify({ query: 'mutation ServerSpanCart { cartCreate { id } }' }),
    });
    expect(res.status).toBe(200);
    // A root request: the trace is new, and the header names it.
    const traceId = res.headers.get('x-trace-id')!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    await eventually(
      () =>
        traceOf(traceId).some((s) => s.name === 'POST /graphql') &&
        traceOf(traceId).some((s) => s.name === 'prisma:client:db_query'),
      30_000,
    );
    const spans = traceOf(traceId);
    const servers = spans.filter((s) => s.kind === 2); // SPAN_KIND_SERVER
    expect(servers.map((s) => s.name)).toEqual(['POST /graphql']);
    const [http] = servers;
    expect(http.parentSpanId).toBe('');
    const { port } = new URL(svc.url);
    expect(http.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/graphql',
      'http.response.status_code': 200,
      'url.scheme': 'http',
      'url.path': '/graphql',
      'server.address': '127.0.0.1',
      'server.port': Number(port),
      'network.protocol.version': '1.1',
      'user_agent.original': 'observability-test/1.0',
      'client.address': '127.0.0.1',
    });
    expect(http.status.code ?? 0).toBe(0); // UNSET

    // Every other span of the request descends from it: the operation, GraphQL's parse and validate, Prisma's SQL.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const descends = (s: ReceivedSpan) => {
      for (let p = byId.get(s.parentSpanId); p; p = byId.get(p.parentSpanId)) if (p === http) return true;
      return false;
    };
    const operation = spans.find((s) => s.name === 'mutation ServerSpanCart')!;
    expect(operation.parentSpanId).toBe(http.spanId);
    for (const name of ['graphql.parse', 'prisma:client:db_query']) {
      const named = spans.filter((s) => s.name === name);
      expect(named.length).toBeGreaterThan(0);
      expect(named.every(descends)).toBe(true);
    }
    expect(spans.filter((s) => s !== http).every(descends)).toBe(true);
  });

  it('a request the sampler refuses (the caller’s traceparent not sampled) exports no span, not even after its body is parsed, yet its header and log lines carry the caller’s trace id and the metrics count it', async () => {
    const query = (limit: number) =>
      JSON.stringify({ query: `query UnsampledList { products(limit: ${limit}) { items { id slug } } }` });
    const unsampled = hex(16);
    // The body follows the headers later, in its own packet, as a slow client's would: it is then read in the
    // socket's callbacks, outside the context the request started in.
    const res = await slowBodyRequest(`${svc.url}/graphql`, { traceparent: `00-${unsampled}-${hex(8)}-00` }, query(3));
    expect(res.status).toBe(200);
    expect(res.headers['x-trace-id']).toBe(unsampled);
    // The request's line is written when the response has finished; the process's stdout may come after it.
    const ofRequest = () => svc.lines.filter((l) => l.requestId === res.headers['x-request-id']);
    await eventually(() => ofRequest().some((l) => l.msg === 'request'), 10_000);
    for (const line of ofRequest()) {
      expect(line.trace_id).toBe(unsampled);
      // No span at all (the sampler refused it before a server span was made; a non-recording span would have an
      // id).
      expect(line.span_id).toBeUndefined();
    }

    // A sampled request after it: once its HTTP span (the last of its spans to end) is exported, every span that
    // ended before it has gone too (the batch processor exports in order). None is of the refused request: not in
    // its trace, and no root trace of its operation either (the body parser's callbacks run outside the request's
    // context; the service puts it back, or GraphQL and Prisma would have opened new traces).
    const sampled = hex(16);
    await fetch(`${svc.url}/graphql`, {
      method: 'POST',
      headers: { ...J, traceparent: `00-${sampled}-${hex(8)}-01` },
      body: query(4),
    });
    await eventually(() => traceOf(sampled).some((s) => s.name === 'POST /graphql'), 30_000);
    expect(traceOf(unsampled)).toEqual([]);
    expect(otlp.spans.filter((s) => s.name === 'query UnsampledList').map((s) => s.traceId)).toEqual([sampled]);
    await eventually(
      () => otlp.total('svc.graphql.operations', { 'graphql.operation.name': 'UnsampledList' }) >= 2,
      30_000,
    );
  });

  it('metrics move: a refused login, a cache hit, GraphQL operations by name, plugin states; the same on the Prometheus endpoint', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await api('/auth/login', {
        method: 'POST',
        headers: J,
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      if (res.status === 429) break;
    }
    const first = await api('/store/products?limit=3');
    const second = await api('/store/products?limit=3');
    expect(first.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('hit');
    const gql = await fetch(`${svc.url}/graphql`, {
      method: 'POST',
      headers: J,
      body: JSON.stringify({ query: 'query ObservedHealth { health { status } }' }),
    });
    expect(gql.status).toBe(200);

    await eventually(
      () =>
        otlp.total('svc.rate_limit.refused', { policy: 'login' }) >= 1 &&
        otlp.total('svc.response_cache.requests', { outcome: 'hit' }) >= 1 &&
        otlp.total('svc.graphql.operations', { 'graphql.operation.name': 'ObservedHealth' }) >= 1,
      30_000,
    );
    expect(otlp.total('svc.plugin.status', { plugin: 'automation', state: 'active' })).toBe(1);
    // Labels are bounded: no raw path (ids) ever labels a request.
    const routes = otlp.metric('http.server.request.duration').map((p) => String(p.attributes['http.route']));
    expect(routes).toContain('/api/v1/store/products/{slug}');
    expect(routes.some((r) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(r))).toBe(false);
    if (svc.kind === 'postgres')
      expect(otlp.metric('db.client.connection.count', { 'db.client.connection.state': 'idle' }).length).toBe(1);

    const text = await (await fetch(`http://127.0.0.1:${prometheusPort}/metrics`)).text();
    expect(text).toMatch(/^svc_rate_limit_refused(_total)?\{[^}]*policy="login"[^}]*\} [1-9]/m);
    expect(text).toMatch(/^svc_response_cache_requests(_total)?\{[^}]*outcome="hit"[^}]*\} [1-9]/m);
    expect(text).toContain('http_server_request_duration_bucket');
    expect(text).toContain('svc_automation_outbox_backlog');
  });
});
