import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { Refusal } from '../../components/refusal';
import { AdminProductCreateDocument } from '../../generated/graphql';
import { applyServerErrors, ProductForm, toCents } from './form';

export function NewProductScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <p>
        <Link to="/products" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Products
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New product</h1>
      {!can('products.create') && <Refusal action="create products" />}
      <ProductForm
        followName
        withStock
        readOnly={!can('products.create')}
        initial={{ name: '', slug: '', price: '', sku: '', stock: '', currency: 'EUR', active: true }}
        onSave={async (values, setError) => {
          try {
            const { productCreate } = await gql(AdminProductCreateDocument, {
              // Fields left empty are not sent (null means "clear" to the service, and a new product has nothing to clear).
              input: {
                currency: values.currency,
                active: values.active,
                ...(values.price === '' ? {} : { priceGross: toCents(values.price) }),
                ...(values.sku === '' ? {} : { sku: values.sku }),
                ...(values.stock === '' ? {} : { stock: Number(values.stock) }),
                translations: [{ locale: 'en', name: values.name, slug: values.slug }],
              },
            });
            await queryClient.invalidateQueries({ queryKey: ['products'] });
            await navigate({ to: '/products/$productId', params: { productId: productCreate.id } });
            return { saved: true };
          } catch (error) {
            return applyServerErrors(error, setError);
          }
        }}
      />
    </>
  );
}
