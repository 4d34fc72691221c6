import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { AppServices } from '../src/context/ctx';
import { closeHttpServer } from '../src/http/close';
import { observePluginStates, servePrometheus } from '../src/platform/telemetry';
import { SERVICE_VERSION } from '../src/platform/version';
import { createCheckoutFunction } from '../src/plugin-api/checkout';
import { PluginHost } from '../src/plugin-api/host';
import { buildAppRestSchema } from './domains';
import { startHousekeeping } from './housekeeping';
import { BUNDLED_PLUGINS } from './plugins';
import { openServices, type StartOptions } from './runtime';

/** A running `svc worker`: the background work of every enabled plugin, and a health listener. */
export interface RunningWorker {
  /** The health listener's base URL (`http://127.0.0.1:<worker.health_port>`). */
  healthUrl: string;
  services: AppServices;
  plugins: PluginHost;
  close(): Promise<void>;
}

type Probe = { status: number; data: Record<string, unknown> };

/**
 * Liveness and readiness of a worker, in the API's shapes so one probe configuration fits both roles. A
 * worker has no public traffic to receive: readiness says whether its loops can work (the database answers)
 * and whether it is draining; an unreachable Redis is only `degraded`, as on the API.
 */
async function probe(services: AppServices, ping: () => Promise<boolean>, path: string): Promise<Probe | null> {
  const route = path.replace(/\/+$/, '').replace(/^\/api\/v1/, '');
  if (route !== '/health' && route !== '/health/ready') return null;
  const draining = services.lifecycle?.stopping ?? false;
  const database = await ping();
  if (route === '/health') {
    const status = draining ? 'stopping' : database ? 'ok' : 'degraded';
    return {
      status: status === 'ok' ? 200 : 503,
      data: { status, role: 'worker', database: database ? 'ok' : 'unreachable', version: SERVICE_VERSION },
    };
  }
  const redis = await services.security.ping();
  const ready = database && !draining;
  return {
    status: ready ? 200 : 503,
    data: {
      status: !ready ? 'not_ready' : redis === false ? 'degraded' : 'ready',
      role: 'worker',
      database: database ? 'ok' : 'unreachable',
      redis: redis === null ? 'not_configured' : redis ? 'ok' : 'unreachable',
      draining,
    },
  };
}

/**
 * `svc worker`: opens the database and services, starts the enabled plugins with their background loops
 * (whatever `server.background_jobs` says: running them is this process's job) and serves no public API. Their
 * hooks still fire for what the worker itself changes (a reconciled payment moving an order writes its outbox
 * row). Closing stops the loops first (the relay finishes and records the deliveries it leased), then the
 * background tasks and the database.
 */
export async function startWorker(opts: StartOptions): Promise<RunningWorker> {
  const { config } = opts;
  const opened = await openServices(opts);
  const { services, database } = opened;
  const lifecycle = { stopping: false };
  services.lifecycle = lifecycle;
  let health: http.Server | undefined;
  try {
    const plugins = opts.plugins ?? BUNDLED_PLUGINS;
    const pluginHost = new PluginHost(plugins, services, { ...opts.pluginOptions, backgroundJobs: true });
    services.plugins = pluginHost;
    observePluginStates(() => pluginHost.list());
    const schema = buildAppRestSchema(plugins);
    await pluginHost.start({ checkout: createCheckoutFunction(services, schema), schema });
    const server = http.createServer((req, res) => {
      const answer =
        req.method === 'GET' || req.method === 'HEAD' ? probe(services, database.ping, req.url ?? '') : null;
      Promise.resolve(answer).then(
        (p) => {
          res.writeHead(p?.status ?? 404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(p ? { data: p.data } : { error: { code: 'not_found', message: 'not found' } }));
        },
        () => {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: { status: 'not_ready', role: 'worker' } }));
        },
      );
    });
    health = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config['worker.health_port'], config['server.host'], () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    // The relay's webhook and outbox metrics are this process's: the same Prometheus endpoint as `svc serve`.
    const prometheus = config['metrics.prometheus']
      ? await servePrometheus(config['server.host'], config['metrics.prometheus_port'])
      : undefined;
    if (prometheus) services.log.info({ port: prometheus.port }, 'prometheus metrics at /metrics');
    const active = pluginHost.list().filter((p) => p.state === 'active');
    services.log.info({ healthPort: port, plugins: active.map((p) => p.name) }, 'svc worker running');
    // Besides the core's own pruning (housekeeping.ts), the background work is the plugins'.
    if (!active.length) services.log.info('svc worker: no plugin is enabled; only the core pruning runs');
    const housekeeping = startHousekeeping(services, config);
    let closing: Promise<void> | undefined;
    return {
      healthUrl: `http://127.0.0.1:${port}`,
      services,
      plugins: pluginHost,
      close: () =>
        (closing ??= (async () => {
          lifecycle.stopping = true;
          // The loops stop and the deliveries in flight are recorded (their leases released) before the
          // database closes under them; the probe answers `stopping` meanwhile.
          await pluginHost.close();
          await housekeeping.close();
          await opened.close();
          await closeHttpServer(server, 1000);
          await prometheus?.close();
          services.log.info('svc worker stopped');
        })()),
    };
  } catch (err) {
    if (health) await closeHttpServer(health, 0).catch(() => undefined);
    await opened.close().catch(() => undefined);
    throw err;
  }
}
