import { errorMonitor } from 'node:events';
import type { IncomingMessage } from 'node:http';

import * as otelApi from '@opentelemetry/api';
import { type RPCMetadata, RPCType, setRPCMetadata, suppressTracing } from '@opentelemetry/core';

import { sampleRequest } from './head-sampling';
import type { HttpMiddleware } from './state';

/** The methods the HTTP semantic conventions name; any other is `_OTHER` with the original beside it. */
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
  'QUERY',
]);

/** Query parameters whose values never reach a span (signed URLs' secrets), as the HTTP instrumentation redacts them. */
const REDACTED_QUERY = [
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Goog-Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
];

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value || undefined;

/** `host[:port]` (IPv6 in brackets) as `server.address` and `server.port`, the scheme's port when none is given. */
function hostAndPort(host: string, scheme: string | undefined): { address: string; port?: number } {
  const bracket = host.startsWith('[') ? host.indexOf(']') : -1;
  const colon = host.indexOf(':', bracket + 1);
  const hasPort = colon >= 0 && (bracket >= 0 || host.indexOf(':', colon + 1) < 0);
  const address = hasPort ? host.slice(0, colon) : host;
  const port = hasPort ? Number(host.slice(colon + 1)) : scheme === 'https' ? 443 : scheme === 'http' ? 80 : NaN;
  return Number.isInteger(port) ? { address, port } : { address };
}

/** The `host` and `proto` of the first element of a `Forwarded` header (RFC 7239) that names a host. */
function forwardedHost(header: string): { host: string; proto?: string } | undefined {
  for (const element of header.split(',')) {
    const pairs: Record<string, string> = {};
    for (const pair of element.split(';')) {
      const [name, value] = pair.split('=', 2);
      if (value !== undefined) pairs[name.trim().toLowerCase()] = value.trim().replace(/^"|"$/g, '');
    }
    if (pairs.host) return { host: pairs.host, proto: pairs.proto };
  }
  return undefined;
}

/** `server.address`/`server.port` as the semantic conventions find them: Forwarded, X-Forwarded-Host, then Host. */
function serverOf(req: IncomingMessage): { address: string; port?: number } | undefined {
  const { headers } = req;
  const forwarded = first(headers.forwarded) && forwardedHost(first(headers.forwarded)!);
  if (forwarded) return hostAndPort(forwarded.host, forwarded.proto);
  const xHost = first(headers['x-forwarded-host']);
  if (xHost) return hostAndPort(xHost, first(headers['x-forwarded-proto']));
  return headers.host ? hostAndPort(headers.host, 'http') : undefined;
}

/**
 * The HTTP semantic conventions' request attributes of a server span (the set and the values the HTTP
 * instrumentation gave it): built for a kept request only.
 */
export function requestAttributes(req: IncomingMessage): otelApi.Attributes {
  const method = req.method ?? 'GET';
  const upper = method.toUpperCase();
  const normalized = KNOWN_METHODS.has(upper) ? upper : '_OTHER';
  const attributes: otelApi.Attributes = {
    'http.request.method': normalized,
    'url.scheme': 'http',
    'network.protocol.version': req.httpVersion,
  };
  if (method !== normalized) attributes['http.request.method_original'] = method;
  const server = serverOf(req);
  if (server) {
    attributes['server.address'] = server.address;
    if (server.port !== undefined) attributes['server.port'] = server.port;
  }
  const { remoteAddress, remotePort } = req.socket;
  if (remoteAddress) attributes['network.peer.address'] = remoteAddress;
  if (remotePort !== undefined) attributes['network.peer.port'] = remotePort;
  const agent = req.headers['user-agent'];
  if (agent) attributes['user_agent.original'] = agent;
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    attributes['url.path'] = url.pathname;
    if (url.search) {
      const params = url.searchParams;
      for (const name of REDACTED_QUERY) if (params.has(name)) params.set(name, 'REDACTED');
      attributes['url.query'] = params.toString();
    }
  } catch {
    // A request line the URL parser refuses: the span goes without the path rather than failing the request.
  }
  return attributes;
}

/**
 * Opens the HTTP server span in the service's own middleware (mounted first: app/http-app.ts), in place of the
 * HTTP instrumentation's incoming side (docs/decisions.md, "Observability cost"). The sampler is asked first
 * ({@link sampleRequest}); a refused request runs the rest of the app under a suppressed context and nothing else
 * is done for it. A kept one gets the semantic conventions' attributes, runs inside its span's context (so
 * GraphQL's, Prisma's, Redis's and undici's spans and the service's own nest under it and outbox rows keep its
 * `traceparent`), and its span ends when the response closes: `http.response.status_code`, `http.route` and the name
 * `METHOD route` when a router named the route (`nameHttpRoute`, through the context's RPC metadata as the HTTP
 * instrumentation read it), error status on a 5xx or a response that failed. `client.address` is the address the
 * service itself believes (`req.clientIp`, from `server.trusted_proxies`), not a forwarded header any client can
 * write. HTTP metrics are not made here: the service records `http.server.request.duration` for every request
 * (src/http/request-context.ts).
 */
export function traceHttpRequests(tracer: otelApi.Tracer): HttpMiddleware {
  const { context, trace, SpanStatusCode } = otelApi;
  const suppressed = suppressTracing(otelApi.ROOT_CONTEXT);
  return (req, res, next) => {
    const sampled = sampleRequest(tracer, req);
    if (!sampled) return context.with(suppressed, next);
    const { span, parent } = sampled;
    span.setAttributes(requestAttributes(req));
    const meta: RPCMetadata = { type: RPCType.HTTP, span };
    let ended = false;
    res.once('close', () => {
      if (ended) return;
      ended = true;
      const status = res.statusCode;
      const client = (req as { clientIp?: string }).clientIp ?? req.socket.remoteAddress;
      const attributes: otelApi.Attributes = { 'http.response.status_code': status };
      if (client) attributes['client.address'] = client;
      if (meta.route !== undefined) {
        attributes['http.route'] = meta.route;
        span.updateName(`${req.method || 'GET'} ${meta.route}`);
      }
      span.setAttributes(attributes);
      if (!(status >= 100 && status < 500)) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    res.on(errorMonitor, (err: Error) => {
      if (ended) return;
      ended = true;
      span.setAttribute('error.type', err.name);
      span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
      span.recordException(err);
      span.end();
    });
    context.with(setRPCMetadata(trace.setSpan(parent, span), meta), next);
  };
}
