import {
  AdminPaymentMethodCreateDocument,
  AdminPaymentMethodDeleteDocument,
  AdminPaymentMethodDocument,
  type AdminPaymentMethodFragment,
  AdminPaymentMethodsDocument,
  AdminPaymentMethodUpdateDocument,
} from '../../generated/graphql';
import { z } from '../../lib/zod';
import { textColumn } from '../../resource/columns';
import type { Screen } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';
import { checkoutMethodScreens, type MethodValues } from '../settings/checkout-method';

/** Payment methods (the configuration, not an order's payments): manual, or the payment-provider plugin. */

const paymentMethods = defineResource({
  keys: keys.paymentMethods,
  list: AdminPaymentMethodsDocument,
  detail: AdminPaymentMethodDocument,
  create: AdminPaymentMethodCreateDocument,
  update: AdminPaymentMethodUpdateDocument,
  remove: AdminPaymentMethodDeleteDocument,
});

/** The providers the service knows: manual payment (empty) and the payment-provider plugin. */
const PROVIDERS = [
  { value: '', label: 'Manual (invoice, cash, bank transfer)' },
  { value: 'payprov', label: 'Payment provider (payprov plugin)' },
];
const providerLabel = (p: string) => PROVIDERS.find((x) => x.value === p)?.label ?? p;
const FIELDS: FieldSpec<MethodValues<{ provider: string }>>[] = [
  { name: 'provider', label: 'Provider', kind: 'select', options: PROVIDERS },
];

const screens = checkoutMethodScreens({
  resource: paymentMethods,
  paths: {
    list: '/settings/payment-methods',
    create: '/settings/payment-methods/new',
    detail: '/settings/payment-methods/$methodId',
    param: 'methodId',
  },
  nouns: {
    plural: 'Payment methods',
    create: 'New payment method',
    what: 'this payment method',
    createAction: 'create payment methods',
  },
  permissions: { create: 'payment.create', update: 'payment.update', remove: 'payment.delete' },
  own: {
    schema: { provider: z.string() },
    useFields: () => FIELDS,
    values: (m?: AdminPaymentMethodFragment) => ({ provider: m?.provider ?? '' }),
    input: (v) => ({ provider: v.provider }),
    columns: [textColumn('provider', 'Provider', (m: AdminPaymentMethodFragment) => providerLabel(m.provider))],
  },
  ordersKeep: 'payments',
});

export const PaymentMethodsScreen: Screen = screens.ListScreen;
export const NewPaymentMethodScreen: Screen = screens.NewScreen;
export const PaymentMethodScreen: Screen = screens.DetailScreen;
