import type { Request, Response, Router } from 'express';
import { AppError, type PluginContext, type PluginDatabase, sql } from '../../src/plugin-api';
import type { AutomationConfig } from './config';
import type { AutomationTables, Relay } from './relay';

const STATUSES = ['pending', 'delivered', 'dead'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LIMIT = 100;
const MAX_REPLAY_IDS = 100;

type Ctx = PluginContext<AutomationConfig, AutomationTables>;
type EventRow = NonNullable<Awaited<ReturnType<PluginDatabase<AutomationTables>['automationEvent']['findFirst']>>> & {
  deliveryAttempts: Array<Record<string, unknown>>;
};

const bad = (field: string, detail: string) => AppError.validation([{ field, detail }]);

/** A delivery as the admin routes show it: the event, its body as sent, and every attempt. */
function deliveryView(row: EventRow) {
  return {
    id: row.id,
    event: row.eventName,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    delivered_at: row.deliveredAt,
    created_at: row.createdAt,
    payload: JSON.parse(row.body) as unknown,
    attempts: row.deliveryAttempts.map((a) => ({
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

const attemptsInOrder = { deliveryAttempts: { orderBy: { attempt: 'asc' as const } } };

/** The admin routes: health, the delivery log, replay. All need `plugins.manage`. */
export function mountRoutes(ctx: Ctx, relay: Relay, router: Router = ctx.router): void {
  const admin = ctx.auth.requirePermission('plugins.manage');
  const { db } = ctx;

  router.get('/health', admin, async (_req, res) => {
    const checkedAt = new Date().toISOString();
    try {
      // Any HTTP answer means the receiver is there; only a network failure or a timeout is "unreachable".
      await fetch(ctx.config.webhook_base_url, {
        method: 'HEAD',
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.min(ctx.config.timeout_seconds, 5) * 1000),
      });
      res.json({ data: { status: 'ok', automation_reachable: true, checked_at: checkedAt } });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      const error = (err as Error).name === 'TimeoutError' ? 'timed out' : (cause ?? 'unreachable');
      res.status(503).json({ data: { status: 'degraded', automation_reachable: false, error, checked_at: checkedAt } });
    }
  });

  router.get('/deliveries', admin, async (req: Request, res: Response) => {
    const status = req.query.status;
    if (status !== undefined && !STATUSES.includes(status as never)) throw bad('status', 'oneof');
    const event = req.query.event;
    if (event !== undefined && (typeof event !== 'string' || event.length > 100)) throw bad('event', 'type');
    const page = positiveInt(req, 'page', 1);
    const limit = Math.min(positiveInt(req, 'limit', 20), MAX_LIMIT);
    const where = {
      ...(status ? { status: status as (typeof STATUSES)[number] } : {}),
      ...(event ? { eventName: event } : {}),
    };
    const [rows, total] = await Promise.all([
      db.automationEvent.findMany({
        where,
        include: attemptsInOrder,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: (page - 1) * limit,
        take: limit,
      }),
      db.automationEvent.count({ where }),
    ]);
    res.json({
      data: rows.map((r) => deliveryView(r as EventRow)),
      meta: { total, page, limit, pages: total === 0 ? 0 : Math.ceil(total / limit) },
    });
  });

  router.get('/deliveries/:id', admin, async (req: Request, res: Response) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw bad('id', 'uuid');
    const row = await db.automationEvent.findUnique({ where: { id }, include: attemptsInOrder });
    if (!row) throw AppError.notFound('delivery');
    res.json({ data: deliveryView(row as EventRow) });
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
      const unique = [...new Set(ids as string[])];
      // All or nothing: an unknown id is a 404 before anything changes.
      if ((await db.automationEvent.count({ where: { id: { in: unique } } })) < unique.length)
        throw AppError.notFound('delivery');
      replayed = await db.$executeRaw(sql`
        UPDATE automation_events SET status = 'pending', next_attempt_at = now(), lease_until = NULL, leased_by = NULL, updated_at = now()
        WHERE id = ANY(${unique}::uuid[])`);
    } else {
      if (body.status !== 'dead' && body.status !== 'pending') throw bad('status', 'oneof');
      replayed = await db.$executeRaw(sql`
        UPDATE automation_events SET status = 'pending', next_attempt_at = now(), lease_until = NULL, leased_by = NULL, updated_at = now()
        WHERE status = ${body.status}::automation_event_status`);
    }
    relay.nudge();
    res.json({ data: { replayed } });
  });
}
