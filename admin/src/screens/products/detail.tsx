import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { useCan } from '../../api/session';
import { Tabs } from '../../components/tabs';
import { ExtensionSlot } from '../../extensions/extension-slot';
import type { AdminProductQuery } from '../../generated/graphql';
import { fromMinor, toMinor } from '../../lib/money';
import { DetailFrame, Loaded } from '../../resource/detail-frame';
import { keys } from '../../resource/keys';
import { invalidate } from '../../resource/resource';
import { AttributesPanel } from './attributes';
import { ProductForm } from './form';
import { MediaPanel } from './media';
import { productName } from './names';
import { RelationsPanel } from './relations';
import { products } from './resource';
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
type Product = AdminProductQuery['product'];

export function ProductScreen() {
  const { productId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = products.useDetail(productId);
  const remove = products.useRemove(productId);
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

  return (
    <Loaded query={query}>
      {(product) => (
        <DetailFrame
          back={{ label: 'Products', to: '/products' }}
          title={productName(product)}
          remove={{
            permission: 'products.delete',
            what: 'this product',
            description: `“${productName(product)}” and its variants are deleted. Orders keep their lines.`,
            run: async () => {
              await remove.mutateAsync();
              await navigate({ to: '/products', search: { page: 1 } });
            },
          }}
        >
          <p className="text-sm">
            In stock: <strong>{product.stock}</strong> (all active warehouses)
          </p>
          <Sections
            product={product}
            refresh={() => invalidate(queryClient, [keys.products.all, keys.stockLevels.all])}
          />
          <ExtensionSlot slot="admin:product:detail" entityId={productId} />
        </DetailFrame>
      )}
    </Loaded>
  );
}

/** The tabs; each panel saves its own part and then refreshes the product. */
function Sections({ product, refresh }: { product: Product; refresh: () => Promise<void> }) {
  const can = useCan();
  const [section, setSection] = useState<Section>('general');
  const update = products.useUpdate(product.id);
  const translation = product.translations.find((t) => t.locale === 'en') ?? product.translations[0];
  return (
    <Tabs label="Product sections" tabs={SECTIONS} selected={section} onSelect={(id) => setSection(id as Section)}>
      {section === 'general' && (
        <ProductForm
          key={product.id}
          followName={false}
          readOnly={!can('products.update')}
          hasVariants={product.hasVariants}
          initial={{
            name: translation?.name ?? '',
            slug: translation?.slug ?? '',
            price: fromMinor(product.priceGross),
            sku: product.sku ?? '',
            stock: String(product.stock),
            taxRuleId: product.taxRuleId ?? '',
            currency: product.currency,
            active: product.active,
          }}
          onSave={(values) =>
            update.mutateAsync({
              active: values.active,
              currency: values.currency,
              taxRuleId: values.taxRuleId || null,
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
              ...(product.hasVariants ? {} : { priceGross: toMinor(values.price), sku: values.sku || null }),
            })
          }
        />
      )}
      {section === 'translations' && (
        <TranslationsPanel
          productId={product.id}
          translations={product.translations}
          readOnly={!can('products.update')}
          onSaved={refresh}
        />
      )}
      {section === 'relations' && (
        <RelationsPanel
          key={product.updatedAt}
          productId={product.id}
          categories={product.categories}
          tags={product.tags}
          readOnly={!can('products.update')}
          onSaved={refresh}
        />
      )}
      {section === 'attributes' && (
        <AttributesPanel
          productId={product.id}
          values={product.attributes}
          readOnly={!can('products.update')}
          onSaved={refresh}
        />
      )}
      {section === 'variants' && <VariantsPanel product={product} onSaved={refresh} />}
      {section === 'media' && (
        <MediaPanel
          productId={product.id}
          media={product.media}
          canUpdate={can('products.update')}
          canUpload={can('media.create')}
          canDelete={can('media.delete')}
          onSaved={refresh}
        />
      )}
    </Tabs>
  );
}
