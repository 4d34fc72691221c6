import { relationJson, withDates } from '../../context/page-statement';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';

/**
 * What an order's refunds are measured against, as SQL over an order aliased `o` (one subquery, so the order's
 * own read and the refund's locked check say the same thing).
 *
 * Paid: the order's completed (captured) payment transactions when it has any payment transaction (a provider's
 * payment, or a card payment link of a manual order); else nothing for a method with a provider (not paid yet);
 * else (a manual method: invoice, cash, bank transfer) the order's total once it is past `pending` and not
 * cancelled: confirming such an order is the shop saying it was paid.
 */
export const PAID_SQL = `(CASE
  WHEN EXISTS (SELECT 1 FROM payment_transactions pt WHERE pt.order_id = o.id)
    THEN (SELECT COALESCE(SUM(pt.amount), 0) FROM payment_transactions pt WHERE pt.order_id = o.id AND pt.status = 'completed')::int
  WHEN COALESCE((SELECT pm.provider FROM payment_methods pm WHERE pm.id = o.payment_method_id), '') <> '' THEN 0
  WHEN o.status IN ('pending', 'cancelled') THEN 0
  ELSE o.total END)`;

/** Cents of the order's refunds in `statuses`. */
export const refundSumSql = (statuses: string[]) =>
  `(SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status IN (${statuses
    .map((s) => `'${s}'`)
    .join(', ')}))::int`;

/** What is left to refund: paid minus what succeeded or is pending; nothing once the order is cancelled or refunded. */
export function refundableOf(status: string, paid: number, reserved: number): number {
  if (status === 'cancelled' || status === 'refunded') return 0;
  return Math.max(0, paid - reserved);
}

/** An order's refunds in their loader's order, with the order's status and what was paid: one JSON value. */
export const REFUND_MONEY_JSON = `json_build_object('status', o.status, 'paid', ${PAID_SQL}, 'refunds', ${relationJson({
  fields: Prisma.RefundScalarFieldEnum,
  table: 'refunds',
  alias: 'rf',
  where: 'rf.order_id = o.id',
  order: 'rf.created_at, rf.id',
})})`;

export type RefundRow = Awaited<ReturnType<PrismaClient['refund']['findFirstOrThrow']>>;

/** What the order's refund fields read (orders.loaders.ts `refundMoneyByOrderId`). */
export interface RefundMoney {
  status: string;
  paid: number;
  refunds: RefundRow[];
}

/** The JSON value above as the loader answers it (its timestamps back to dates). */
export function refundMoneyOf(json: unknown): RefundMoney {
  const money = json as RefundMoney;
  withDates(money.refunds, ['createdAt', 'updatedAt']);
  return money;
}

/** Reads {@link REFUND_MONEY_JSON} for a batch of orders: one statement. Orders that do not exist are left out. */
export async function readRefundMoney(db: PrismaClient, ids: readonly string[]): Promise<Map<string, RefundMoney>> {
  const rows = await db.$queryRaw<Array<{ id: string; money: unknown }>>(Prisma.sql`
    SELECT o.id, ${Prisma.raw(REFUND_MONEY_JSON)} AS money FROM orders o WHERE o.id = ANY(${[...ids]}::uuid[])`);
  return new Map(rows.map((r) => [r.id, refundMoneyOf(r.money)]));
}
