import { FORWARDED_HOOKS } from './config';

describe('automation: the forwarded hooks', () => {
  it("are the spec's 16 after-hooks and the shipment, return and refund hooks (contract §10) by default (checkout.after_failed is not forwarded)", () => {
    expect([...FORWARDED_HOOKS].sort()).toEqual(
      [
        'product.after_create',
        'product.after_update',
        'product.after_delete',
        'category.after_create',
        'category.after_update',
        'category.after_delete',
        'order.after_create',
        'order.after_update',
        'cart.after_add_item',
        'cart.after_update_item',
        'cart.after_remove_item',
        'customer.after_create',
        'customer.after_update',
        'payment.after_complete',
        'payment.after_failed',
        'checkout.after',
        'shipment.after_create',
        'shipment.after_update',
        'return.after_create',
        'return.after_update',
        'refund.after_create',
      ].sort(),
    );
  });
});
