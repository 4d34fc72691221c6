import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import { orderEmailLocale } from './email-locale';
import { itemLines, type NoticeLine } from './item-lines';
import { moneyFormatter } from './order-confirmation';
import { emailInsertSql } from './outbox';

/** An order as the after-sales emails name it (the orders domain passes its rows; mail never imports orders). */
export interface NoticeOrder {
  id: string;
  orderNumber: string;
  email: string;
  currency: string;
  /** The order's locale; null for an order placed without one. */
  locale: string | null;
  /** Its customer's stored locale (null for guests): the email's locale when the order has none. */
  customerLocale: string | null;
}

/**
 * The "return received" email (contract §11), for the transaction that records the return as received: what came
 * back, once per return, linked to the order for its timeline.
 */
export function returnReceivedEmailSql(
  ctx: Pick<Ctx, 'config'>,
  notice: {
    returnId: string;
    order: NoticeOrder;
    lines: NoticeLine[];
    /** The move's time (its return event): the email is listed with it, after it (outbox.ts). */
    at: Date;
  },
): Prisma.Sql {
  return emailInsertSql(ctx, {
    kind: 'return_received',
    dedupeKey: `return_received:${notice.returnId}`,
    recipient: notice.order.email,
    locale: orderEmailLocale(ctx, notice.order),
    orderId: notice.order.id,
    at: notice.at,
    data: {
      order_number: notice.order.orderNumber,
      items: itemLines(notice.lines),
    },
  });
}

/**
 * The refund email (contract §11), for the transaction in which a refund succeeds (at once for a method without a
 * provider, else when the provider confirms it): the amount in the order's currency, once per refund.
 */
export function refundEmailSql(
  ctx: Pick<Ctx, 'config'>,
  notice: { refundId: string; order: NoticeOrder; amount: number; reason: string | null; at: Date | null },
): Prisma.Sql {
  const locale = orderEmailLocale(ctx, notice.order);
  return emailInsertSql(ctx, {
    kind: 'refund',
    dedupeKey: `refund:${notice.refundId}`,
    recipient: notice.order.email,
    locale,
    orderId: notice.order.id,
    // The refund's settled time: the email is listed with its settling, after it (outbox.ts).
    at: notice.at,
    data: {
      order_number: notice.order.orderNumber,
      amount: moneyFormatter(locale, notice.order.currency)(notice.amount),
      reason: notice.reason,
    },
  });
}
