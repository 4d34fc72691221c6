import { useQuery } from '@tanstack/react-query';

import { gql } from '../../api/client';
import {
  AdminShippingMethodCreateDocument,
  AdminShippingMethodDeleteDocument,
  AdminShippingMethodDocument,
  type AdminShippingMethodFragment,
  AdminShippingMethodsDocument,
  AdminShippingMethodUpdateDocument,
  AdminTaxRuleDocument,
} from '../../generated/graphql';
import { fromMinor, money, MONEY_PATTERN, percent, toMinor } from '../../lib/money';
import { z } from '../../lib/zod';
import { textColumn } from '../../resource/columns';
import type { Screen } from '../../resource/crud';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';
import { checkoutMethodScreens } from '../settings/checkout-method';
import { useTaxRuleOptions } from '../tax/options';

/** Shipping methods: a gross price and its tax rule, in the order the store lists them. */

const shippingMethods = defineResource({
  keys: keys.shippingMethods,
  list: AdminShippingMethodsDocument,
  detail: AdminShippingMethodDocument,
  create: AdminShippingMethodCreateDocument,
  update: AdminShippingMethodUpdateDocument,
  remove: AdminShippingMethodDeleteDocument,
});

const screens = checkoutMethodScreens({
  resource: shippingMethods,
  paths: {
    list: '/settings/shipping',
    create: '/settings/shipping/new',
    detail: '/settings/shipping/$methodId',
    param: 'methodId',
  },
  nouns: {
    plural: 'Shipping methods',
    create: 'New shipping method',
    what: 'this shipping method',
    createAction: 'create shipping methods',
  },
  permissions: { create: 'shipping.create', update: 'shipping.update', remove: 'shipping.delete' },
  own: {
    schema: { price: z.string().trim().regex(MONEY_PATTERN, 'An amount such as 4.90.'), taxRuleId: z.string() },
    useFields: () => {
      const options = useTaxRuleOptions();
      return (
        options && [
          {
            name: 'price',
            label: 'Price',
            kind: 'number',
            hint: 'Gross, as the customer pays it.',
            serverNames: ['priceGross'],
          },
          { name: 'taxRuleId', label: 'Tax rule', kind: 'select', options },
        ]
      );
    },
    values: (m?: AdminShippingMethodFragment) => ({ price: fromMinor(m?.priceGross), taxRuleId: m?.taxRuleId ?? '' }),
    input: (v) => ({ priceGross: toMinor(v.price) ?? 0, taxRuleId: v.taxRuleId || null }),
    columns: [textColumn('price', 'Price', (m: AdminShippingMethodFragment) => money(m.priceGross, 'EUR'))],
  },
  ordersKeep: 'shipping',
  Intro: NetPrice,
});

/**
 * The net price checkout charges: the stored one when set, else derived from the gross price at the tax rule's
 * rate (contract §7, as for products). The service stores 0 for "derive it", which used to read "€0.00".
 */
function NetPrice({ item }: { item: AdminShippingMethodFragment }) {
  const rule = useQuery({
    queryKey: keys.taxRules.detail(item.taxRuleId ?? ''),
    queryFn: () => gql(AdminTaxRuleDocument, { id: item.taxRuleId! }),
    enabled: !item.priceNet && !!item.taxRuleId,
  });
  if (item.priceNet) return <p className="text-sm">Net price: {money(item.priceNet, 'EUR')}</p>;
  if (!item.taxRuleId) return <p className="text-sm">Net price: {money(item.priceGross, 'EUR')} (no tax rule)</p>;
  const rate = rule.data?.taxRule.rate;
  if (rate === undefined) return <p className="text-sm">Net price: …</p>;
  const net = Math.round((item.priceGross * 10000) / (10000 + rate));
  return (
    <p className="text-sm">
      Net price: {money(net, 'EUR')} (the gross price less {percent(rate)} tax)
    </p>
  );
}

export const ShippingMethodsScreen: Screen = screens.ListScreen;
export const NewShippingMethodScreen: Screen = screens.NewScreen;
export const ShippingMethodScreen: Screen = screens.DetailScreen;
