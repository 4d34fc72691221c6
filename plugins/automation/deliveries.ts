import { AppError, cappedTotal, type PluginDatabase, sql, sqlJoin, sqlRaw } from '../../src/plugin-api';
import type { AutomationTables } from './relay';

/** The delivery log and replay, shared by the REST routes and the GraphQL fields. */

export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** The largest page: the contract's maximum of admin lists (a larger `limit` is clamped, as core lists do). */
export const MAX_PAGE = 200;
export const MAX_REPLAY_IDS = 100;

type Db = PluginDatabase<AutomationTables>;
const attemptsInOrder = { deliveryAttempts: { orderBy: { attempt: 'asc' as const } } };

type EventRow = NonNullable<Awaited<ReturnType<Db['automationEvent']['findFirst']>>> & {
  deliveryAttempts: Array<{
    attempt: number;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    responseBody: string | null;
    nextAttemptAt: Date | null;
    createdAt: Date;
  }>;
};

/** A delivery: the event, its body as sent, and every attempt (camelCase; REST maps it to snake_case). */
export function deliveryOf(row: EventRow) {
  return {
    id: row.id,
    event: row.eventName,
    status: row.status as DeliveryStatus,
    attemptCount: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    payload: JSON.parse(row.body) as unknown,
    attempts: row.deliveryAttempts.map((a) => ({ ...a })),
  };
}
export type Delivery = ReturnType<typeof deliveryOf>;

/** A page of the delivery log, newest first; its total counted up to 10,000 (the log grows with every event). */
export async function listDeliveries(
  db: Db,
  filter: { status?: DeliveryStatus; event?: string; page: number; limit: number },
) {
  const limit = Math.min(filter.limit, MAX_PAGE);
  const where = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.event ? { eventName: filter.event } : {}),
  };
  const [rows, total] = await Promise.all([
    db.automationEvent.findMany({
      where,
      include: attemptsInOrder,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: (filter.page - 1) * limit,
      take: limit,
    }),
    cappedTotal(db, sql`SELECT 1 FROM automation_events ${deliveryWhere(filter)}`),
  ]);
  return {
    items: rows.map((r) => deliveryOf(r as EventRow)),
    meta: { total, page: filter.page, limit, pages: total === 0 ? 0 : Math.ceil(total / limit) },
  };
}

function deliveryWhere(filter: { status?: DeliveryStatus; event?: string }) {
  const conditions = [
    ...(filter.status ? [sql`status = ${filter.status}::automation_event_status`] : []),
    ...(filter.event ? [sql`event_name = ${filter.event}`] : []),
  ];
  return conditions.length ? sql`WHERE ${sqlJoin(conditions, ' AND ')}` : sqlRaw('');
}

export async function getDelivery(db: Db, id: string): Promise<Delivery> {
  const row = await db.automationEvent.findUnique({ where: { id }, include: attemptsInOrder });
  if (!row) throw AppError.notFound('delivery');
  return deliveryOf(row as EventRow);
}

/**
 * Makes deliveries due now again (same event id, a new attempt): the given ids (all or nothing: an unknown id
 * is a 404 before anything changes), or every delivery in `status`. Returns how many.
 */
export async function replayDeliveries(
  db: Db,
  target: { ids: string[] } | { status: 'dead' | 'pending' },
): Promise<number> {
  const due = sql`status = 'pending', next_attempt_at = now(), lease_until = NULL, leased_by = NULL, updated_at = now()`;
  if ('ids' in target) {
    const unique = [...new Set(target.ids)];
    if ((await db.automationEvent.count({ where: { id: { in: unique } } })) < unique.length)
      throw AppError.notFound('delivery');
    return db.$executeRaw(sql`UPDATE automation_events SET ${due} WHERE id = ANY(${unique}::uuid[])`);
  }
  return db.$executeRaw(
    sql`UPDATE automation_events SET ${due} WHERE status = ${target.status}::automation_event_status`,
  );
}
