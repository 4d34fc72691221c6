import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';

import { gql } from '../../api/client';
import { ApiError, describeError } from '../../api/errors';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { AdminStockSetDocument, AdminStockTargetDocument } from '../../generated/graphql';
import { errorText } from '../../lib/error-text';
import { fieldOfPath } from '../../resource/server-errors';
import { withVariant } from './variant-name';

/** The product (or variant) whose stock is being set, as a person reads it. */
export interface StockTarget {
  productId: string;
  variantId: string | null;
  label: string;
  quantity?: number;
}

/**
 * Sets the absolute quantity of one product or variant in the warehouse (an adjustment movement records the
 * change). The product comes from a row's **Set** button or from the product picker: a name search over the
 * catalog's paged search (ten matches), then the variant when the product has them.
 */
export function SetStock({
  warehouseId,
  target,
  onTarget,
}: {
  warehouseId: string;
  target?: StockTarget;
  onTarget: (t: StockTarget | undefined) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [term, setTerm] = useState('');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; product?: string; reference?: string }>({});
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const listId = useId();

  useEffect(() => {
    if (target?.quantity !== undefined) setQuantity(String(target.quantity));
  }, [target]);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(name.trim()), 300);
    return () => clearTimeout(timer);
  }, [name]);
  const matches = useQuery({
    queryKey: ['stock-target', term],
    queryFn: () => gql(AdminStockTargetDocument, { search: term }),
    enabled: term.length > 0 && !target,
  });

  async function save(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(undefined);
    setSaved('');
    if (!target) return setErrors({ product: 'Choose a product first.' });
    if (!/^\d+$/.test(quantity.trim())) return setErrors({ quantity: 'A whole number, 0 or more.' });
    setBusy(true);
    try {
      await gql(AdminStockSetDocument, {
        warehouseId,
        input: {
          items: [
            {
              productId: target.productId,
              ...(target.variantId ? { variantId: target.variantId } : {}),
              quantity: Number(quantity),
              ...(note.trim() ? { reference: note.trim() } : {}),
            },
          ],
        },
      });
      setSaved(`Stock of ${target.label} set to ${quantity}.`);
      onTarget(undefined);
      setName('');
      setQuantity('');
      setNote('');
      await queryClient.invalidateQueries({ queryKey: ['stock-levels'] });
      await queryClient.invalidateQueries({ queryKey: ['stock-movements'] });
    } catch (error) {
      const placed: typeof errors = {};
      if (error instanceof ApiError && error.kind === 'api')
        for (const entry of error.entries) {
          const field = fieldOfPath(entry.field);
          const message = errorText(entry.code, entry.detail);
          if (field === 'quantity' || field === 'reference') placed[field] = message;
          else if (field === 'productId' || field === 'variantId') placed.product = message;
        }
      if (Object.keys(placed).length) setErrors(placed);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const items = matches.data?.products.items ?? [];
  return (
    <form onSubmit={save} noValidate className="max-w-xl space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">Set stock</h3>
      {target ? (
        <div className="flex items-center gap-3 text-sm">
          <span>
            Product: <strong>{target.label}</strong>
          </span>
          <Button variant="outline" onClick={() => onTarget(undefined)}>
            Change product
          </Button>
        </div>
      ) : (
        <>
          <Field
            label="Product"
            hint="Type part of the product's name, then choose it."
            value={name}
            error={errors.product}
            onChange={(e) => setName(e.target.value)}
            aria-controls={listId}
          />
          <ul id={listId} aria-label="Matching products" className="space-y-1">
            {items.flatMap((p) => {
              const label = p.translations.find((t) => t.locale === 'en')?.name ?? p.translations[0]?.name ?? p.id;
              const choices = p.hasVariants
                ? p.variants.map((v) => ({
                    variantId: v.id as string | null,
                    label: `${withVariant(label, v.title)} (${v.sku ?? v.id})`,
                  }))
                : [{ variantId: null, label: p.sku ? `${label} (${p.sku})` : label }];
              return choices.map((c) => (
                <li key={`${p.id}/${c.variantId ?? ''}`}>
                  <Button
                    variant="ghost"
                    onClick={() => onTarget({ productId: p.id, variantId: c.variantId, label: c.label })}
                  >
                    Choose {c.label}
                  </Button>
                </li>
              ));
            })}
            {term && matches.data && items.length === 0 && <li className="text-sm">No product matches.</li>}
          </ul>
        </>
      )}
      <Field
        label="Quantity"
        inputMode="numeric"
        value={quantity}
        error={errors.quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <Field
        label="Note"
        hint="Kept on the movement (e.g. “stock count”)."
        value={note}
        error={errors.reference}
        onChange={(e) => setNote(e.target.value)}
      />
      {failure !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {describeError(failure)}
        </p>
      )}
      <div aria-live="polite" className="text-sm text-green-800">
        {saved}
      </div>
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </form>
  );
}
