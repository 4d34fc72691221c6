import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { Button } from '../../components/ui/button';
import {
  AdminCategoriesDocument,
  AdminCategoryCreateDocument,
  AdminCategoryDeleteDocument,
  AdminCategoryDocument,
  AdminCategoryPickDocument,
  type AdminCategoryQuery,
  AdminCategoryUpdateDocument,
} from '../../generated/graphql';
import { englishOf } from '../../lib/translations';
import { z } from '../../lib/zod';
import { DetailFrame, Loaded, PageHeader } from '../../resource/detail-frame';
import type { FieldSpec } from '../../resource/fields';
import { ResourceForm } from '../../resource/form';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';
import { nameField, slugRule } from '../properties/shared';
import { CategoryLevel } from './tree';

/**
 * The category tree: the roots first, each level opened on demand, siblings moved up and down in place; a
 * category's screen edits its name, slug, visibility and parent (moving it, with its subtree, under another
 * category or to the top), lists its subcategories and deletes it (refused while it has any).
 */

type Category = AdminCategoryQuery['category'];

export const categories = defineResource({
  keys: keys.categories,
  list: AdminCategoriesDocument,
  detail: AdminCategoryDocument,
  create: AdminCategoryCreateDocument,
  update: AdminCategoryUpdateDocument,
  remove: AdminCategoryDeleteDocument,
  // Products list their categories.
  invalidates: [keys.products.all],
});

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: slugRule,
  /** The parent's id; empty for the top level. */
  parentId: z.string(),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;

/** The categories a category can be moved under (the first 100 by name search); `undefined` while they load. */
function useParentOptions(self: string | undefined) {
  const variables = { limit: 100 };
  const pick = useQuery({
    queryKey: keys.categories.list({ of: 'pick', ...variables }),
    queryFn: () => gql(AdminCategoryPickDocument, variables).then((d) => d.categories.items),
  });
  if (!pick.data && !pick.isError) return undefined;
  return [
    { value: '', label: '(top level)' },
    ...(pick.data ?? []).filter((c) => c.id !== self).map((c) => ({ value: c.id, label: c.name })),
  ];
}

/** Name, Slug (following the name on a new one), Parent on an existing one, Active. */
function CategoryForm(props: {
  category?: Category;
  initial: Values;
  readOnly: boolean;
  onSave: (values: Values) => Promise<unknown>;
}) {
  const parents = useParentOptions(props.category?.id);
  if (props.category && !parents) return <p>Loading…</p>;
  const fields: FieldSpec<Values>[] = [
    nameField<Values>('slug', !props.category),
    { name: 'slug', label: 'Slug', hint: "Used in the shop's URLs." },
    ...(props.category && parents
      ? [
          {
            name: 'parentId',
            label: 'Parent',
            kind: 'select',
            options: parents,
            hint: 'Moves the category with its subcategories.',
          } as const,
        ]
      : []),
    { name: 'active', label: 'Active (visible in the shop)', kind: 'checkbox' },
  ];
  return (
    <ResourceForm
      schema={schema}
      initial={props.initial}
      fields={fields}
      readOnly={props.readOnly}
      onSave={props.onSave}
    />
  );
}

/** The tree's roots. */
export function CategoriesScreen() {
  const can = useCan();
  return (
    <>
      <CatalogNav />
      <PageHeader
        title="Categories"
        actions={
          can('categories.create') && (
            <Button asChild>
              <Link to="/categories/new">New category</Link>
            </Button>
          )
        }
      />
      <CategoryLevel />
    </>
  );
}

const newRoute = getRouteApi('/_app/categories/new');

/** A new category, at the top level or under `?parent=<id>` (the "New subcategory" link of a category). */
export function NewCategoryScreen() {
  const { parent } = newRoute.useSearch();
  const can = useCan();
  const navigate = useNavigate();
  const create = categories.useCreate();
  const parentQuery = useQuery({
    queryKey: keys.categories.detail(parent ?? ''),
    queryFn: () => gql(AdminCategoryDocument, { id: parent! }).then((d) => d.category),
    enabled: !!parent,
  });
  return (
    <DetailFrame
      back={{ label: 'Categories', to: '/categories' }}
      title="New category"
      requires={{ permission: 'categories.create', action: 'create categories' }}
    >
      {parent && <p className="text-sm">Under: {parentQuery.data?.name ?? '…'}</p>}
      <CategoryForm
        readOnly={!can('categories.create')}
        initial={{ name: '', slug: '', parentId: parent ?? '', active: true }}
        onSave={async (values) => {
          const { id } = await create.mutateAsync({
            active: values.active,
            ...(parent ? { parentId: parent } : {}),
            translations: [{ locale: 'en', name: values.name, slug: values.slug }],
          });
          await navigate({ to: '/categories/$categoryId', params: { categoryId: id } });
        }}
      />
    </DetailFrame>
  );
}

const detailRoute = getRouteApi('/_app/categories/$categoryId');

export function CategoryScreen() {
  const { categoryId } = detailRoute.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const query = categories.useDetail(categoryId);
  const update = categories.useUpdate(categoryId);
  const remove = categories.useRemove(categoryId);
  return (
    <Loaded query={query}>
      {(category) => {
        const translation = englishOf(category.translations);
        return (
          <DetailFrame
            back={{ label: 'Categories', to: '/categories' }}
            title={category.name}
            actions={
              can('categories.create') && (
                <Button variant="outline" asChild>
                  <Link to="/categories/new" search={{ page: 1, parent: category.id }}>
                    New subcategory
                  </Link>
                </Button>
              )
            }
            remove={{
              permission: 'categories.delete',
              what: 'this category',
              description: `“${category.name}” is deleted; its products stay, without it.`,
              run: async () => {
                await remove.mutateAsync();
                await navigate({ to: '/categories' });
              },
            }}
          >
            <CategoryForm
              key={category.id}
              category={category}
              readOnly={!can('categories.update')}
              initial={{
                name: translation?.name ?? '',
                slug: translation?.slug ?? '',
                parentId: category.parentId ?? '',
                active: category.active,
              }}
              onSave={(values) =>
                update.mutateAsync({
                  active: values.active,
                  // Only a changed parent is sent: a move checks the whole subtree.
                  ...((values.parentId || null) !== (category.parentId ?? null)
                    ? { parentId: values.parentId || null }
                    : {}),
                  translations: [
                    {
                      locale: translation?.locale ?? 'en',
                      name: values.name,
                      slug: values.slug,
                      ...(translation?.description ? { description: translation.description } : {}),
                    },
                  ],
                })
              }
            />
            <section className="space-y-2">
              <h2 className="text-lg font-semibold">Subcategories</h2>
              <CategoryLevel parentId={category.id} />
            </section>
          </DetailFrame>
        );
      }}
    </Loaded>
  );
}
