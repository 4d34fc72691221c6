import { type AccessTable, admin, store } from '../../auth/access';

export const catalogAccess: AccessTable = {
  Query: {
    products: admin('products.read'),
    product: admin('products.read'),
    storeProducts: store(),
    storeProduct: store(),
    storeProductById: store(),
  },
  Mutation: {
    productCreate: admin('products.create'),
    productUpdate: admin('products.update'),
    productDelete: admin('products.delete'),
    productVariantCreate: admin('products.create'),
    productVariantUpdate: admin('products.update'),
    productVariantDelete: admin('products.delete'),
    productAttributesSet: admin('products.update'),
    productAttributeDelete: admin('products.update'),
    variantAttributesSet: admin('products.update'),
    variantAttributeDelete: admin('products.update'),
  },
};
