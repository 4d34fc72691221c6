import { z } from '../../lib/zod';
import type { FieldSpec } from '../../resource/fields';
import { ResourceForm } from '../../resource/form';
import { nameField, slugRule } from '../properties/shared';
import { useTaxRuleOptions } from '../tax/options';

/** A product's general fields: name and slug (English), the single-variant fields, its tax rule, currency, state. */

export const productSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: slugRule,
  price: z
    .string()
    .trim()
    .regex(/^(\d+([.,]\d{1,2})?)?$/, 'A price such as 19.90.'),
  sku: z.string().trim(),
  stock: z.string().trim().regex(/^\d*$/, 'A whole number.'),
  /** A tax rule's id; empty for untaxed. */
  taxRuleId: z.string(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'A three-letter currency code such as EUR.'),
  active: z.boolean(),
});
export type ProductValues = z.infer<typeof productSchema>;

interface ProductFormProps {
  initial: ProductValues;
  /** Whether the slug follows the name as it is typed (a new product, until the slug is edited). */
  followName: boolean;
  readOnly: boolean;
  /** Saves, or throws the service's error (its field errors land next to the fields). */
  onSave: (values: ProductValues) => Promise<unknown>;
  /** Variants decide the price and stock of a product with variants: those fields are not offered then. */
  hasVariants?: boolean;
  /**
   * Only a new product takes its stock here (the API writes it to the first warehouse by priority); afterwards the
   * stock is a sum over warehouses, which one field cannot edit without moving units between them.
   */
  withStock?: boolean;
}

/** Name and Slug first, then the single-variant fields (price, SKU, stock), the tax rule, then Save. */
export function ProductForm({ initial, followName, readOnly, onSave, hasVariants, withStock }: ProductFormProps) {
  const taxRules = useTaxRuleOptions();
  if (!taxRules) return <p>Loading…</p>;
  const fields: FieldSpec<ProductValues>[] = [
    nameField<ProductValues>('slug', followName),
    { name: 'slug', label: 'Slug', hint: "Used in the shop's URLs.", serverNames: ['slug'] },
    ...(hasVariants
      ? []
      : [
          { name: 'price', label: 'Price', kind: 'number', serverNames: ['priceGross', 'priceNet'] } as const,
          { name: 'sku', label: 'SKU' } as const,
          ...(withStock ? [{ name: 'stock', label: 'Stock', kind: 'number' } as const] : []),
        ]),
    { name: 'taxRuleId', label: 'Tax rule', kind: 'select', options: taxRules },
    { name: 'currency', label: 'Currency' },
    { name: 'active', label: 'Active (visible in the shop)', kind: 'checkbox' },
  ];
  return <ResourceForm schema={productSchema} initial={initial} fields={fields} readOnly={readOnly} onSave={onSave} />;
}
