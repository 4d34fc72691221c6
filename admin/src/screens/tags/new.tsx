import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { AdminTagCreateDocument } from '../../generated/graphql';
import { placeTagErrors, TagForm } from './form';

export function NewTagScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <CatalogNav />
      <p>
        <Link to="/tags" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Tags
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New tag</h1>
      {!can('tags.create') && <p>You do not have the permission to create tags.</p>}
      <TagForm
        readOnly={!can('tags.create')}
        slugHint="Leave empty to derive it from the name."
        initial={{ name: '', slug: '' }}
        onSave={async (values, setError) => {
          try {
            const { tagCreate } = await gql(AdminTagCreateDocument, {
              input: { name: values.name, ...(values.slug ? { slug: values.slug } : {}) },
            });
            await queryClient.invalidateQueries({ queryKey: ['tags'] });
            await navigate({ to: '/tags/$tagId', params: { tagId: tagCreate.id } });
            return { saved: true };
          } catch (error) {
            return placeTagErrors(error, setError);
          }
        }}
      />
    </>
  );
}
