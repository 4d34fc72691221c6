import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { AdminTagDeleteDocument, AdminTagDocument, AdminTagUpdateDocument } from '../../generated/graphql';
import { placeTagErrors, TagForm } from './form';

const route = getRouteApi('/_app/tags/$tagId');

export function TagScreen() {
  const { tagId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleteError, setDeleteError] = useState<unknown>();
  const query = useQuery({ queryKey: ['tag', tagId], queryFn: () => gql(AdminTagDocument, { id: tagId }) });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const tag = query.data.tag;

  async function remove() {
    setDeleteError(undefined);
    try {
      await gql(AdminTagDeleteDocument, { id: tagId });
      await queryClient.invalidateQueries({ queryKey: ['tags'] });
      await navigate({ to: '/tags', search: { page: 1 } });
    } catch (error) {
      setDeleteError(error);
    }
  }

  return (
    <>
      <CatalogNav />
      <p>
        <Link to="/tags" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Tags
        </Link>
      </p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{tag.name}</h1>
        {can('tags.delete') && (
          <ConfirmDialog
            trigger={<Button variant="danger">Delete</Button>}
            title="Delete this tag?"
            description={`“${tag.name}” is deleted and removed from its products.`}
            confirmLabel="Delete"
            onConfirm={remove}
          />
        )}
      </div>
      <ActionError error={deleteError} />
      <TagForm
        key={tag.id}
        readOnly={!can('tags.update')}
        initial={{ name: tag.name, slug: tag.slug }}
        onSave={async (values, setError) => {
          try {
            await gql(AdminTagUpdateDocument, {
              id: tagId,
              input: { name: values.name, ...(values.slug ? { slug: values.slug } : {}) },
            });
            await queryClient.invalidateQueries({ queryKey: ['tags'] });
            await queryClient.invalidateQueries({ queryKey: ['tag', tagId] });
            return { saved: true };
          } catch (error) {
            return placeTagErrors(error, setError);
          }
        }}
      />
    </>
  );
}
