import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { AdminCategoryCreateDocument, AdminCategoryDocument } from '../../generated/graphql';
import { applyCategoryErrors, CategoryForm } from './form';

const route = getRouteApi('/_app/categories/new');

/** A new category, at the top level or under `?parent=<id>` (the "New subcategory" link of a category). */
export function NewCategoryScreen() {
  const { parent } = route.useSearch();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const parentQuery = useQuery({
    queryKey: ['category', parent],
    queryFn: () => gql(AdminCategoryDocument, { id: parent! }),
    enabled: !!parent,
  });
  return (
    <>
      <p>
        <Link to="/categories" className="text-sm text-blue-800 underline">
          Categories
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New category</h1>
      {parent && <p className="text-sm">Under: {parentQuery.data?.category.name ?? '…'}</p>}
      <CategoryForm
        followName
        readOnly={!can('categories.create')}
        initial={{ name: '', slug: '', active: true }}
        onSave={async (values, setError) => {
          try {
            const { categoryCreate } = await gql(AdminCategoryCreateDocument, {
              input: {
                active: values.active,
                ...(parent ? { parentId: parent } : {}),
                translations: [{ locale: 'en', name: values.name, slug: values.slug }],
              },
            });
            await queryClient.invalidateQueries({ queryKey: ['categories'] });
            await navigate({ to: '/categories/$categoryId', params: { categoryId: categoryCreate.id } });
            return { saved: true };
          } catch (error) {
            return { saved: false, error: applyCategoryErrors(error, setError) };
          }
        }}
      />
    </>
  );
}
