import * as op from '../../src/generated/graphql';
import { crud, path, query, route } from '../../src/routing/route';

const admin = '/api/v1/admin';

export const categoryRoutes = [
  ...crud(
    `${admin}/categories`,
    {
      list: op.CategoriesDocument,
      create: op.CategoryCreateDocument,
      read: op.CategoryDocument,
      update: op.CategoryUpdateDocument,
      delete: op.CategoryDeleteDocument,
    },
    {
      filters: { parentId: query('parent_id'), active: query('active') },
    },
  ),
  route({
    method: 'GET',
    path: '/api/v1/store/categories',
    operation: op.StoreCategoriesDocument,
    result: 'storeCategories',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/categories/{slug}',
    operation: op.StoreCategoryDocument,
    variables: { slug: path('slug') },
    result: 'storeCategory',
  }),
  ...crud(
    `${admin}/tags`,
    {
      list: op.TagsDocument,
      create: op.TagCreateDocument,
      read: op.TagDocument,
      update: op.TagUpdateDocument,
      delete: op.TagDeleteDocument,
    },
    { filters: { search: query('search') } },
  ),
];
