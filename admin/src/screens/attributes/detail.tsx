import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { ActionError, ErrorState } from '../../components/error-state';
import { OptionsEditor } from '../../components/options-editor';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  AdminAttributeDeleteDocument,
  AdminAttributeDocument,
  AdminAttributeOptionCreateDocument,
  AdminAttributeOptionDeleteDocument,
  AdminAttributeOptionUpdateDocument,
  AdminAttributeUpdateDocument,
} from '../../generated/graphql';
import { translatedName, withEnglish } from '../../lib/translations';
import { ATTRIBUTE_TYPES, AttributeForm, attributeInput, placeAttributeErrors } from './form';

const route = getRouteApi('/_app/attributes/$attributeId');

export function AttributeScreen() {
  const { attributeId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleteError, setDeleteError] = useState<unknown>();
  const query = useQuery({
    queryKey: ['attribute', attributeId],
    queryFn: () => gql(AdminAttributeDocument, { id: attributeId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const attribute = query.data.attribute;
  const name = translatedName(attribute.translations, attribute.identifier);
  const english = attribute.translations.find((t) => t.locale === 'en');
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['attribute', attributeId] });
    await queryClient.invalidateQueries({ queryKey: ['attributes'] });
  };

  async function remove() {
    setDeleteError(undefined);
    try {
      await gql(AdminAttributeDeleteDocument, { id: attributeId });
      await queryClient.invalidateQueries({ queryKey: ['attributes'] });
      await navigate({ to: '/attributes' });
    } catch (error) {
      setDeleteError(error);
    }
  }

  return (
    <>
      <CatalogNav />
      <p>
        <Link to="/attributes" className="text-sm text-blue-800 underline">
          Attributes
        </Link>
      </p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{name}</h1>
        {can('products.delete') && (
          <ConfirmDialog
            trigger={<Button variant="danger">Delete</Button>}
            title="Delete this attribute?"
            description={`“${name}”, its options and every product's value of it are deleted.`}
            confirmLabel="Delete"
            onConfirm={remove}
          />
        )}
      </div>
      <ActionError error={deleteError} />
      <AttributeForm
        key={attribute.id}
        followName={false}
        readOnly={!can('products.update')}
        initial={{
          name,
          identifier: attribute.identifier,
          type: ATTRIBUTE_TYPES.find((t) => t === attribute.type) ?? 'text',
          unit: attribute.unit ?? '',
          description: english?.description ?? '',
          required: attribute.required,
          filterable: attribute.filterable,
        }}
        onSave={async (values, setError) => {
          try {
            await gql(AdminAttributeUpdateDocument, {
              id: attributeId,
              input: attributeInput(values, attribute.translations, attribute.position),
            });
            await refresh();
            return { saved: true };
          } catch (error) {
            return placeAttributeErrors(error, setError);
          }
        }}
      />
      {(attribute.type === 'select' || attribute.type === 'multi_select') && (
        <OptionsEditor
          noun="option"
          options={attribute.options}
          canCreate={can('products.create')}
          canUpdate={can('products.update')}
          canDelete={can('products.delete')}
          onCreate={async (values) => {
            await gql(AdminAttributeOptionCreateDocument, {
              attributeId,
              input: { translations: [{ locale: 'en', name: values.name }] },
            });
            await refresh();
          }}
          onUpdate={async (optionId, values) => {
            const option = attribute.options.find((o) => o.id === optionId);
            await gql(AdminAttributeOptionUpdateDocument, {
              attributeId,
              optionId,
              input: {
                position: option?.position,
                translations: withEnglish(option?.translations ?? [], { name: values.name }),
              },
            });
            await refresh();
          }}
          onDelete={async (optionId) => {
            await gql(AdminAttributeOptionDeleteDocument, { attributeId, optionId });
            await refresh();
          }}
        />
      )}
    </>
  );
}
