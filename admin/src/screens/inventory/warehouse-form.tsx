import type { AdminWarehouseFragment, WarehouseCreateInput } from '../../generated/graphql';
import { z } from '../../lib/zod';
import { EntityForm, type FieldSpec } from '../settings/kit';

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  code: z.string().trim().min(1, 'Enter a code.'),
  priority: z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'A whole number (lower is used first).'),
  addressLine1: z.string().trim(),
  postalCode: z.string().trim(),
  city: z.string().trim(),
  country: z.string().trim(),
  active: z.boolean(),
  allowNegativeStock: z.boolean(),
});
type Values = z.infer<typeof schema>;

const FIELDS: FieldSpec<Values>[] = [
  { name: 'name', label: 'Name' },
  { name: 'code', label: 'Code', hint: 'Unique; used by imports and integrations.' },
  { name: 'priority', label: 'Priority', kind: 'number', hint: 'Checkout takes stock from the lowest first.' },
  { name: 'addressLine1', label: 'Address' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'city', label: 'City' },
  { name: 'country', label: 'Country' },
  { name: 'active', label: 'Active (its stock counts as available)', kind: 'checkbox' },
  { name: 'allowNegativeStock', label: 'Allow negative stock (sell beyond what it holds)', kind: 'checkbox' },
];

const initialOf = (w?: AdminWarehouseFragment): Values => ({
  name: w?.name ?? '',
  code: w?.code ?? '',
  priority: String(w?.priority ?? 0),
  addressLine1: w?.addressLine1 ?? '',
  postalCode: w?.postalCode ?? '',
  city: w?.city ?? '',
  country: w?.country ?? '',
  active: w?.active ?? true,
  allowNegativeStock: w?.allowNegativeStock ?? false,
});

/** The values as the API takes them: empty address fields are null (cleared). */
const inputOf = (v: Values): WarehouseCreateInput => ({
  name: v.name,
  code: v.code,
  priority: Number(v.priority),
  active: v.active,
  allowNegativeStock: v.allowNegativeStock,
  addressLine1: v.addressLine1 || null,
  postalCode: v.postalCode || null,
  city: v.city || null,
  country: v.country || null,
});

export function WarehouseForm(props: {
  warehouse?: AdminWarehouseFragment;
  readOnly: boolean;
  onSave: (input: WarehouseCreateInput) => Promise<void>;
}) {
  return (
    <EntityForm
      schema={schema}
      initial={initialOf(props.warehouse)}
      fields={FIELDS}
      readOnly={props.readOnly}
      onSave={(values) => props.onSave(inputOf(values))}
    />
  );
}
