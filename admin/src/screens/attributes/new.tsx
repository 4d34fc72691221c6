import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { Refusal } from '../../components/refusal';
import { AdminAttributeCreateDocument } from '../../generated/graphql';
import { AttributeForm, attributeInput, placeAttributeErrors } from './form';

export function NewAttributeScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <CatalogNav />
      <p>
        <Link to="/attributes" className="text-sm text-blue-800 underline">
          Attributes
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New attribute</h1>
      {!can('products.create') && <Refusal action="create attributes" />}
      <AttributeForm
        followName
        readOnly={!can('products.create')}
        initial={{
          name: '',
          identifier: '',
          type: 'text',
          unit: '',
          description: '',
          required: false,
          filterable: false,
        }}
        onSave={async (values, setError) => {
          try {
            const { attributeCreate } = await gql(AdminAttributeCreateDocument, { input: attributeInput(values) });
            await queryClient.invalidateQueries({ queryKey: ['attributes'] });
            await navigate({ to: '/attributes/$attributeId', params: { attributeId: attributeCreate.id } });
            return { saved: true };
          } catch (error) {
            return placeAttributeErrors(error, setError);
          }
        }}
      />
    </>
  );
}
