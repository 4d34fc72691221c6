import DataLoader from 'dataloader';

import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import type { ActorKind, ActorRef, OrderStatus } from './order.type';
import { type OrderTimelineDetails, type OrderTimelineEntry, TimelineKind } from './timeline.type';

/**
 * The order's timeline (issue 48, contract §10): one SQL statement, a UNION ALL with one branch per source,
 * whatever the number of events (and of orders, for `Order.timeline` on a page). Adding a source (a new table) is one entry of {@link SOURCES}: a branch names
 * the columns it fills and {@link branch} types the rest NULL, so every branch has the same columns in the same
 * order.
 */

/** The columns of a timeline row, with their SQL types (NULLs in a UNION need them). */
const COLUMNS = {
  /** Every source table has the order's id: filled by {@link branch} itself. */
  order_id: 'uuid',
  entry_id: 'text',
  kind: 'text',
  at: 'timestamptz',
  /** Tie-break at the same instant: 0 the order placed, 1 payments/shipments/returns/refunds, 2 status, 3 emails, 4 notes. */
  rank: 'int',
  actor_kind: 'text',
  actor_id: 'uuid',
  actor_label: 'text',
  from_status: 'text',
  to_status: 'text',
  comment: 'text',
  note_text: 'text',
  amount: 'int',
  currency: 'text',
  provider: 'text',
  reference: 'text',
  reason: 'text',
  status: 'text',
  shipment_id: 'uuid',
  carrier: 'text',
  tracking_number: 'text',
  tracking_url: 'text',
  email_id: 'uuid',
  email_kind: 'text',
  subject: 'text',
  recipient: 'text',
  return_id: 'uuid',
  refund_id: 'uuid',
} as const;
type Column = keyof typeof COLUMNS;
type Row = {
  order_id: string;
  entry_id: string;
  kind: TimelineKind;
  at: Date;
  rank: number;
  amount: number | null;
  actor_kind: string | null;
  actor_id: string | null;
  actor_label: string | null;
} & Record<
  Exclude<
    Column,
    'order_id' | 'entry_id' | 'kind' | 'at' | 'rank' | 'amount' | 'actor_kind' | 'actor_id' | 'actor_label'
  >,
  string | null
>;

const raw = Prisma.raw;
const text = (value: string) => Prisma.sql`${value}`;

/** One SELECT of the union: `cols` are SQL expressions over `from`; every other column is a typed NULL. */
function branch(
  cols: Partial<Record<Column, Prisma.Sql>> & Record<'entry_id' | 'kind' | 'at' | 'rank', Prisma.Sql>,
  from: Prisma.Sql,
): Prisma.Sql {
  const list = (Object.keys(COLUMNS) as Column[]).map((name) => {
    const expr = cols[name] ?? raw(name === 'order_id' ? 'order_id' : 'NULL');
    return Prisma.sql`(${expr})::${raw(COLUMNS[name])} AS ${raw(name)}`;
  });
  return Prisma.sql`SELECT ${Prisma.join(list)} ${from}`;
}

/** The stamped actor of a table with the three `actor_*` columns (order-actor.ts). */
const STAMPED = { actor_kind: raw('actor_kind'), actor_id: raw('actor_id'), actor_label: raw('actor_label') };
/** Done by the system; `label` names it (a payment provider), "System" otherwise. */
const bySystem = (label: Prisma.Sql = text('System')) => ({
  actor_kind: text('system'),
  actor_id: raw('NULL'),
  actor_label: label,
});

/** A payment's own columns, on each of its entries. */
const PAYMENT = {
  amount: raw('amount'),
  currency: raw('currency'),
  provider: raw('provider'),
  reference: raw('provider_reference'),
  status: raw('status'),
  ...bySystem(raw("COALESCE(NULLIF(provider, ''), 'System')")),
};
const SHIPMENT = {
  shipment_id: raw('id'),
  carrier: raw('carrier'),
  tracking_number: raw('tracking_number'),
  tracking_url: raw('tracking_url'),
  status: raw('status'),
};
const EMAIL = {
  email_id: raw('id'),
  email_kind: raw('kind'),
  subject: raw('subject'),
  recipient: raw('recipient'),
  status: raw('status'),
  ...bySystem(),
};

/**
 * Every source of the timeline, one branch each, over the rows of the orders `orders` selects. Payments have no
 * actor columns: a payment's entries name its provider as the system that did it. A shipment's delivery names who
 * marked it delivered (`delivered_actor_*`; null for a delivery recorded before they existed). A new source is
 * one more entry here (and its kind in timeline.type.ts).
 */
const SOURCES: Array<(orders: Prisma.Sql) => Prisma.Sql> = [
  (orders) =>
    branch(
      {
        entry_id: raw(`'status:' || id`),
        kind: text(TimelineKind.STATUS_CHANGED),
        at: raw('created_at'),
        rank: raw('CASE WHEN from_status IS NULL THEN 0 ELSE 2 END'),
        from_status: raw('from_status'),
        to_status: raw('to_status'),
        comment: raw('comment'),
        ...STAMPED,
      },
      Prisma.sql`FROM order_status_history WHERE ${orders}`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'payment:' || id || ':authorized'`),
        kind: text(TimelineKind.PAYMENT_AUTHORIZED),
        at: raw('created_at'),
        rank: raw('1'),
        ...PAYMENT,
      },
      Prisma.sql`FROM payment_transactions WHERE ${orders}`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'payment:' || id || ':captured'`),
        kind: text(TimelineKind.PAYMENT_CAPTURED),
        at: raw('captured_at'),
        rank: raw('1'),
        ...PAYMENT,
      },
      Prisma.sql`FROM payment_transactions WHERE ${orders} AND captured_at IS NOT NULL`,
    ),
  // No failed_at column: a failed payment changes no more (only a retry's capture moves it on, and then it is
  // not failed any longer), so its updated_at is when it failed; a released authorization has its own time.
  (orders) =>
    branch(
      {
        entry_id: raw(`'payment:' || id || ':failed'`),
        kind: text(TimelineKind.PAYMENT_FAILED),
        at: raw('COALESCE(cancelled_at, updated_at)'),
        rank: raw('1'),
        reason: raw('failure_reason'),
        ...PAYMENT,
      },
      Prisma.sql`FROM payment_transactions WHERE ${orders} AND status = 'failed'`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'payment:' || id || ':refunded'`),
        kind: text(TimelineKind.PAYMENT_REFUNDED),
        at: raw('refunded_at'),
        rank: raw('1'),
        ...PAYMENT,
      },
      Prisma.sql`FROM payment_transactions WHERE ${orders} AND refunded_at IS NOT NULL`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'shipment:' || id`),
        kind: text(TimelineKind.SHIPMENT_CREATED),
        at: raw('shipped_at'),
        rank: raw('1'),
        ...SHIPMENT,
        ...STAMPED,
      },
      Prisma.sql`FROM shipments WHERE ${orders}`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'shipment:' || id || ':delivered'`),
        kind: text(TimelineKind.SHIPMENT_DELIVERED),
        at: raw('delivered_at'),
        rank: raw('1'),
        ...SHIPMENT,
        actor_kind: raw('delivered_actor_kind'),
        actor_id: raw('delivered_actor_id'),
        actor_label: raw('delivered_actor_label'),
      },
      Prisma.sql`FROM shipments WHERE ${orders} AND delivered_at IS NOT NULL`,
    ),
  // An email is one entry: EMAIL_SENT when sent, EMAIL_QUEUED (with its status) until then, under one id.
  (orders) =>
    branch(
      {
        entry_id: raw(`'email:' || id`),
        kind: raw(
          `CASE WHEN status = 'sent' THEN '${TimelineKind.EMAIL_SENT}' ELSE '${TimelineKind.EMAIL_QUEUED}' END`,
        ),
        at: raw(`CASE WHEN status = 'sent' THEN COALESCE(sent_at, created_at) ELSE created_at END`),
        rank: raw('3'),
        ...EMAIL,
      },
      Prisma.sql`FROM emails WHERE ${orders}`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'note:' || id`),
        kind: text(TimelineKind.NOTE),
        at: raw('created_at'),
        rank: raw('4'),
        note_text: raw('text'),
        ...STAMPED,
      },
      Prisma.sql`FROM order_notes WHERE ${orders}`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'refund:' || id`),
        kind: text(TimelineKind.REFUND_CREATED),
        at: raw('created_at'),
        rank: raw('1'),
        refund_id: raw('id'),
        return_id: raw('return_id'),
        amount: raw('amount'),
        currency: raw('currency'),
        reason: raw('reason'),
        status: raw('status'),
        reference: raw('provider_reference'),
        ...STAMPED,
      },
      Prisma.sql`FROM refunds WHERE ${orders}`,
    ),
  (orders) =>
    branch(
      {
        entry_id: raw(`'return:' || id`),
        kind: text(TimelineKind.RETURN_REQUESTED),
        at: raw('created_at'),
        rank: raw('1'),
        return_id: raw('id'),
        status: raw('status'),
        comment: raw('comment'),
        ...STAMPED,
      },
      Prisma.sql`FROM returns WHERE ${orders}`,
    ),
  // Each move of a return (approved, rejected, received, refunded, back to received) with its time and who made it.
  (orders) =>
    branch(
      {
        entry_id: raw(`'return-event:' || id`),
        kind: text(TimelineKind.RETURN_UPDATED),
        at: raw('created_at'),
        rank: raw('1'),
        return_id: raw('return_id'),
        status: raw('to_status'),
        comment: raw('comment'),
        ...STAMPED,
      },
      Prisma.sql`FROM return_events WHERE ${orders}`,
    ),
  // A refund's settling, when its provider answered (or at once, by whoever made it, without a provider). Its id
  // sorts after the refund's own entry at the same instant.
  (orders) =>
    branch(
      {
        entry_id: raw(`'refund:' || id || ':settled'`),
        kind: text(TimelineKind.REFUND_SETTLED),
        at: raw('settled_at'),
        rank: raw('1'),
        refund_id: raw('id'),
        return_id: raw('return_id'),
        amount: raw('amount'),
        currency: raw('currency'),
        reason: raw('failure_reason'),
        status: raw('status'),
        reference: raw('provider_reference'),
        actor_kind: raw(`CASE WHEN settled_at = created_at THEN actor_kind ELSE 'system' END`),
        actor_id: raw('CASE WHEN settled_at = created_at THEN actor_id END'),
        actor_label: raw(`CASE WHEN settled_at = created_at THEN actor_label ELSE 'Payment provider' END`),
      },
      Prisma.sql`FROM refunds WHERE ${orders} AND settled_at IS NOT NULL`,
    ),
];

/**
 * At most this many entries per read: the newest, so a very busy order still shows what happened last. An order
 * reaches it only with hundreds of notes or emails; the status history, payments and shipments are a few dozen.
 */
export const TIMELINE_LIMIT = 500;

/**
 * The statement for some orders: each order's newest {@link TIMELINE_LIMIT} entries of the union, answered by
 * order, oldest first. One statement for one order (the `orderTimeline` query) as for a page of orders (the
 * `Order.timeline` field, batched per request).
 */
function timelineSql(orderIds: string[]): Prisma.Sql {
  const scope = Prisma.sql`order_id = ANY(${orderIds}::uuid[])`;
  const union = Prisma.join(
    SOURCES.map((source) => source(scope)),
    ' UNION ALL ',
  );
  return Prisma.sql`
    SELECT * FROM (
      SELECT entries.*,
        ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY at DESC, rank DESC, entry_id DESC) AS newest
      FROM (${union}) AS entries
    ) AS numbered
    WHERE newest <= ${TIMELINE_LIMIT}
    ORDER BY order_id, at, rank, entry_id`;
}

const KINDS = new Set<ActorKind>(['staff', 'customer', 'api_key', 'system'] as ActorKind[]);

function actorOf(row: Row): ActorRef | null {
  if (!row.actor_kind || !KINDS.has(row.actor_kind as ActorKind)) return null;
  return { kind: row.actor_kind as ActorKind, id: row.actor_id, label: row.actor_label ?? '' };
}

/** The entry's one-line English summary, from its row. */
function summaryOf(row: Row): string {
  const tracking = [row.carrier, row.tracking_number].filter(Boolean).join(' ');
  switch (row.kind) {
    case TimelineKind.STATUS_CHANGED:
      return row.from_status === null
        ? `Order placed (${row.to_status})`
        : `Status changed from ${row.from_status} to ${row.to_status}`;
    case TimelineKind.PAYMENT_AUTHORIZED:
      return `Payment started with ${row.provider}`;
    case TimelineKind.PAYMENT_CAPTURED:
      return 'Payment captured';
    case TimelineKind.PAYMENT_FAILED:
      return row.reason ? `Payment failed (${row.reason})` : 'Payment failed';
    case TimelineKind.PAYMENT_REFUNDED:
      return 'Payment refunded';
    case TimelineKind.SHIPMENT_CREATED:
      return tracking ? `Shipped (${tracking})` : 'Shipped';
    case TimelineKind.SHIPMENT_DELIVERED:
      return tracking ? `Shipment delivered (${tracking})` : 'Shipment delivered';
    case TimelineKind.EMAIL_SENT:
      return `Email sent to ${row.recipient}: ${row.subject}`;
    case TimelineKind.EMAIL_QUEUED:
      return `Email ${row.status} for ${row.recipient}: ${row.subject}`;
    case TimelineKind.NOTE:
      return 'Note added';
    case TimelineKind.REFUND_CREATED:
      return 'Refund created';
    case TimelineKind.REFUND_SETTLED:
      return row.status === 'failed' && row.reason ? `Refund failed (${row.reason})` : `Refund ${row.status}`;
    case TimelineKind.RETURN_REQUESTED:
      return 'Return requested';
    case TimelineKind.RETURN_UPDATED:
      return `Return ${row.status}`;
  }
}

function entryOf(row: Row): OrderTimelineEntry {
  const details: OrderTimelineDetails = {
    fromStatus: row.from_status as OrderStatus | null,
    toStatus: row.to_status as OrderStatus | null,
    comment: row.comment,
    text: row.note_text,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    reference: row.reference,
    reason: row.reason,
    status: row.status,
    shipmentId: row.shipment_id,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    emailId: row.email_id,
    emailKind: row.email_kind,
    subject: row.subject,
    recipient: row.recipient,
    returnId: row.return_id,
    refundId: row.refund_id,
  };
  return { id: row.entry_id, kind: row.kind, at: row.at, summary: summaryOf(row), actor: actorOf(row), details };
}

/** The timelines of some orders, by order id (an order without entries maps to nothing). */
async function timelinesOf(ctx: Ctx, orderIds: string[]): Promise<Map<string, OrderTimelineEntry[]>> {
  const byOrder = new Map<string, OrderTimelineEntry[]>();
  if (!orderIds.length) return byOrder;
  for (const row of await ctx.db.$queryRaw<Row[]>(timelineSql(orderIds))) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(entryOf(row));
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/**
 * An order's timeline, oldest first (404 for an unknown order): two statements whatever the number of events
 * (the order's existence, then the union).
 */
export async function orderTimeline(ctx: Ctx, orderId: string): Promise<OrderTimelineEntry[]> {
  const order = await ctx.db.order.findUnique({ where: { id: orderId }, select: { id: true } });
  if (!order) throw AppError.notFound('order');
  return (await timelinesOf(ctx, [orderId])).get(orderId) ?? [];
}

/**
 * One DataLoader per request (keyed by the request's `ctx.loaders`, so this file needs no entry in the orders'
 * loader factory): `Order.timeline` on a page of orders is one statement, whatever the number of orders.
 */
const loaders = new WeakMap<object, DataLoader<string, OrderTimelineEntry[]>>();

/** The timeline of an order already read (the `Order.timeline` field): batched with the request's other orders. */
export function batchedTimeline(ctx: Ctx, orderId: string): Promise<OrderTimelineEntry[]> {
  let loader = loaders.get(ctx.loaders);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly string[]) => {
      const byOrder = await timelinesOf(ctx, [...ids]);
      return ids.map((id) => byOrder.get(id) ?? []);
    });
    loaders.set(ctx.loaders, loader);
  }
  return loader.load(orderId);
}
