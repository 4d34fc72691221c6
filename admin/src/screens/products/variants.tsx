import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Pager } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../components/ui/field';
import { Table, Td, Th } from '../../components/ui/table';
import {
  type AdminProductQuery,
  AdminProductStockDocument,
  AdminPropertyGroupsDocument,
  AdminStockSetDocument,
  AdminStockWarehousesDocument,
  AdminVariantCreateDocument,
  AdminVariantDeleteDocument,
  AdminVariantUpdateDocument,
} from '../../generated/graphql';
import { fromMinor, money, toMinor } from '../../lib/money';
import { translatedName } from '../../lib/translations';
import { keys } from '../../resource/keys';

type Product = AdminProductQuery['product'];
type Variant = Product['variants'][number];
type Warehouse = { id: string; name: string; code: string };

/** Rows rendered at once: a product with hundreds of variants shows its first page at once. */
const VARIANT_PAGE = 25;
const WAREHOUSE_LIMIT = 50;

/**
 * The stock the tab shows: the active warehouses and the product's quantities in them. Fresh for 10 s, so the
 * tab opened just after the product screen prefetched them draws without asking again.
 */
const STOCK_FRESH_MS = 10_000;
export const stockQueries = (productId: string) =>
  [
    queryOptions({
      // `of` keeps this picker's answer (another document) apart from the warehouses screen's lists.
      queryKey: keys.warehouses.list({ of: 'stock', active: true, limit: WAREHOUSE_LIMIT }),
      queryFn: () => gql(AdminStockWarehousesDocument, { active: true, limit: WAREHOUSE_LIMIT }),
      staleTime: STOCK_FRESH_MS,
    }),
    queryOptions({
      queryKey: keys.stockLevels.list({ of: 'product', productId }),
      queryFn: () => gql(AdminProductStockDocument, { productId }),
      staleTime: STOCK_FRESH_MS,
    }),
  ] as const;

const optionLabel = (v: Variant) =>
  v.options.map((o) => translatedName(o.translations)).join(' / ') || v.sku || 'Variant';

/**
 * Variants and stock: generate variants from chosen property options (one per combination), add a single one,
 * and per variant (or for the product itself when it has none) edit SKU and price and set the stock of each
 * warehouse. The table shows one page of variants at a time.
 */
export function VariantsPanel({ product, onSaved }: { product: Product; onSaved: () => Promise<void> }) {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [warehousesQuery, stockQuery] = stockQueries(product.id);
  const warehouses = useQuery({ ...warehousesQuery, enabled: can('inventory.read') });
  const stock = useQuery({ ...stockQuery, enabled: can('inventory.read') });
  const refresh = async () => {
    await stock.refetch();
    await onSaved();
  };
  if (warehouses.isError) return <ErrorState error={warehouses.error} onRetry={() => warehouses.refetch()} />;
  if (stock.isError) return <ErrorState error={stock.error} onRetry={() => stock.refetch()} />;
  const houses: Warehouse[] = warehouses.data?.warehouses.items ?? [];
  const entries = stock.data?.productStock ?? [];
  const quantity = (warehouseId: string, variantId: string | null) =>
    entries.find((e) => e.warehouseId === warehouseId && (e.variantId ?? null) === variantId)?.quantity ?? 0;
  const variants = [...product.variants].sort((a, b) => a.position - b.position);
  const pages = Math.max(1, Math.ceil(variants.length / VARIANT_PAGE));
  const shown = variants.slice((page - 1) * VARIANT_PAGE, page * VARIANT_PAGE);
  const rows = product.hasVariants ? shown : [null];

  return (
    <section className="space-y-6" aria-label="Variants and stock">
      {can('products.create') && <GenerateVariants productId={product.id} onSaved={refresh} />}
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">{product.hasVariants ? 'Variants' : 'Stock per warehouse'}</h2>
        {(warehouses.isPending || stock.isPending) && can('inventory.read') ? (
          <p>Loading…</p>
        ) : (
          <Table>
            <caption className="sr-only">{product.hasVariants ? 'Variants' : 'Stock per warehouse'}</caption>
            <thead>
              <tr>
                {product.hasVariants && <Th>Variant</Th>}
                {product.hasVariants && <Th>SKU</Th>}
                {product.hasVariants && <Th>Price</Th>}
                {houses.map((w) => (
                  <Th key={w.id}>Stock in {w.name}</Th>
                ))}
                <Th>Total</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((variant) => (
                <StockRow
                  key={variant?.id ?? 'product'}
                  product={product}
                  variant={variant}
                  warehouses={houses}
                  quantity={quantity}
                  onSaved={refresh}
                />
              ))}
              {product.hasVariants && variants.length === 0 && (
                <tr>
                  <Td colSpan={houses.length + 5}>No variants.</Td>
                </tr>
              )}
            </tbody>
          </Table>
        )}
        {product.hasVariants && variants.length > VARIANT_PAGE && (
          <Pager page={page} pages={pages} total={variants.length} onPage={setPage} />
        )}
      </div>
    </section>
  );
}

function StockRow({
  product,
  variant,
  warehouses,
  quantity,
  onSaved,
}: {
  product: Product;
  variant: Variant | null;
  warehouses: Warehouse[];
  quantity: (warehouseId: string, variantId: string | null) => number;
  onSaved: () => Promise<void>;
}) {
  const can = useCan();
  const name = variant ? optionLabel(variant) : translatedName(product.translations, 'product');
  const variantId = variant?.id ?? null;
  const [sku, setSku] = useState(variant?.sku ?? '');
  const [price, setPrice] = useState(fromMinor(variant?.priceGross));
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const canEditVariant = !!variant && can('products.update');
  const canStock = can('inventory.update');
  const changedStock = warehouses.filter(
    (w) => counts[w.id] !== undefined && counts[w.id] !== String(quantity(w.id, variantId)),
  );
  const variantChanged = !!variant && (sku !== (variant.sku ?? '') || price !== fromMinor(variant.priceGross));
  const validCounts = changedStock.every((w) => /^-?\d+$/.test(counts[w.id].trim()));
  const validPrice = /^(\d+([.,]\d{1,2})?)?$/.test(price.trim());

  async function save() {
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      if (variant && variantChanged)
        await gql(AdminVariantUpdateDocument, {
          productId: product.id,
          variantId: variant.id,
          input: { sku: sku.trim() || null, priceGross: toMinor(price.trim()) },
        });
      for (const w of changedStock)
        await gql(AdminStockSetDocument, {
          warehouseId: w.id,
          input: {
            items: [{ productId: product.id, variantId, quantity: Number(counts[w.id]), reference: 'admin' }],
          },
        });
      setCounts({});
      setSaved(true);
      await onSaved();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      {variant && <Td>{name}</Td>}
      {variant && (
        <Td>
          {canEditVariant ? (
            <input
              aria-label={`SKU of ${name}`}
              className={inputClass}
              value={sku}
              disabled={busy}
              onChange={(e) => setSku(e.target.value)}
            />
          ) : (
            (variant.sku ?? '—')
          )}
        </Td>
      )}
      {variant && (
        <Td>
          {canEditVariant ? (
            <input
              aria-label={`Price of ${name}`}
              inputMode="decimal"
              className={inputClass}
              value={price}
              disabled={busy}
              aria-invalid={validPrice ? undefined : true}
              onChange={(e) => setPrice(e.target.value)}
            />
          ) : (
            money(variant.priceGross, product.currency)
          )}
        </Td>
      )}
      {warehouses.map((w) => (
        <Td key={w.id}>
          {canStock ? (
            <input
              aria-label={`Stock of ${name} in ${w.name}`}
              inputMode="numeric"
              className={`${inputClass} w-24`}
              value={counts[w.id] ?? String(quantity(w.id, variantId))}
              disabled={busy}
              onChange={(e) => setCounts((c) => ({ ...c, [w.id]: e.target.value }))}
            />
          ) : (
            quantity(w.id, variantId)
          )}
        </Td>
      ))}
      <Td>{variant ? variant.stock : product.stock}</Td>
      <Td>
        <div className="flex flex-wrap items-center gap-2">
          {(canEditVariant || canStock) && (
            <Button
              variant="outline"
              aria-label={`Save ${name}`}
              disabled={busy || !(variantChanged || changedStock.length) || !validCounts || !validPrice}
              onClick={save}
            >
              Save
            </Button>
          )}
          {variant && can('products.delete') && (
            <ConfirmDialog
              trigger={
                <Button variant="danger" aria-label={`Delete ${name}`} disabled={busy}>
                  Delete
                </Button>
              }
              title={`Delete the variant “${name}”?`}
              description="Its stock entries go with it. Orders keep their lines."
              confirmLabel="Delete"
              onConfirm={async () => {
                setError(undefined);
                try {
                  await gql(AdminVariantDeleteDocument, { productId: product.id, variantId: variant.id });
                  await onSaved();
                } catch (e) {
                  setError(e);
                }
              }}
            />
          )}
          <span aria-live="polite" className="text-sm text-green-800">
            {saved ? 'Saved.' : ''}
          </span>
        </div>
        <ActionError error={error} />
      </Td>
    </tr>
  );
}

/**
 * One variant per combination of the options chosen in each property group (the API's `optionGroups`: at most 500
 * combinations), or a single variant. A base SKU gets `-1`, `-2`… suffixes.
 */
function GenerateVariants({ productId, onSaved }: { productId: string; onSaved: () => Promise<void> }) {
  // The same answer as the property groups screen's list (under the same key): the groups themselves.
  const groups = useQuery({
    queryKey: keys.propertyGroups.list({}),
    queryFn: () => gql(AdminPropertyGroupsDocument).then((d) => d.propertyGroups),
  });
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [sku, setSku] = useState('');
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState('');
  const axes = Object.values(chosen).filter((ids) => ids.length > 0);
  const count = axes.length ? axes.reduce((n, ids) => n * ids.length, 1) : 0;
  const validPrice = /^(\d+([.,]\d{1,2})?)?$/.test(price.trim());

  async function create(generate: boolean) {
    setBusy(true);
    setError(undefined);
    setNotice('');
    try {
      const { productVariantCreate } = await gql(AdminVariantCreateDocument, {
        productId,
        input: {
          ...(generate ? { optionGroups: axes } : {}),
          ...(sku.trim() ? { sku: sku.trim() } : {}),
          ...(price.trim() ? { priceGross: toMinor(price.trim()) } : {}),
        },
      });
      const n = productVariantCreate.variants.length;
      setNotice(`Created ${n} ${n === 1 ? 'variant' : 'variants'}.`);
      setChosen({});
      setSku('');
      setPrice('');
      await onSaved();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="max-w-3xl rounded-md border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold">Add variants</summary>
      <div className="mt-4 space-y-4">
        {groups.isError && <ErrorState error={groups.error} onRetry={() => groups.refetch()} />}
        {groups.data?.length === 0 && (
          <p className="text-sm">
            No property groups yet (Categories → Property groups) — a single variant can still be added.
          </p>
        )}
        {groups.data?.map((g) => (
          <fieldset key={g.id} className="space-y-1">
            <legend className="text-sm font-medium">{translatedName(g.translations, g.identifier)}</legend>
            <div className="flex flex-wrap gap-3">
              {g.options.map((o) => {
                const id = `gen-${o.id}`;
                const ids = chosen[g.id] ?? [];
                return (
                  <div key={o.id} className="flex items-center gap-1">
                    <input
                      id={id}
                      type="checkbox"
                      checked={ids.includes(o.id)}
                      onChange={(e) =>
                        setChosen({
                          ...chosen,
                          [g.id]: e.target.checked ? [...ids, o.id] : ids.filter((x) => x !== o.id),
                        })
                      }
                    />
                    <label htmlFor={id} className="text-sm">
                      {translatedName(o.translations)}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-4">
          <Field label="Base SKU (optional)" value={sku} onChange={(e) => setSku(e.target.value)} />
          <Field
            label="Variant price (optional)"
            inputMode="decimal"
            value={price}
            error={validPrice ? undefined : 'A price such as 19.90.'}
            onChange={(e) => setPrice(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy || count === 0 || count > 500 || !validPrice} onClick={() => create(true)}>
            {count > 0 ? `Generate ${count} ${count === 1 ? 'variant' : 'variants'}` : 'Generate variants'}
          </Button>
          <Button variant="outline" disabled={busy || !validPrice} onClick={() => create(false)}>
            Add a single variant
          </Button>
        </div>
        {count > 500 && <p className="text-sm text-red-700">At most 500 combinations at once.</p>}
        <div aria-live="polite" className="text-sm text-green-800">
          {notice}
        </div>
        <ActionError error={error} />
      </div>
    </details>
  );
}
