import { adminResource } from '../../context/admin-resource';
import type { PaymentMethod, PaymentMethodCreateInput, PaymentMethodUpdateInput } from './payment-method.type';

/** Payment methods: the simple admin resource recipe (translated names, store order by position). */
const paymentMethods = adminResource<PaymentMethod, PaymentMethodCreateInput, PaymentMethodUpdateInput>({
  model: (db) => db.paymentMethod as never,
  label: 'payment method',
  orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  translated: true,
  table: 'payment_methods',
  notNull: ['provider', 'active', 'position', 'translations'],
});

export const {
  list: listPaymentMethods,
  listActive: listActivePaymentMethods,
  get: getPaymentMethod,
  create: createPaymentMethod,
  update: updatePaymentMethod,
  /** Deletes the method; orders that used it keep a null method id. */
  remove: deletePaymentMethod,
} = paymentMethods;
