import type { AdminDiscountCodeFragment, DiscountCodeCreateInput, DiscountType } from '../../generated/graphql';
import { fromInstant, toInstant } from '../../lib/dates';
import { fromHundredths, fromMinor, toHundredths, toMinor } from '../../lib/money';
import { z } from '../../lib/zod';
import type { FieldSpec } from '../../resource/fields';
import { ResourceForm } from '../../resource/form';

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

export function DiscountForm(props: {
  discount?: AdminDiscountCodeFragment;
  readOnly: boolean;
  onSave: (input: DiscountCodeCreateInput) => Promise<void>;
}) {
  const d = props.discount;
  return (
    <ResourceForm
      schema={schema}
      initial={{
        code: d?.code ?? '',
        type: d?.type ?? 'PERCENTAGE',
        value: d ? fromValue(d.type, d.value) : '',
        minOrderValue: fromMinor(d?.minOrderValue),
        maxUses: d?.maxUses ? String(d.maxUses) : '',
        validFrom: fromInstant(d?.validFrom),
        validUntil: fromInstant(d?.validUntil),
        active: d?.active ?? true,
      }}
      fields={FIELDS}
      readOnly={props.readOnly}
      onSave={(v) =>
        props.onSave({
          code: v.code,
          type: v.type,
          value: toHundredths(v.value) ?? 0,
          active: v.active,
          minOrderValue: toMinor(v.minOrderValue),
          maxUses: v.maxUses ? Number(v.maxUses) : null,
          validFrom: toInstant(v.validFrom),
          validUntil: toInstant(v.validUntil),
        })
      }
    />
  );
}
