import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldPath, useForm, type UseFormSetError } from 'react-hook-form';

import { ApiError, describeError } from '../../api/errors';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { fromMinor, toMinor } from '../../lib/money';
import { z } from '../../lib/zod';

export const productSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: z
    .string()
    .trim()
    .min(1, 'Enter a slug.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes only.'),
  price: z
    .string()
    .trim()
    .regex(/^(\d+([.,]\d{1,2})?)?$/, 'A price such as 19.90.'),
  sku: z.string().trim(),
  stock: z.string().trim().regex(/^\d*$/, 'A whole number.'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'A three-letter currency code such as EUR.'),
  active: z.boolean(),
});
export type ProductValues = z.infer<typeof productSchema>;

/** "19.90" → 1990 (the API counts in minor units); empty → null. */
export const toCents = toMinor;
export const toPrice = fromMinor;

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The service's field paths (`translations.0.slug`, `price_gross`, `priceGross`) to this form's fields, so an
 * error appears next to the field it concerns.
 */
function formField(path: string | undefined): FieldPath<ProductValues> | undefined {
  if (!path) return undefined;
  const last =
    path
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop()
      ?.toLowerCase() ?? '';
  if (last === 'name' || last === 'slug' || last === 'sku' || last === 'stock' || last === 'currency') return last;
  if (last.startsWith('price')) return 'price';
  if (last === 'active') return 'active';
  return undefined;
}

/** How a save went: saved, or failed with the field errors placed and what no field claims. */
export type SaveOutcome = { saved: true } | { saved: false; unclaimed?: unknown };

/** Puts each field error of a failed save next to its field; the rest is said above the Save button. */
export function applyServerErrors(error: unknown, setError: UseFormSetError<ProductValues>): SaveOutcome {
  if (!(error instanceof ApiError) || error.kind !== 'api') return { saved: false, unclaimed: error };
  let unclaimed = false;
  for (const entry of error.entries) {
    const field = formField(entry.field);
    if (field) setError(field, { type: entry.code, message: `${entry.detail} (${entry.code})` }, { shouldFocus: true });
    else unclaimed = true;
  }
  return { saved: false, unclaimed: unclaimed || error.entries.length === 0 ? error : undefined };
}

interface ProductFormProps {
  initial: ProductValues;
  /** Whether the slug follows the name as it is typed (a new product, until the slug is edited). */
  followName: boolean;
  readOnly: boolean;
  onSave: (values: ProductValues, setError: UseFormSetError<ProductValues>) => Promise<SaveOutcome>;
  /** Variants decide the price and stock of a product with variants: those fields are not offered then. */
  hasVariants?: boolean;
  /**
   * Only a new product takes its stock here (the API writes it to the first warehouse by priority); afterwards the
   * stock is a sum over warehouses, which one field cannot edit without moving units between them.
   */
  withStock?: boolean;
}

/** Name and Slug first, then the single-variant fields (price, SKU, stock), then Save. */
export function ProductForm({ initial, followName, readOnly, onSave, hasVariants, withStock }: ProductFormProps) {
  const form = useForm<ProductValues>({ resolver: zodResolver(productSchema), defaultValues: initial });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setSaved(false);
    const outcome = await onSave(values, form.setError);
    if (outcome.saved) {
      setSaved(true);
      form.reset(values);
    } else if (outcome.unclaimed !== undefined) setFailure(outcome.unclaimed);
  });

  const name = form.register('name', {
    onChange: (e) => {
      if (followName && !dirtyFields.slug) form.setValue('slug', slugify(e.target.value));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <fieldset disabled={readOnly || isSubmitting} className="space-y-4">
        <Field label="Name" error={errors.name?.message} {...name} />
        <Field label="Slug" error={errors.slug?.message} hint="Used in the shop's URLs." {...form.register('slug')} />
        {!hasVariants && (
          <>
            <Field label="Price" inputMode="decimal" error={errors.price?.message} {...form.register('price')} />
            <Field label="SKU" error={errors.sku?.message} {...form.register('sku')} />
            {withStock && (
              <Field label="Stock" inputMode="numeric" error={errors.stock?.message} {...form.register('stock')} />
            )}
          </>
        )}
        <Field label="Currency" error={errors.currency?.message} {...form.register('currency')} />
        <div className="flex items-center gap-2">
          <input id="product-active" type="checkbox" {...form.register('active')} />
          <label htmlFor="product-active" className="text-sm">
            Active (visible in the shop)
          </label>
        </div>
      </fieldset>
      {failure !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {describeError(failure)}
        </p>
      )}
      <div aria-live="polite" className="text-sm text-green-800">
        {saved ? 'Saved.' : ''}
      </div>
      {!readOnly && (
        <Button type="submit" disabled={isSubmitting}>
          Save
        </Button>
      )}
    </form>
  );
}
