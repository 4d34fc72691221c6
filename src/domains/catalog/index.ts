/** Catalog: products, variants, property groups, attributes, categories, tags, bulk create and CSV import. */
import type { DomainModule } from '../module';
import { catalogAccess } from './catalog.access';
import { createCatalogLoaders } from './catalog.loaders';
import { CategoryResolver, TagResolver } from './category.resolver';
import { LOCALIZED_RESOLVERS } from './localized.resolver';
import { BulkProductInput } from './product.inputs';
import { ProductResolver } from './product.resolver';
import { AttributeResolver, PropertyGroupResolver } from './property.resolver';

export const domain: DomainModule = {
  name: 'catalog',
  resolvers: [
    ProductResolver,
    CategoryResolver,
    TagResolver,
    PropertyGroupResolver,
    AttributeResolver,
    ...LOCALIZED_RESOLVERS,
  ],
  access: [catalogAccess],
  loaders: createCatalogLoaders,
  // Bulk items arrive as JSON and are read one by one against this type, which no field names.
  orphanedTypes: [BulkProductInput],
};
export { startFacetIndex } from './facet-index/registry';
export { variantTitleSql } from './variant-title';
