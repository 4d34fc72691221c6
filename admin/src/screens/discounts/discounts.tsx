import { Link } from '@tanstack/react-router';

import {
  AdminDiscountCodeCreateDocument,
  AdminDiscountCodeDeleteDocument,
  AdminDiscountCodeDocument,
  type AdminDiscountCodeFragment,
  AdminDiscountCodesDocument,
  AdminDiscountCodeUpdateDocument,
  type DiscountType,
} from '../../generated/graphql';
import { dateTime, fromInstant, toInstant } from '../../lib/dates';
import { fromHundredths, fromMinor, money, toHundredths, toMinor } from '../../lib/money';
import { z } from '../../lib/zod';
import { statusColumn, textColumn } from '../../resource/columns';
import { crudScreens, type Screen } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';

/** Discount codes: newest first, searched by part of the code; how often a code was used is shown on its screen. */

const discounts = defineResource({
  keys: keys.discounts,
  list: AdminDiscountCodesDocument,
  detail: AdminDiscountCodeDocument,
  create: AdminDiscountCodeCreateDocument,
  update: AdminDiscountCodeUpdateDocument,
  remove: AdminDiscountCodeDeleteDocument,
});
type Discount = AdminDiscountCodeFragment;

/** "10 %" or "€5.00" (the shop's amounts are shown in EUR, the currency the service defaults to). */
const discountValue = (d: Discount) => (d.type === 'PERCENTAGE' ? `${d.value / 100} %` : money(d.value, 'EUR'));

const amount = /^(\d+([.,]\d{1,2})?)?$/;
const schema = z
  .object({
    code: z.string().trim().min(1, 'Enter a code.'),
    type: z.enum(['PERCENTAGE', 'FIXED']),
    value: z
      .string()
      .trim()
      .regex(/^\d+([.,]\d{1,2})?$/, 'A number such as 10 or 5.50.'),
    minOrderValue: z.string().trim().regex(amount, 'An amount such as 50.00.'),
    maxUses: z
      .string()
      .trim()
      .regex(/^([1-9]\d*)?$/, 'A whole number, 1 or more.'),
    validFrom: z.string(),
    validUntil: z.string(),
    active: z.boolean(),
  })
  .refine((v) => v.type !== 'PERCENTAGE' || Number(v.value.replace(',', '.')) <= 100, {
    path: ['value'],
    message: 'At most 100 %.',
  });
type Values = z.infer<typeof schema>;

const FIELDS: FieldSpec<Values>[] = [
  { name: 'code', label: 'Code', hint: 'What customers type at checkout (any case).' },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: [
      { value: 'PERCENTAGE', label: 'Percentage of the subtotal' },
      { value: 'FIXED', label: 'Fixed amount' },
    ],
  },
  { name: 'value', label: 'Value', kind: 'number', hint: 'Percent (10 = 10 %) or an amount (5.50).' },
  { name: 'minOrderValue', label: 'Minimum order value', kind: 'number', hint: 'Empty: any subtotal.' },
  { name: 'maxUses', label: 'Maximum uses', kind: 'number', hint: 'Empty: unlimited.' },
  { name: 'validFrom', label: 'Valid from', kind: 'datetime' },
  { name: 'validUntil', label: 'Valid until', kind: 'datetime' },
  { name: 'active', label: 'Active', kind: 'checkbox' },
];

/** Percent ↔ basis points (10 % = 1000) for `PERCENTAGE`; whole units ↔ cents for `FIXED`. */
const fromValue = (type: DiscountType, value: number) =>
  type === 'PERCENTAGE' ? fromHundredths(value, 'needed') : fromMinor(value);

const screens = crudScreens({
  resource: discounts,
  paths: { list: '/discounts', create: '/discounts/new', detail: '/discounts/$discountId', param: 'discountId' },
  nouns: {
    plural: 'Discounts',
    create: 'New discount',
    what: 'this discount code',
    createAction: 'create discount codes',
  },
  permissions: { create: 'discounts.create', update: 'discounts.update', remove: 'discounts.delete' },
  list: {
    columns: [
      textColumn('code', 'Code', (d: Discount) => (
        <Link
          to="/discounts/$discountId"
          params={{ discountId: d.id }}
          className="font-mono font-medium text-blue-800 underline"
        >
          {d.code}
        </Link>
      )),
      textColumn('value', 'Discount', discountValue),
      textColumn('uses', 'Used', (d: Discount) => `${d.usedCount}${d.maxUses ? ` of ${d.maxUses}` : ''}`),
      textColumn('until', 'Valid until', (d: Discount) => (d.validUntil ? dateTime(d.validUntil) : '—')),
      statusColumn<Discount>(),
    ],
    search: true,
    empty: (q) => `No discount codes${q ? ` match “${q}”` : ''}.`,
  },
  form: {
    schema,
    useFields: () => FIELDS,
    values: (d) => ({
      code: d?.code ?? '',
      type: d?.type ?? 'PERCENTAGE',
      value: d ? fromValue(d.type, d.value) : '',
      minOrderValue: fromMinor(d?.minOrderValue),
      maxUses: d?.maxUses ? String(d.maxUses) : '',
      validFrom: fromInstant(d?.validFrom),
      validUntil: fromInstant(d?.validUntil),
      active: d?.active ?? true,
    }),
    input: (v) => ({
      code: v.code,
      type: v.type,
      value: toHundredths(v.value) ?? 0,
      active: v.active,
      minOrderValue: toMinor(v.minOrderValue),
      maxUses: v.maxUses ? Number(v.maxUses) : null,
      validFrom: toInstant(v.validFrom),
      validUntil: toInstant(v.validUntil),
    }),
  },
  detail: {
    title: (d) => `Discount ${d.code}`,
    removeDescription: (d) => `“${d.code}” can no longer be used. Orders that used it keep their discount.`,
    Intro: ({ item: d }) => (
      <p className="text-sm">
        Used {d.usedCount} {d.usedCount === 1 ? 'time' : 'times'}.
      </p>
    ),
  },
});

export const DiscountsScreen: Screen = screens.ListScreen;
export const NewDiscountScreen: Screen = screens.NewScreen;
export const DiscountScreen: Screen = screens.DetailScreen;
