import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../route';

const base = '/api/v1/admin/products';
const listQuery = { page: query('page'), limit: query('limit'), sort: query('sort'), order: query('order'), search: query('search'), categoryId: query('category_id') };

export const productRoutes = [
  route({ method: 'GET', path: base, operation: op.ProductsDocument, variables: { ...listQuery, active: query('filter[active]') }, result: (d) => d.products, envelope: 'items' }),
  route({ method: 'POST', path: `${base}/bulk`, operation: op.ProductsBulkCreateDocument, variables: { input: body() }, result: (d) => d.productsBulkCreate, status: 207 }),
  route({ method: 'POST', path: `${base}/import`, operation: op.ProductsImportDocument, variables: { input: body() }, result: (d) => d.productsImport, status: 207, multipart: { limit: 10 * 1024 * 1024 } }),
  route({ method: 'GET', path: `${base}/import/template`, operation: op.ProductImportTemplateDocument, result: (d) => d.productImportTemplate, envelope: 'text', contentType: 'text/csv; charset=utf-8', filename: 'products-import-template.csv' }),
  route({ method: 'POST', path: base, operation: op.ProductCreateDocument, variables: { input: body() }, result: (d) => d.productCreate, status: 201 }),
  route({ method: 'GET', path: `${base}/{id}`, operation: op.ProductDocument, variables: { id: path('id') }, result: (d) => d.product }),
  route({ method: 'PUT', path: `${base}/{id}`, operation: op.ProductUpdateDocument, variables: { id: path('id'), input: body() }, result: (d) => d.productUpdate }),
  route({ method: 'DELETE', path: `${base}/{id}`, operation: op.ProductDeleteDocument, variables: { id: path('id') }, result: (d) => d.productDelete, envelope: 'none' }),
  // One path, two answers: a single variant object, or an array for `option_groups` (spec).
  route({ method: 'POST', path: `${base}/{id}/variants`, operation: op.ProductVariantCreateDocument, variables: { productId: path('id'), input: body() }, result: (d) => d.productVariantCreate.variant ?? d.productVariantCreate.variants, status: 201 }),
  route({ method: 'PUT', path: `${base}/{id}/variants/{variantId}`, operation: op.ProductVariantUpdateDocument, variables: { productId: path('id'), variantId: path('variantId'), input: body() }, result: (d) => d.productVariantUpdate }),
  route({ method: 'DELETE', path: `${base}/{id}/variants/{variantId}`, operation: op.ProductVariantDeleteDocument, variables: { productId: path('id'), variantId: path('variantId') }, result: (d) => d.productVariantDelete, envelope: 'none' }),
  route({ method: 'PUT', path: `${base}/{id}/attributes`, operation: op.ProductAttributesSetDocument, variables: { productId: path('id'), input: body() }, result: (d) => d.productAttributesSet }),
  route({ method: 'DELETE', path: `${base}/{id}/attributes/{attributeId}`, operation: op.ProductAttributeDeleteDocument, variables: { productId: path('id'), attributeId: path('attributeId') }, result: (d) => d.productAttributeDelete, envelope: 'none' }),
  route({ method: 'PUT', path: `${base}/{id}/variants/{vId}/attributes`, operation: op.VariantAttributesSetDocument, variables: { productId: path('id'), variantId: path('vId'), input: body() }, result: (d) => d.variantAttributesSet }),
  route({ method: 'DELETE', path: `${base}/{id}/variants/{vId}/attributes/{aId}`, operation: op.VariantAttributeDeleteDocument, variables: { productId: path('id'), variantId: path('vId'), attributeId: path('aId') }, result: (d) => d.variantAttributeDelete, envelope: 'none' }),

  route({ method: 'GET', path: '/api/v1/store/products', operation: op.StoreProductsDocument, variables: listQuery, result: (d) => d.storeProducts, envelope: 'items' }),
  route({ method: 'GET', path: '/api/v1/store/products/id/{id}', operation: op.StoreProductByIdDocument, variables: { id: path('id') }, result: (d) => d.storeProductById }),
  route({ method: 'GET', path: '/api/v1/store/products/{slug}', operation: op.StoreProductDocument, variables: { slug: path('slug') }, result: (d) => d.storeProduct }),
];

const admin = '/api/v1/admin';

export const categoryRoutes = [
  route({ method: 'GET', path: `${admin}/categories`, operation: op.CategoriesDocument, variables: { page: query('page'), limit: query('limit'), parentId: query('parent_id'), active: query('active') }, result: (d) => d.categories, envelope: 'list' }),
  route({ method: 'POST', path: `${admin}/categories`, operation: op.CategoryCreateDocument, variables: { input: body() }, result: (d) => d.categoryCreate, status: 201 }),
  route({ method: 'GET', path: `${admin}/categories/{id}`, operation: op.CategoryDocument, variables: { id: path('id') }, result: (d) => d.category }),
  route({ method: 'PUT', path: `${admin}/categories/{id}`, operation: op.CategoryUpdateDocument, variables: { id: path('id'), input: body() }, result: (d) => d.categoryUpdate }),
  route({ method: 'DELETE', path: `${admin}/categories/{id}`, operation: op.CategoryDeleteDocument, variables: { id: path('id') }, result: (d) => d.categoryDelete, envelope: 'none' }),
  route({ method: 'GET', path: '/api/v1/store/categories', operation: op.StoreCategoriesDocument, result: (d) => d.storeCategories }),
  route({ method: 'GET', path: '/api/v1/store/categories/{slug}', operation: op.StoreCategoryDocument, variables: { slug: path('slug') }, result: (d) => d.storeCategory }),
  route({ method: 'GET', path: `${admin}/tags`, operation: op.TagsDocument, variables: { page: query('page'), limit: query('limit'), search: query('search') }, result: (d) => d.tags, envelope: 'list' }),
  route({ method: 'POST', path: `${admin}/tags`, operation: op.TagCreateDocument, variables: { input: body() }, result: (d) => d.tagCreate, status: 201 }),
  route({ method: 'GET', path: `${admin}/tags/{id}`, operation: op.TagDocument, variables: { id: path('id') }, result: (d) => d.tag }),
  route({ method: 'PUT', path: `${admin}/tags/{id}`, operation: op.TagUpdateDocument, variables: { id: path('id'), input: body() }, result: (d) => d.tagUpdate }),
  route({ method: 'DELETE', path: `${admin}/tags/{id}`, operation: op.TagDeleteDocument, variables: { id: path('id') }, result: (d) => d.tagDelete, envelope: 'none' }),
];

const pg = `${admin}/property-groups`;
const at = `${admin}/attributes`;

export const propertyRoutes = [
  route({ method: 'GET', path: pg, operation: op.PropertyGroupsDocument, result: (d) => d.propertyGroups }),
  route({ method: 'POST', path: pg, operation: op.PropertyGroupCreateDocument, variables: { input: body() }, result: (d) => d.propertyGroupCreate, status: 201 }),
  route({ method: 'GET', path: `${pg}/{id}`, operation: op.PropertyGroupDocument, variables: { id: path('id') }, result: (d) => d.propertyGroup }),
  route({ method: 'PUT', path: `${pg}/{id}`, operation: op.PropertyGroupUpdateDocument, variables: { id: path('id'), input: body() }, result: (d) => d.propertyGroupUpdate }),
  route({ method: 'DELETE', path: `${pg}/{id}`, operation: op.PropertyGroupDeleteDocument, variables: { id: path('id') }, result: (d) => d.propertyGroupDelete, envelope: 'none' }),
  route({ method: 'POST', path: `${pg}/{id}/options`, operation: op.PropertyOptionCreateDocument, variables: { groupId: path('id'), input: body() }, result: (d) => d.propertyOptionCreate, status: 201 }),
  route({ method: 'PUT', path: `${pg}/{id}/options/{optId}`, operation: op.PropertyOptionUpdateDocument, variables: { groupId: path('id'), optionId: path('optId'), input: body() }, result: (d) => d.propertyOptionUpdate }),
  route({ method: 'DELETE', path: `${pg}/{id}/options/{optId}`, operation: op.PropertyOptionDeleteDocument, variables: { groupId: path('id'), optionId: path('optId') }, result: (d) => d.propertyOptionDelete, envelope: 'none' }),
  route({ method: 'GET', path: at, operation: op.AttributesDocument, result: (d) => d.attributes }),
  route({ method: 'POST', path: at, operation: op.AttributeCreateDocument, variables: { input: body() }, result: (d) => d.attributeCreate, status: 201 }),
  route({ method: 'GET', path: `${at}/{id}`, operation: op.AttributeDocument, variables: { id: path('id') }, result: (d) => d.attribute }),
  route({ method: 'PUT', path: `${at}/{id}`, operation: op.AttributeUpdateDocument, variables: { id: path('id'), input: body() }, result: (d) => d.attributeUpdate }),
  route({ method: 'DELETE', path: `${at}/{id}`, operation: op.AttributeDeleteDocument, variables: { id: path('id') }, result: (d) => d.attributeDelete, envelope: 'none' }),
  route({ method: 'POST', path: `${at}/{id}/options`, operation: op.AttributeOptionCreateDocument, variables: { attributeId: path('id'), input: body() }, result: (d) => d.attributeOptionCreate, status: 201 }),
  route({ method: 'PUT', path: `${at}/{id}/options/{optionId}`, operation: op.AttributeOptionUpdateDocument, variables: { attributeId: path('id'), optionId: path('optionId'), input: body() }, result: (d) => d.attributeOptionUpdate }),
  route({ method: 'DELETE', path: `${at}/{id}/options/{optionId}`, operation: op.AttributeOptionDeleteDocument, variables: { attributeId: path('id'), optionId: path('optionId') }, result: (d) => d.attributeOptionDelete, envelope: 'none' }),
];
