import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { ActionError, ErrorState } from '../../components/error-state';
import { OptionsEditor, type OptionValues } from '../../components/options-editor';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  AdminPropertyGroupDeleteDocument,
  AdminPropertyGroupDocument,
  AdminPropertyGroupUpdateDocument,
  AdminPropertyOptionCreateDocument,
  AdminPropertyOptionDeleteDocument,
  AdminPropertyOptionUpdateDocument,
} from '../../generated/graphql';
import { translatedName, withEnglish } from '../../lib/translations';
import { placeGroupErrors, PropertyGroupForm } from './form';

const route = getRouteApi('/_app/properties/$groupId');

export function PropertyGroupScreen() {
  const { groupId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleteError, setDeleteError] = useState<unknown>();
  const query = useQuery({
    queryKey: ['propertyGroup', groupId],
    queryFn: () => gql(AdminPropertyGroupDocument, { id: groupId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const group = query.data.propertyGroup;
  const name = translatedName(group.translations, group.identifier);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['propertyGroup', groupId] });
    await queryClient.invalidateQueries({ queryKey: ['propertyGroups'] });
  };
  const optionInput = (values: OptionValues, translations: ReadonlyArray<{ locale: string; name: string }> = []) => ({
    translations: withEnglish(translations, { name: values.name }),
    ...(values.colorHex ? { colorHex: values.colorHex } : {}),
  });

  async function remove() {
    setDeleteError(undefined);
    try {
      await gql(AdminPropertyGroupDeleteDocument, { id: groupId });
      await queryClient.invalidateQueries({ queryKey: ['propertyGroups'] });
      await navigate({ to: '/properties' });
    } catch (error) {
      setDeleteError(error);
    }
  }

  return (
    <>
      <CatalogNav />
      <p>
        <Link to="/properties" className="text-sm text-blue-800 underline">
          Property groups
        </Link>
      </p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{name}</h1>
        {can('products.delete') && (
          <ConfirmDialog
            trigger={<Button variant="danger">Delete</Button>}
            title="Delete this property group?"
            description={`“${name}” and its options are deleted.`}
            confirmLabel="Delete"
            onConfirm={remove}
          />
        )}
      </div>
      <ActionError error={deleteError} />
      <PropertyGroupForm
        key={group.id}
        followName={false}
        readOnly={!can('products.update')}
        initial={{ name, identifier: group.identifier }}
        onSave={async (values, setError) => {
          try {
            await gql(AdminPropertyGroupUpdateDocument, {
              id: groupId,
              input: {
                identifier: values.identifier,
                position: group.position,
                translations: withEnglish(group.translations, { name: values.name }),
              },
            });
            await refresh();
            return { saved: true };
          } catch (error) {
            return placeGroupErrors(error, setError);
          }
        }}
      />
      <OptionsEditor
        noun="option"
        withColour
        options={group.options}
        canCreate={can('products.create')}
        canUpdate={can('products.update')}
        canDelete={can('products.delete')}
        onCreate={async (values) => {
          await gql(AdminPropertyOptionCreateDocument, { groupId, input: optionInput(values) });
          await refresh();
        }}
        onUpdate={async (optionId, values) => {
          const option = group.options.find((o) => o.id === optionId);
          await gql(AdminPropertyOptionUpdateDocument, {
            groupId,
            optionId,
            input: { ...optionInput(values, option?.translations), position: option?.position },
          });
          await refresh();
        }}
        onDelete={async (optionId) => {
          await gql(AdminPropertyOptionDeleteDocument, { groupId, optionId });
          await refresh();
        }}
      />
    </>
  );
}
