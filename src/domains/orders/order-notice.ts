import type { Ctx } from '../../context/ctx';
import type { NoticeLine, NoticeOrder } from '../mail';

/**
 * What an after-sales email (shipment, return received, refund) says of its order, in one read: the order's
 * number, recipient, currency and locale (with its customer's, the fallback), and `lines` (order-item ids with quantities) named from the order's line
 * snapshots. A line whose order item is not the order's is named '' (it cannot happen: the callers checked the
 * lines under the order's lock). The order's lines are read only when there are lines to name.
 */
export async function noticeOf(
  tx: Ctx,
  orderId: string,
  lines: ReadonlyArray<{ orderItemId: string; quantity: number }>,
): Promise<{ order: NoticeOrder; lines: NoticeLine[] }> {
  const { items, customer, ...order } = await tx.db.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      id: true,
      orderNumber: true,
      email: true,
      currency: true,
      locale: true,
      // The email's locale when the order has none (mail/email-locale.ts).
      customer: { select: { locale: true } },
      items: lines.length ? { select: { id: true, name: true, variantName: true } } : false,
    },
  });
  const names = new Map((items ?? []).map((i) => [i.id, i]));
  return {
    order: { ...order, customerLocale: customer?.locale ?? null },
    lines: lines.map((l) => ({
      name: names.get(l.orderItemId)?.name ?? '',
      variantName: names.get(l.orderItemId)?.variantName ?? null,
      quantity: l.quantity,
    })),
  };
}
