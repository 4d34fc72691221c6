import { useNavigate } from '@tanstack/react-router';

import { useCan } from '../../api/session';
import { toMinor } from '../../lib/money';
import { DetailFrame } from '../../resource/detail-frame';
import { ProductForm } from './form';
import { products } from './resource';

export function NewProductScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const create = products.useCreate();
  return (
    <DetailFrame
      back={{ label: 'Products', to: '/products' }}
      title="New product"
      requires={{ permission: 'products.create', action: 'create products' }}
    >
      <ProductForm
        followName
        withStock
        readOnly={!can('products.create')}
        initial={{
          name: '',
          slug: '',
          price: '',
          sku: '',
          stock: '',
          taxRuleId: '',
          currency: 'EUR',
          active: true,
        }}
        onSave={async (values) => {
          const { id } = await create.mutateAsync({
            // Fields left empty are not sent (null means "clear" to the service, and a new product has nothing to clear).
            currency: values.currency,
            active: values.active,
            ...(values.price === '' ? {} : { priceGross: toMinor(values.price) }),
            ...(values.sku === '' ? {} : { sku: values.sku }),
            ...(values.stock === '' ? {} : { stock: Number(values.stock) }),
            ...(values.taxRuleId === '' ? {} : { taxRuleId: values.taxRuleId }),
            translations: [{ locale: 'en', name: values.name, slug: values.slug }],
          });
          await navigate({ to: '/products/$productId', params: { productId: id } });
        }}
      />
    </DetailFrame>
  );
}
