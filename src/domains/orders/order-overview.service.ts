import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { TO_SHIP_SQL } from './order-list';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The furthest back a period may start: the figures are for a home screen, not for reports over years. */
const MAX_PERIOD_DAYS = 31;

export interface OverviewPeriods {
  todayFrom?: Date | null;
  weekFrom?: Date | null;
}

/** Midnight UTC today, and the Monday of this week: the defaults when the client sends no local start. */
function defaultPeriods(now: Date): { today: Date; week: Date } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return { today, week: new Date(today.getTime() - sinceMonday * DAY_MS) };
}

function checkedStart(field: string, value: Date, now: Date): Date {
  if (value.getTime() > now.getTime() || value.getTime() < now.getTime() - MAX_PERIOD_DAYS * DAY_MS)
    throw AppError.validation([{ field, detail: `within the last ${MAX_PERIOD_DAYS} days` }]);
  return value;
}

/**
 * The home screen's figures in ONE statement, whatever the number of orders: counts and sums with `FILTER`
 * over the orders of the longest period (an index range on `created_at`), the status counts from the status
 * index, and the payment counts from `(status, updated_at)`. Periods start where the client says (its local
 * midnight and week start), so the figures match the owner's day, not the server's.
 */
export async function orderOverview(ctx: Ctx, periods: OverviewPeriods) {
  const now = new Date();
  const defaults = defaultPeriods(now);
  const today = periods.todayFrom ? checkedStart('todayFrom', periods.todayFrom, now) : defaults.today;
  const week = periods.weekFrom ? checkedStart('weekFrom', periods.weekFrom, now) : defaults.week;
  const from = today < week ? today : week;
  const failedSince = new Date(now.getTime() - 7 * DAY_MS);
  const currency = ctx.config['i18n.default_currency'].toUpperCase();
  const [row] = await ctx.db.$queryRaw<Array<Record<string, bigint | number>>>(Prisma.sql`
    WITH recent AS (
      SELECT created_at, total, status NOT IN ('cancelled', 'refunded') AND currency = ${currency} AS counts
      FROM orders WHERE created_at >= ${from}
    )
    SELECT
      (SELECT count(*) FROM recent WHERE created_at >= ${today}) AS orders_today,
      (SELECT coalesce(sum(total) FILTER (WHERE counts), 0) FROM recent WHERE created_at >= ${today}) AS revenue_today,
      (SELECT count(*) FROM recent WHERE created_at >= ${week}) AS orders_week,
      (SELECT coalesce(sum(total) FILTER (WHERE counts), 0) FROM recent WHERE created_at >= ${week}) AS revenue_week,
      (SELECT count(*) FROM orders WHERE status = 'pending') AS orders_pending,
      (SELECT count(*) FROM orders o WHERE ${Prisma.raw(TO_SHIP_SQL)}) AS orders_to_ship,
      (SELECT count(*) FROM returns WHERE status IN ('requested', 'approved')) AS returns_waiting,
      (SELECT count(*) FROM payment_transactions WHERE status = 'failed' AND updated_at >= ${failedSince})
        AS payments_failed,
      (SELECT count(*) FROM payment_transactions WHERE status = 'pending') AS payments_pending`);
  const n = (key: string) => Number(row[key]);
  return {
    currency,
    ordersToday: n('orders_today'),
    revenueToday: n('revenue_today'),
    ordersThisWeek: n('orders_week'),
    revenueThisWeek: n('revenue_week'),
    ordersPending: n('orders_pending'),
    ordersToShip: n('orders_to_ship'),
    returnsWaiting: n('returns_waiting'),
    paymentsFailed: n('payments_failed'),
    paymentsPending: n('payments_pending'),
  };
}
