import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { Refusal } from '../../components/refusal';
import { AdminPropertyGroupCreateDocument } from '../../generated/graphql';
import { placeGroupErrors, PropertyGroupForm } from './form';

export function NewPropertyGroupScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <CatalogNav />
      <p>
        <Link to="/properties" className="text-sm text-blue-800 underline">
          Property groups
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New property group</h1>
      {!can('products.create') && <Refusal action="create property groups" />}
      <PropertyGroupForm
        followName
        readOnly={!can('products.create')}
        initial={{ name: '', identifier: '' }}
        onSave={async (values, setError) => {
          try {
            const { propertyGroupCreate } = await gql(AdminPropertyGroupCreateDocument, {
              input: { identifier: values.identifier, translations: [{ locale: 'en', name: values.name }] },
            });
            await queryClient.invalidateQueries({ queryKey: ['propertyGroups'] });
            await navigate({ to: '/properties/$groupId', params: { groupId: propertyGroupCreate.id } });
            return { saved: true };
          } catch (error) {
            return placeGroupErrors(error, setError);
          }
        }}
      />
    </>
  );
}
