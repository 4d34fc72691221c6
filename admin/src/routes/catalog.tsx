import { oneOf, stringParam } from '../lib/format';
import { listRoute, listSearchWith, resourceRoutes, screenRoute } from '../resource/routes';
import { PRODUCT_SORTS } from '../screens/products/search';

/** Catalog screens: products, categories (and their property groups, attributes and tags). */

const productSearch = listSearchWith((s) => ({
  sort: oneOf(PRODUCT_SORTS, s.sort),
  order: oneOf(['ASC', 'DESC'] as const, s.order),
}));
const productsRoute = listRoute('products', () => import('../screens/products/list'), 'ProductsScreen', productSearch);
const productNewRoute = screenRoute('products/new', () => import('../screens/products/new'), 'NewProductScreen');
const productImportRoute = screenRoute(
  'products/import',
  () => import('../screens/products/import'),
  'ImportProductsScreen',
);
const productRoute = screenRoute('products/$productId', () => import('../screens/products/detail'), 'ProductScreen');

const categoriesRoute = screenRoute('categories', () => import('../screens/categories/categories'), 'CategoriesScreen');
const categoryNewRoute = listRoute(
  'categories/new',
  () => import('../screens/categories/categories'),
  'NewCategoryScreen',
  listSearchWith((s) => ({ parent: stringParam(s.parent) })),
);
const categoryRoute = screenRoute(
  'categories/$categoryId',
  () => import('../screens/categories/categories'),
  'CategoryScreen',
);

// Property groups, attributes and tags: reached from the Categories screen's catalog tabs (docs/decisions.md).
// The API answers property groups and attributes whole: their lists use only `q`.
const propertyRoutes = resourceRoutes('properties', 'groupId', () => import('../screens/properties/properties'), {
  list: 'PropertyGroupsScreen',
  create: 'NewPropertyGroupScreen',
  detail: 'PropertyGroupScreen',
});
const attributeRoutes = resourceRoutes('attributes', 'attributeId', () => import('../screens/attributes/attributes'), {
  list: 'AttributesScreen',
  create: 'NewAttributeScreen',
  detail: 'AttributeScreen',
});
const tagRoutes = resourceRoutes('tags', 'tagId', () => import('../screens/tags/tags'), {
  list: 'TagsScreen',
  create: 'NewTagScreen',
  detail: 'TagScreen',
});

export const catalogRoutes = [
  productsRoute,
  productNewRoute,
  productImportRoute,
  productRoute,
  categoriesRoute,
  categoryNewRoute,
  categoryRoute,
  ...propertyRoutes,
  ...attributeRoutes,
  ...tagRoutes,
] as const;
