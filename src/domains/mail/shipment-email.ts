import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import type { NoticeOrder } from './after-sales-emails';
import { orderEmailLocale } from './email-locale';
import { itemLines, type NoticeLine } from './item-lines';
import { emailInsertSql } from './outbox';

/** What the shipment email says of a shipment (the orders domain passes its rows; mail never imports orders). */
export interface ShipmentNotice {
  shipmentId: string;
  order: Pick<NoticeOrder, 'id' | 'orderNumber' | 'email' | 'locale' | 'customerLocale'>;
  /** The carrier's display name (a known carrier's, else the free text), or null. */
  carrierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: NoticeLine[];
  /** The shipment's time: the email is listed with it, after it (outbox.ts). */
  shippedAt: Date;
}

/**
 * The statement that writes the shipment email (contract §11: carrier, tracking number and link), for the shipment's
 * transaction: one email per shipment (its dedupe key), linked to the order so the order's timeline shows it. The
 * tracking URL was checked to be http(s) when it was stored; the template escapes it like every value.
 */
export function shipmentEmailSql(ctx: Pick<Ctx, 'config'>, notice: ShipmentNotice): Prisma.Sql {
  return emailInsertSql(ctx, {
    kind: 'shipment',
    dedupeKey: `shipment:${notice.shipmentId}`,
    recipient: notice.order.email,
    locale: orderEmailLocale(ctx, notice.order),
    orderId: notice.order.id,
    at: notice.shippedAt,
    data: {
      order_number: notice.order.orderNumber,
      carrier: notice.carrierName,
      tracking_number: notice.trackingNumber,
      tracking_url: notice.trackingUrl,
      items: itemLines(notice.lines),
    },
  });
}
