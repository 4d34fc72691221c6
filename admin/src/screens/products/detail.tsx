import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Tabs } from '../../components/tabs';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ExtensionSlot } from '../../extensions/extension-slot';
import { AdminProductDeleteDocument, AdminProductDocument, AdminProductUpdateDocument } from '../../generated/graphql';
import { AttributesPanel } from './attributes';
import { applyServerErrors, ProductForm, toCents, toPrice } from './form';
import { MediaPanel } from './media';
import { productName } from './names';
import { RelationsPanel } from './relations';
import { TranslationsPanel } from './translations';
import { stockQueries, VariantsPanel } from './variants';

const route = getRouteApi('/_app/products/$productId');

/** The product's sections, one at a time (each has its own Save; only the shown one's fields are on the page). */
const SECTIONS = [
  { id: 'general', label: 'General' },
  { id: 'translations', label: 'Translations' },
  { id: 'relations', label: 'Categories and tags' },
  { id: 'attributes', label: 'Attributes' },
  { id: 'variants', label: 'Variants and stock' },
  { id: 'media', label: 'Media' },
] as const;
type Section = (typeof SECTIONS)[number]['id'];

export function ProductScreen() {
  const { productId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleteError, setDeleteError] = useState<unknown>();
  const [section, setSection] = useState<Section>('general');
  const query = useQuery({
    queryKey: ['product', productId],
    queryFn: () => gql(AdminProductDocument, { id: productId }),
  });
  // The Variants and stock tab's data is fetched once the product has arrived (not competing with it), so the
  // tab draws its table when opened instead of starting two requests then.
  const loaded = query.data !== undefined;
  const readsStock = can('inventory.read');
  useEffect(() => {
    if (!loaded || !readsStock) return;
    const [warehouses, stock] = stockQueries(productId);
    void queryClient.prefetchQuery(warehouses);
    void queryClient.prefetchQuery(stock);
  }, [loaded, readsStock, productId, queryClient]);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const product = query.data.product;
  const translation = product.translations.find((t) => t.locale === 'en') ?? product.translations[0];
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['products'] });
    await queryClient.invalidateQueries({ queryKey: ['product', productId] });
  };

  async function remove() {
    setDeleteError(undefined);
    try {
      await gql(AdminProductDeleteDocument, { id: productId });
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      await navigate({ to: '/products', search: { page: 1 } });
    } catch (error) {
      setDeleteError(error);
    }
  }

  return (
    <>
      <p>
        <Link to="/products" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Products
        </Link>
      </p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{productName(product)}</h1>
        {can('products.delete') && (
          <ConfirmDialog
            trigger={<Button variant="danger">Delete</Button>}
            title="Delete this product?"
            description={`“${productName(product)}” and its variants are deleted. Orders keep their lines.`}
            confirmLabel="Delete"
            onConfirm={remove}
          />
        )}
      </div>
      <ActionError error={deleteError} />
      <p className="text-sm">
        In stock: <strong>{product.stock}</strong> (all active warehouses)
      </p>
      <Tabs label="Product sections" tabs={SECTIONS} selected={section} onSelect={(id) => setSection(id as Section)}>
        {section === 'general' && (
          <>
            <ProductForm
              key={product.id}
              followName={false}
              readOnly={!can('products.update')}
              hasVariants={product.hasVariants}
              initial={{
                name: translation?.name ?? '',
                slug: translation?.slug ?? '',
                price: toPrice(product.priceGross),
                sku: product.sku ?? '',
                stock: String(product.stock),
                currency: product.currency,
                active: product.active,
              }}
              onSave={async (values, setError) => {
                try {
                  await gql(AdminProductUpdateDocument, {
                    id: productId,
                    input: {
                      active: values.active,
                      currency: values.currency,
                      translations: [
                        {
                          locale: translation?.locale ?? 'en',
                          name: values.name,
                          slug: values.slug,
                          ...(translation?.description ? { description: translation.description } : {}),
                          ...(translation?.metaTitle ? { metaTitle: translation.metaTitle } : {}),
                          ...(translation?.metaDescription ? { metaDescription: translation.metaDescription } : {}),
                        },
                      ],
                      ...(product.hasVariants
                        ? {}
                        : {
                            priceGross: toCents(values.price),
                            sku: values.sku || null,
                          }),
                    },
                  });
                  await refresh();
                  return { saved: true };
                } catch (error) {
                  return applyServerErrors(error, setError);
                }
              }}
            />
          </>
        )}
        {section === 'translations' && (
          <TranslationsPanel
            productId={productId}
            translations={product.translations}
            readOnly={!can('products.update')}
            onSaved={refresh}
          />
        )}
        {section === 'relations' && (
          <RelationsPanel
            key={product.updatedAt}
            productId={productId}
            categories={product.categories}
            tags={product.tags}
            readOnly={!can('products.update')}
            onSaved={refresh}
          />
        )}
        {section === 'attributes' && (
          <AttributesPanel
            productId={productId}
            values={product.attributes}
            readOnly={!can('products.update')}
            onSaved={refresh}
          />
        )}
        {section === 'variants' && <VariantsPanel product={product} onSaved={refresh} />}
        {section === 'media' && (
          <MediaPanel
            productId={productId}
            media={product.media}
            canUpdate={can('products.update')}
            canUpload={can('media.create')}
            canDelete={can('media.delete')}
            onSaved={refresh}
          />
        )}
      </Tabs>
      <ExtensionSlot slot="admin:product:detail" entityId={productId} />
    </>
  );
}
