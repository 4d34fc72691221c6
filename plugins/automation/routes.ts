import type { Request, Response, Router } from 'express';
import { AppError, type PluginContext } from '../../src/plugin-api';
import type { AutomationConfig } from './config';
import {
  DELIVERY_STATUSES,
  type Delivery,
  type DeliveryStatus,
  MAX_REPLAY_IDS,
  getDelivery,
  listDeliveries,
  replayDeliveries,
} from './deliveries';
import type { AutomationTables, Relay } from './relay';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Ctx = PluginContext<AutomationConfig, AutomationTables>;

const bad = (field: string, detail: string) => AppError.validation([{ field, detail }]);

/** A delivery as REST shows it (snake_case, like every other route). */
function restView(d: Delivery) {
  return {
    id: d.id,
    event: d.event,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.nextAttemptAt,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    delivered_at: d.deliveredAt,
    created_at: d.createdAt,
    payload: d.payload,
    attempts: d.attempts.map((a) => ({
      attempt: a.attempt,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
      response_body: a.responseBody,
      next_attempt_at: a.nextAttemptAt,
      created_at: a.createdAt,
    })),
  };
}

function positiveInt(req: Request, name: string, fallback: number): number {
  const raw = req.query[name];
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw bad(name, 'min');
  return Number(raw);
}

/** Probes the receiver: any HTTP answer means it is there; a network failure or a timeout means it is not. */
async function probe(url: string, timeoutSeconds: number): Promise<string | null> {
  try {
    await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.min(timeoutSeconds, 5) * 1000),
    });
    return null;
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return 'timed out';
    return (err as { cause?: { code?: string } }).cause?.code ?? 'unreachable';
  }
}

/** The admin routes: health, the delivery log, replay. All need `plugins.manage`. */
export function mountRoutes(ctx: Ctx, relay: Relay, router: Router = ctx.router): void {
  const admin = ctx.auth.requirePermission('plugins.manage');
  const { db } = ctx;

  router.get('/health', admin, async (_req, res) => {
    const checkedAt = new Date().toISOString();
    const error = await probe(ctx.config.webhook_base_url, ctx.config.timeout_seconds);
    if (!error) return void res.json({ data: { status: 'ok', automation_reachable: true, checked_at: checkedAt } });
    res.status(503).json({ data: { status: 'degraded', automation_reachable: false, error, checked_at: checkedAt } });
  });

  router.get('/deliveries', admin, async (req: Request, res: Response) => {
    const status = req.query.status;
    if (status !== undefined && !DELIVERY_STATUSES.includes(status as DeliveryStatus)) throw bad('status', 'oneof');
    const event = req.query.event;
    if (event !== undefined && (typeof event !== 'string' || event.length > 100)) throw bad('event', 'type');
    const page = await listDeliveries(db, {
      status: status as DeliveryStatus | undefined,
      event: event as string | undefined,
      page: positiveInt(req, 'page', 1),
      limit: positiveInt(req, 'limit', 20),
    });
    res.json({ data: page.items.map(restView), meta: page.meta });
  });

  router.get('/deliveries/:id', admin, async (req: Request, res: Response) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw bad('id', 'uuid');
    res.json({ data: restView(await getDelivery(db, id)) });
  });

  /** `{ ids: [...] }` (at most 100) or `{ status: 'dead' | 'pending' }`: due again now, same event id. */
  router.post('/deliveries/replay', admin, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as { ids?: unknown; status?: unknown };
    if ((body.ids === undefined) === (body.status === undefined)) throw bad('ids', 'required');
    let replayed: number;
    if (body.ids !== undefined) {
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.length === 0) throw bad('ids', 'required');
      if (ids.length > MAX_REPLAY_IDS) throw bad('ids', 'max_items');
      const invalid = ids.findIndex((id) => typeof id !== 'string' || !UUID.test(id));
      if (invalid >= 0) throw bad(`ids[${invalid}]`, 'uuid');
      replayed = await replayDeliveries(db, { ids: ids as string[] });
    } else {
      if (body.status !== 'dead' && body.status !== 'pending') throw bad('status', 'oneof');
      replayed = await replayDeliveries(db, { status: body.status });
    }
    relay.nudge();
    res.json({ data: { replayed } });
  });
}
