import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { oneOf, pageParam, stringParam } from '../lib/format';
import { PRODUCT_SORTS, type ProductsSearch } from '../screens/products/search';
import { appRoute, screen } from './root';

/** Catalog screens: products, categories (and their property groups, attributes and tags). */

const productsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'products',
  validateSearch: (search: Record<string, unknown>): ProductsSearch => ({
    q: stringParam(search.q),
    page: pageParam(search.page),
    sort: oneOf(PRODUCT_SORTS, search.sort),
    order: oneOf(['ASC', 'DESC'] as const, search.order),
  }),
  component: lazyRouteComponent(() => import('../screens/products/list'), 'ProductsScreen'),
});
const productNewRoute = screen('products/new', () => import('../screens/products/new'), 'NewProductScreen');
const productImportRoute = screen(
  'products/import',
  () => import('../screens/products/import'),
  'ImportProductsScreen',
);
const productRoute = screen('products/$productId', () => import('../screens/products/detail'), 'ProductScreen');

const categoriesRoute = screen('categories', () => import('../screens/categories/list'), 'CategoriesScreen');
const categoryNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'categories/new',
  validateSearch: (search: Record<string, unknown>): { parent?: string } => ({ parent: stringParam(search.parent) }),
  component: lazyRouteComponent(() => import('../screens/categories/new'), 'NewCategoryScreen'),
});
const categoryRoute = screen('categories/$categoryId', () => import('../screens/categories/detail'), 'CategoryScreen');

/** A list whose only URL state is its search text (the API answers these lists whole). */
const searchedList = <TPath extends string>(path: TPath, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch: (search: Record<string, unknown>): { q?: string } => ({ q: stringParam(search.q) }),
    component: lazyRouteComponent(load, name),
  });

// Property groups, attributes and tags: reached from the Categories screen's catalog tabs (docs/decisions.md).
const propertiesRoute = searchedList('properties', () => import('../screens/properties/list'), 'PropertyGroupsScreen');
const propertyNewRoute = screen('properties/new', () => import('../screens/properties/new'), 'NewPropertyGroupScreen');
const propertyRoute = screen(
  'properties/$groupId',
  () => import('../screens/properties/detail'),
  'PropertyGroupScreen',
);
const attributesRoute = searchedList('attributes', () => import('../screens/attributes/list'), 'AttributesScreen');
const attributeNewRoute = screen('attributes/new', () => import('../screens/attributes/new'), 'NewAttributeScreen');
const attributeRoute = screen(
  'attributes/$attributeId',
  () => import('../screens/attributes/detail'),
  'AttributeScreen',
);
const tagsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'tags',
  validateSearch: (search: Record<string, unknown>): { q?: string; page: number } => ({
    q: stringParam(search.q),
    page: pageParam(search.page),
  }),
  component: lazyRouteComponent(() => import('../screens/tags/list'), 'TagsScreen'),
});
const tagNewRoute = screen('tags/new', () => import('../screens/tags/new'), 'NewTagScreen');
const tagRoute = screen('tags/$tagId', () => import('../screens/tags/detail'), 'TagScreen');

export const catalogRoutes = [
  productsRoute,
  productNewRoute,
  productImportRoute,
  productRoute,
  categoriesRoute,
  categoryNewRoute,
  categoryRoute,
  propertiesRoute,
  propertyNewRoute,
  propertyRoute,
  attributesRoute,
  attributeNewRoute,
  attributeRoute,
  tagsRoute,
  tagNewRoute,
  tagRoute,
] as const;
