import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../../src/routing/route';

const base = '/api/v1/admin/products';
const listQuery = {
  page: query('page'),
  limit: query('limit'),
  sort: query('sort'),
  order: query('order'),
  search: query('search'),
  categoryId: query('category_id'),
  // Faceted filters: ids comma-separated (`options=a,b`; a repeated parameter's last value wins), at most 100 each.
  options: query('options'),
  attributes: query('attributes'),
  priceMin: query('price_min'),
  priceMax: query('price_max'),
  inStock: query('in_stock'),
  // `facets=true` adds `data.facets` (the counts of a filter sidebar): its statement runs only when asked for.
  facets: query('facets'),
};

export const productRoutes = [
  route({
    method: 'GET',
    path: base,
    operation: op.ProductsDocument,
    variables: { ...listQuery, active: query('filter[active]') },
    result: 'products',
    envelope: 'items',
  }),
  route({
    method: 'POST',
    path: `${base}/bulk`,
    operation: op.ProductsBulkCreateDocument,
    variables: { input: body() },
    result: 'productsBulkCreate',
    status: 207,
  }),
  route({
    method: 'POST',
    path: `${base}/import`,
    operation: op.ProductsImportDocument,
    variables: { input: body() },
    result: 'productsImport',
    status: 207,
    multipart: { limit: 10 * 1024 * 1024, files: ['file'] },
  }),
  route({
    method: 'GET',
    path: `${base}/import/template`,
    operation: op.ProductImportTemplateDocument,
    result: 'productImportTemplate',
    envelope: 'text',
    contentType: 'text/csv; charset=utf-8',
    filename: 'products-import-template.csv',
  }),
  route({
    method: 'POST',
    path: base,
    operation: op.ProductCreateDocument,
    variables: { input: body() },
    result: 'productCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${base}/{id}`,
    operation: op.ProductDocument,
    variables: { id: path('id') },
    result: 'product',
  }),
  route({
    method: 'PUT',
    path: `${base}/{id}`,
    operation: op.ProductUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'productUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${base}/{id}`,
    operation: op.ProductDeleteDocument,
    variables: { id: path('id') },
    result: 'productDelete',
    envelope: 'none',
  }),
  // One path, two answers: a single variant object, or an array for `option_groups` (spec).
  route({
    method: 'POST',
    path: `${base}/{id}/variants`,
    operation: op.ProductVariantCreateDocument,
    variables: { productId: path('id'), input: body() },
    result: { firstOf: ['productVariantCreate.variant', 'productVariantCreate.variants'] },
    status: 201,
  }),
  route({
    method: 'PUT',
    path: `${base}/{id}/variants/{variantId}`,
    operation: op.ProductVariantUpdateDocument,
    variables: { productId: path('id'), variantId: path('variantId'), input: body() },
    result: 'productVariantUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${base}/{id}/variants/{variantId}`,
    operation: op.ProductVariantDeleteDocument,
    variables: { productId: path('id'), variantId: path('variantId') },
    result: 'productVariantDelete',
    envelope: 'none',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/products',
    operation: op.StoreProductsDocument,
    variables: listQuery,
    result: 'storeProducts',
    envelope: 'items',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/products/id/{id}',
    operation: op.StoreProductByIdDocument,
    variables: { id: path('id') },
    result: 'storeProductById',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/products/{slug}',
    operation: op.StoreProductDocument,
    variables: { slug: path('slug') },
    result: 'storeProduct',
  }),
];

/**
 * A product's and a variant's attribute values: the products tag in the document, the attributes toolset in MCP
 * (with the attributes they take values of).
 */
export const productAttributeRoutes = [
  route({
    method: 'PUT',
    path: `${base}/{id}/attributes`,
    operation: op.ProductAttributesSetDocument,
    variables: { productId: path('id'), input: body() },
    result: 'productAttributesSet',
  }),
  route({
    method: 'DELETE',
    path: `${base}/{id}/attributes/{attributeId}`,
    operation: op.ProductAttributeDeleteDocument,
    variables: { productId: path('id'), attributeId: path('attributeId') },
    result: 'productAttributeDelete',
    envelope: 'none',
  }),
  route({
    method: 'PUT',
    path: `${base}/{id}/variants/{vId}/attributes`,
    operation: op.VariantAttributesSetDocument,
    variables: { productId: path('id'), variantId: path('vId'), input: body() },
    result: 'variantAttributesSet',
  }),
  route({
    method: 'DELETE',
    path: `${base}/{id}/variants/{vId}/attributes/{aId}`,
    operation: op.VariantAttributeDeleteDocument,
    variables: { productId: path('id'), variantId: path('vId'), attributeId: path('aId') },
    result: 'variantAttributeDelete',
    envelope: 'none',
  }),
];
