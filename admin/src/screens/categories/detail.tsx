import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  AdminCategoryDeleteDocument,
  AdminCategoryDocument,
  AdminCategoryUpdateDocument,
} from '../../generated/graphql';
import { applyCategoryErrors, CategoryForm } from './form';
import { CategoryLevel } from './tree';

const route = getRouteApi('/_app/categories/$categoryId');

/** One category: edit its name, slug and visibility; its subcategories; delete (refused while it has any). */
export function CategoryScreen() {
  const { categoryId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['category', categoryId],
    queryFn: () => gql(AdminCategoryDocument, { id: categoryId }),
  });
  const remove = useMutation({
    mutationFn: () => gql(AdminCategoryDeleteDocument, { id: categoryId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
      await navigate({ to: '/categories' });
    },
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const category = query.data.category;
  const translation = category.translations.find((t) => t.locale === 'en') ?? category.translations[0];

  return (
    <>
      <p>
        <Link to="/categories" className="text-sm text-blue-800 underline">
          Categories
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{category.name}</h1>
        <div className="flex gap-2">
          {can('categories.create') && (
            <Button variant="outline" asChild>
              <Link to="/categories/new" search={{ parent: category.id }}>
                New subcategory
              </Link>
            </Button>
          )}
          {can('categories.delete') && (
            <ConfirmDialog
              trigger={<Button variant="danger">Delete</Button>}
              title="Delete this category?"
              description={`“${category.name}” is deleted; its products stay, without it.`}
              confirmLabel="Delete"
              onConfirm={() => remove.mutate()}
            />
          )}
        </div>
      </div>
      <ActionError error={remove.error} />
      <CategoryForm
        key={category.id}
        followName={false}
        readOnly={!can('categories.update')}
        initial={{ name: translation?.name ?? '', slug: translation?.slug ?? '', active: category.active }}
        onSave={async (values, setError) => {
          try {
            await gql(AdminCategoryUpdateDocument, {
              id: categoryId,
              input: {
                active: values.active,
                translations: [
                  {
                    locale: translation?.locale ?? 'en',
                    name: values.name,
                    slug: values.slug,
                    ...(translation?.description ? { description: translation.description } : {}),
                  },
                ],
              },
            });
            await queryClient.invalidateQueries({ queryKey: ['categories'] });
            await queryClient.invalidateQueries({ queryKey: ['category', categoryId] });
            return { saved: true };
          } catch (error) {
            return { saved: false, error: applyCategoryErrors(error, setError) };
          }
        }}
      />
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Subcategories</h2>
        <CategoryLevel parentId={category.id} />
      </section>
    </>
  );
}
