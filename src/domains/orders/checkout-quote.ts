import type { Ctx } from '../../context/ctx';
import { availabilityOf, getAvailability, mergeLines } from '../inventory';
import type { CheckoutQuoteInput } from './checkout.inputs';
import { loadCheckoutCart } from './checkout-cart';
import { draftCheckout } from './checkout-draft';
import type { CheckoutQuote } from './checkout-quote.type';

/**
 * Prices a checkout without placing it: the same draft `checkout` builds (same lines, methods, discount terms,
 * totals and errors), then the stock each line would need. Reads only: no order, no idempotency claim, no
 * discount use, no stock reservation, no hooks (nothing happened that a plugin should hear of).
 */
export async function quoteCheckout(ctx: Ctx, input: CheckoutQuoteInput): Promise<CheckoutQuote> {
  const cart = input.cartId ? await loadCheckoutCart(ctx, input.cartId) : undefined;
  const draft = await draftCheckout(ctx, input, cart, 'quote');
  const needed = mergeLines(draft.lines);
  const availability = await getAvailability(ctx, needed);
  const stockOf = (line: { productId: string; variantId: string | null }) => {
    const a = availabilityOf(availability, line);
    const wanted = needed.find((n) => n.productId === line.productId && n.variantId === line.variantId)!.quantity;
    return { inStock: a.unlimited || a.available >= wanted, availableQuantity: a.unlimited ? null : a.available };
  };
  const items = draft.lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    // As the order item stores it (an empty SKU is none).
    sku: line.sku || null,
    name: line.name,
    quantity: line.quantity,
    unitPriceNet: line.unitPriceNet,
    unitPriceGross: line.unitPriceGross,
    taxRate: line.taxRate,
    totalNet: line.unitPriceNet * line.quantity,
    totalGross: line.unitPriceGross * line.quantity,
    ...stockOf(line),
  }));
  return {
    currency: draft.currency,
    items,
    ...draft.totals,
    discountCode: draft.discount?.code ?? null,
    inStock: items.every((i) => i.inStock),
    shippingMethodId: draft.shippingMethodId,
    paymentMethodId: draft.paymentMethodId,
  };
}
