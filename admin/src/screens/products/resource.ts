import {
  AdminProductCreateDocument,
  AdminProductDeleteDocument,
  AdminProductDocument,
  AdminProductsDocument,
  AdminProductUpdateDocument,
} from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';

/** Products' data hooks: the list, one product (every tab's data), create, update, delete. */
export const products = defineResource({
  keys: keys.products,
  list: AdminProductsDocument,
  detail: AdminProductDocument,
  create: AdminProductCreateDocument,
  update: AdminProductUpdateDocument,
  remove: AdminProductDeleteDocument,
  // The stock screens list products' stock by warehouse.
  invalidates: [keys.stockLevels.all],
});
