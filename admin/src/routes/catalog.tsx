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
    order: oneOf(['asc', 'desc'] as const, search.order),
  }),
  component: lazyRouteComponent(() => import('../screens/products/list'), 'ProductsScreen'),
});
const productNewRoute = screen('products/new', () => import('../screens/products/new'), 'NewProductScreen');
const productRoute = screen('products/$productId', () => import('../screens/products/detail'), 'ProductScreen');

const categoriesRoute = screen('categories', () => import('../screens/categories/list'), 'CategoriesScreen');
const categoryNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'categories/new',
  validateSearch: (search: Record<string, unknown>): { parent?: string } => ({ parent: stringParam(search.parent) }),
  component: lazyRouteComponent(() => import('../screens/categories/new'), 'NewCategoryScreen'),
});
const categoryRoute = screen('categories/$categoryId', () => import('../screens/categories/detail'), 'CategoryScreen');

export const catalogRoutes = [
  productsRoute,
  productNewRoute,
  productRoute,
  categoriesRoute,
  categoryNewRoute,
  categoryRoute,
] as const;
