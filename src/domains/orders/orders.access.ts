import { type AccessTable, admin, customer, store } from '../../auth/access';

export const ordersAccess: AccessTable = {
  Query: {
    orders: admin('orders.read'),
    order: admin('orders.read'),
    orderTransactions: admin('orders.read'),
    orderOverview: admin('orders.read'),
    orderShipments: admin('orders.read'),
    shippingCarriers: admin('orders.read'),
    returns: admin('orders.read'),
    orderReturn: admin('orders.read'),
    orderRefunds: admin('orders.read'),
    storeOrder: store('store.orders.read'),
    checkoutQuote: store('store.checkout'),
    storeOrderTransactions: store('store.orders.read'),
    accountOrders: customer('store.orders.read'),
    accountOrder: customer('store.orders.read'),
  },
  Mutation: {
    orderStatusUpdate: admin('orders.update'),
    shipmentCreate: admin('orders.update'),
    shipmentUpdate: admin('orders.update'),
    returnCreate: admin('orders.update'),
    returnStatusUpdate: admin('orders.update'),
    // A return request writes to the customer's own order: a customer API key needs the account write scope.
    storeReturnCreate: store('store.account.update'),
    refundCreate: admin('orders.update'),
    checkoutComplete: store('store.checkout'),
  },
  // The guest token is a credential: only staff who may read orders see it (the store shows is_guest_order).
  // Who changed a status names staff (their email): the store sees the changes, not who made them.
  fields: {
    Order: { guestToken: admin('orders.read') },
    OrderStatusChange: { actor: admin('orders.read') },
    Refund: { actor: admin('orders.read') },
  },
};
