import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An attribute list of OTLP/JSON (`[{ key, value: { stringValue | intValue | doubleValue | boolValue } }]`) as an object. */
type OtlpAttribute = { key: string; value: Record<string, unknown> };

function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    const [kind, v] = Object.entries(value)[0] ?? [];
    out[key] = kind === 'intValue' ? Number(v) : v;
  }
  return out;
}

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
  status: { code?: number; message?: string };
  scope: string;
  service: string;
}

export interface ReceivedPoint {
  name: string;
  attributes: Record<string, unknown>;
  /** Sum, gauge value, or a histogram's count. */
  value: number;
  /** A histogram's sum. */
  sum?: number;
}

/**
 * An in-process OTLP/HTTP receiver with the JSON protocol (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`): `/v1/traces`
 * and `/v1/metrics` are decoded and kept; the latest metric export of each name wins (cumulative temporality).
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  let points = new Map<string, ReceivedPoint[]>();
  const requests: Array<{ path: string; contentType: string | undefined }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', contentType: req.headers['content-type'] });
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (req.url === '/v1/traces') collectSpans(body);
        if (req.url === '/v1/metrics') collectMetrics(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      } catch {
        res.writeHead(400);
        res.end();
      }
    });
  });

  function collectSpans(body: { resourceSpans?: any[] }) {
    for (const rs of body.resourceSpans ?? []) {
      const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
      for (const ss of rs.scopeSpans ?? [])
        for (const s of ss.spans ?? [])
          spans.push({
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId ?? '',
            name: s.name,
            kind: s.kind,
            attributes: attributesOf(s.attributes),
            links: (s.links ?? []).map((l: { traceId: string; spanId: string }) => ({
              traceId: l.traceId,
              spanId: l.spanId,
            })),
            status: s.status ?? {},
            scope: ss.scope?.name ?? '',
            service,
          });
    }
  }

  function collectMetrics(body: { resourceMetrics?: any[] }) {
    const next = new Map(points);
    for (const rm of body.resourceMetrics ?? [])
      for (const sm of rm.scopeMetrics ?? [])
        for (const m of sm.metrics ?? []) {
          const data = m.sum ?? m.gauge ?? m.histogram;
          const list: ReceivedPoint[] = (data?.dataPoints ?? []).map((p: any) => ({
            name: m.name,
            attributes: attributesOf(p.attributes),
            value: m.histogram ? Number(p.count) : Number(p.asDouble ?? p.asInt ?? 0),
            sum: m.histogram ? Number(p.sum) : undefined,
          }));
          next.set(m.name, list);
        }
    points = next;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    requests,
    /** The latest data points of a metric (empty when never exported). */
    metric: (name: string, match: Record<string, unknown> = {}) =>
      (points.get(name) ?? []).filter((p) => Object.entries(match).every(([k, v]) => p.attributes[k] === v)),
    /** The sum of a metric's latest points that carry `match`'s attributes. */
    total: (name: string, match: Record<string, unknown> = {}) =>
      (points.get(name) ?? [])
        .filter((p) => Object.entries(match).every(([k, v]) => p.attributes[k] === v))
        .reduce((sum, p) => sum + p.value, 0),
    metricNames: () => [...points.keys()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OtlpReceiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
