import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Table, Td, Th } from '../../components/ui/table';
import { AdminProductDeleteDocument, AdminProductDocument, AdminProductUpdateDocument } from '../../generated/graphql';
import { money } from '../../lib/format';
import { ProductForm, applyServerErrors, toCents, toPrice } from './form';
import { productName } from './names';

const route = getRouteApi('/_app/products/$productId');

export function ProductScreen() {
  const { productId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleteError, setDeleteError] = useState<unknown>();
  const query = useQuery({
    queryKey: ['product', productId],
    queryFn: () => gql(AdminProductDocument, { id: productId }),
  });

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const product = query.data.product;
  const translation = product.translations.find((t) => t.locale === 'en') ?? product.translations[0];

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
            await queryClient.invalidateQueries({ queryKey: ['products'] });
            await queryClient.invalidateQueries({ queryKey: ['product', productId] });
            return { saved: true };
          } catch (error) {
            return applyServerErrors(error, setError);
          }
        }}
      />
      {product.hasVariants && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Variants</h2>
          <Table>
            <thead>
              <tr>
                <Th>SKU</Th>
                <Th>Price</Th>
                <Th>Stock</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody>
              {product.variants.map((v) => (
                <tr key={v.id}>
                  <Td>{v.sku ?? '—'}</Td>
                  <Td>{money(v.priceGross, product.currency)}</Td>
                  <Td>{v.stock}</Td>
                  <Td>{v.active ? 'Active' : 'Inactive'}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </>
  );
}
