/** Orders: checkout (one transaction), the order status table with restocking, shipments, payment transactions. */
import type { DomainModule } from '../module';
import { CheckoutResolver } from './checkout.resolver';
import { OrderResolver, OrderStatusChangeResolver } from './order.resolver';
import { OrderOverviewResolver } from './order-overview.resolver';
import { ordersAccess } from './orders.access';
import { createOrderLoaders } from './orders.loaders';
import { OrderRefundsResolver, RefundResolver } from './refund.resolver';
import { OrderItemReturnsResolver, OrderReturnsResolver, ReturnResolver } from './return.resolver';
import { OrderFulfilmentResolver, OrderItemFulfilmentResolver, ShipmentResolver } from './shipment.resolver';
import { timelineAccess } from './timeline.access';
import { OrderTimelineFieldResolver, OrderTimelineResolver } from './timeline.resolver';

export type { CheckoutInput } from './checkout.inputs';
export { CheckoutAddressInput } from './checkout.inputs';
export { checkout } from './checkout.service';
export { loadCheckoutCart } from './checkout-cart';
export { CHECKOUT_PRICING_ERRORS, draftCheckout } from './checkout-draft';
export { updateOrderStatus } from './order.service';
export { PaymentTransactionStatus } from './order.type';
export * from './payment-transactions.service';
export { createRefund, retryPendingRefunds, settleRefund } from './refund.service';
export type { PaymentRefunder, RefundOutcome, RefundRequest } from './refund-providers';
export { registerRefunder } from './refund-providers';
export { RETURN_MOVES, type ReturnMove } from './return-moves';
export { markReturnRefunded } from './return-refund';

export const domain: DomainModule = {
  name: 'orders',
  resolvers: [
    OrderResolver,
    OrderStatusChangeResolver,
    OrderOverviewResolver,
    CheckoutResolver,
    ShipmentResolver,
    OrderFulfilmentResolver,
    OrderItemFulfilmentResolver,
    RefundResolver,
    OrderRefundsResolver,
    ReturnResolver,
    OrderReturnsResolver,
    OrderItemReturnsResolver,
    OrderTimelineResolver,
    OrderTimelineFieldResolver,
  ],
  access: [ordersAccess, timelineAccess],
  loaders: createOrderLoaders,
};
