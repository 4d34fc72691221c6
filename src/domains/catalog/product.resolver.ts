import type { GraphQLInputObjectType, GraphQLResolveInfo } from 'graphql';
import {
  Arg,
  Args,
  Ctx as Context,
  Extensions,
  Field,
  FieldResolver,
  Info,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { splicedSelection, WRITES_OBJECT_AS_JSON, type WritesObjectAsJson } from '../../context/raw-json';
import { AppError, type ErrorCode } from '../../shared/errors';
import { resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { listShowsTotal } from '../../shared/selection-fields';
import * as values from './attribute-value.service';
import * as bulk from './bulk.service';
import { productDetailsFor } from './catalog.loaders';
import { type CompiledObject, compileProduct, compileProductItem, responsePath } from './compiled-items';
import { csvTemplate, importProductsCsv } from './csv-import';
import { Details, productSelection } from './details-shape';
import { FacetFilterArgs } from './facet.type';
import { facetsSelected, withoutFacets } from './facet-selection';
import { requestLocales } from './localized';
import {
  AttributeValuesInput,
  BulkProductsInput,
  ProductCreateInput,
  ProductImportInput,
  ProductListArgs,
  ProductUpdateInput,
  StoreProductListArgs,
  VariantInput,
} from './product.inputs';
import * as products from './product.service';
import {
  AttributeValue,
  BulkResult,
  Product,
  ProductList,
  ProductMediaRef,
  ProductTranslation,
  Variant,
} from './product.type';
import { type CompiledRead, getProduct, getStoreProductBySlug, type ListPlan, listProducts } from './product-query';
import * as variants from './variant.service';

/** The slug columns' length (`category_translations.slug`): `categorySlug` is bounded by it. */
const SLUG_MAX_LENGTH = 255;

const PAGE = { limit: 25, max: 100 };

/**
 * How a product list reads what `info` selects: the columns and relations it needs, and, on the GraphQL endpoint
 * when the selection compiles (compiled-items.ts), the SQL that writes its items' JSON.
 */
function readPlan(ctx: Ctx, info: GraphQLResolveInfo, storeView: boolean): ListPlan {
  // The facets are the executor's to write: the compiled items read the selection without them (facet-selection.ts).
  const compiled = ctx.rawJson ? compileProductItem(withoutFacets(info), storeView) : null;
  return {
    storeView,
    selection: productSelection(info, true),
    counted: listShowsTotal(info, false),
    ...(compiled && { raw: compiledRead(ctx, compiled, [...responsePath(info.path), compiled.itemsKey]) }),
    ...(facetsSelected(info) && { facets: { locales: requestLocales(ctx) } }),
  };
}

/**
 * The compiled read of a product field the executor runs cut (graphql/spliced-objects.ts: its resolver writes
 * the whole object), or undefined when it runs the field whole.
 */
function objectRead(ctx: Ctx, info: GraphQLResolveInfo, storeView: boolean): CompiledRead | undefined {
  const selection = ctx.rawJson && splicedSelection(info);
  if (!selection) return undefined;
  const compiled = compileProduct(selection, storeView);
  // The executor cut the field because this selection compiled: a field it cannot write must not answer `{}`.
  if (!compiled) throw new Error('a product field was cut without a compiled read');
  return compiledRead(ctx, compiled, responsePath(info.path));
}

function compiledRead(ctx: Ctx, compiled: CompiledObject, path: string[]): CompiledRead {
  return {
    item: compiled.item,
    ctes: compiled.ctes,
    path,
    mediaUrls: compiled.media ? ctx.mediaStorage.urlPattern : undefined,
    locales: compiled.locales ? requestLocales(ctx) : undefined,
  };
}

/** The `WRITES_OBJECT_AS_JSON` extension of a product field: whether its resolver can write the selection. */
const writesProduct = (storeView: boolean) => ({
  [WRITES_OBJECT_AS_JSON]: ((selection) => compileProduct(selection, storeView) !== null) as WritesObjectAsJson,
});

/** The relations of `p` that a field needs (`bit`), read with the shape its list was read with. */
const detailsOf = (ctx: Ctx, p: Product, bit: number) => productDetailsFor(ctx.loaders, p, bit);

@ObjectType({ description: '`variant` for a single create, `variants` always (one per option combination).' })
class VariantCreateResult {
  @Field(() => Variant, { nullable: true }) variant!: Variant | null;
  @Field(() => [Variant]) variants!: Variant[];
}

/** What creating products can answer besides access and input errors: one product, a bulk batch or a CSV import. */
const CREATE_ERRORS: readonly ErrorCode[] = [
  'duplicate_sku',
  'duplicate_slug',
  'not_found',
  'no_active_warehouse',
  'invalid_attribute_value',
  'hook_rejected',
];

@Resolver(() => Product)
export class ProductResolver {
  @Query(() => ProductList, {
    description:
      'Products. `search` matches names in every locale (last word as prefix); `categoryId` includes descendants; ' +
      '`options`, `attributes`, `priceMin`/`priceMax` and `inStock` filter by facets (`facets` counts them).',
  })
  products(
    @Context() ctx: Ctx,
    @Args(() => ProductListArgs) { page, limit, ...filter }: ProductListArgs,
    @Args(() => FacetFilterArgs) facets: FacetFilterArgs,
    @Info() info: GraphQLResolveInfo,
  ) {
    return listProducts(ctx, resolvePage(page, limit, PAGE), { ...filter, ...facets }, readPlan(ctx, info, false));
  }

  @Query(() => Product, { description: 'One product.' })
  @Extensions(writesProduct(false))
  product(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string, @Info() info: GraphQLResolveInfo) {
    return getProduct(ctx, id, false, productSelection(info, false), objectRead(ctx, info, false));
  }

  // The description is REST's too (its route takes no `categorySlug`): the argument describes itself.
  @Query(() => ProductList, { description: 'Active products for the store; same parameters as `products`.' })
  storeProducts(
    @Context() ctx: Ctx,
    @Args(() => StoreProductListArgs) { page, limit, ...filter }: StoreProductListArgs,
    @Args(() => FacetFilterArgs) facets: FacetFilterArgs,
    @Info() info: GraphQLResolveInfo,
    @Arg('categorySlug', () => String, {
      nullable: true,
      description:
        'The products of the active category with this slug in the `Accept-Language` locale, as `storeCategory(slug:)` ' +
        'finds it, and of the categories below it (as `categoryId`); `not_found` when there is none. Not with `categoryId`.',
    })
    categorySlug?: string,
  ) {
    // A slug is at most 255 characters (the column): a longer one is a mistake, not a search.
    if (categorySlug != null && categorySlug.length > SLUG_MAX_LENGTH)
      throw AppError.validation([{ field: 'category_slug', detail: 'max_length' }]);
    // Two categories would be an intersection nobody asked for: the caller named one twice.
    if (categorySlug != null && filter.categoryId != null)
      throw AppError.validation([{ field: 'category_slug', detail: 'not allowed with category_id' }]);
    const active = { ...filter, ...facets, categorySlug, active: true };
    return listProducts(ctx, resolvePage(page, limit, PAGE), active, readPlan(ctx, info, true));
  }

  @Query(() => Product, {
    description:
      'An active product by slug, matched in `locale`, else the `Accept-Language` locales, then `en` and the default locale.',
  })
  @Extensions(writesProduct(true))
  storeProduct(
    @Context() ctx: Ctx,
    @Arg('slug') slug: string,
    @Info() info: GraphQLResolveInfo,
    @Arg('locale', () => String, { nullable: true }) locale?: string,
  ) {
    return getStoreProductBySlug(ctx, slug, locale, productSelection(info, false), objectRead(ctx, info, true));
  }

  @Query(() => Product, { description: 'An active product by id.' })
  @Extensions(writesProduct(true))
  storeProductById(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string, @Info() info: GraphQLResolveInfo) {
    return getProduct(ctx, id, true, productSelection(info, false), objectRead(ctx, info, true));
  }

  @Mutation(() => Product, { description: 'Creates a product.' })
  @Raises(...CREATE_ERRORS)
  productCreate(@Context() ctx: Ctx, @Arg('input', () => ProductCreateInput) input: ProductCreateInput) {
    return products.createProduct(ctx, input);
  }

  @Mutation(() => Product, { description: 'Changes the given fields of a product.' })
  @Raises('duplicate_sku', 'duplicate_slug', 'no_active_warehouse', 'invalid_attribute_value', 'hook_rejected')
  productUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => ProductUpdateInput) input: ProductUpdateInput,
  ) {
    return products.updateProduct(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a product.' })
  @Raises('hook_rejected')
  productDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return products.deleteProduct(ctx, id);
  }

  @Mutation(() => VariantCreateResult, {
    description: 'Creates a variant, or one per combination of `optionGroups`.',
  })
  @Raises('duplicate_sku', 'no_active_warehouse', 'invalid_attribute_value')
  productVariantCreate(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Arg('input', () => VariantInput) input: VariantInput,
  ) {
    return variants.createVariants(ctx, productId, input);
  }

  @Mutation(() => Variant, { description: 'Changes the given fields of a variant.' })
  @Raises('duplicate_sku', 'no_active_warehouse', 'invalid_attribute_value')
  productVariantUpdate(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Arg('variantId', () => UuidScalar) variantId: string,
    @Arg('input', () => VariantInput) input: VariantInput,
  ) {
    return variants.updateVariant(ctx, productId, variantId, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a variant.' })
  productVariantDelete(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Arg('variantId', () => UuidScalar) variantId: string,
  ) {
    return variants.deleteVariant(ctx, productId, variantId);
  }

  @Mutation(() => [AttributeValue], {
    description: 'Upserts attribute values of a product by attribute id.',
  })
  @Raises('invalid_attribute_value')
  productAttributesSet(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Arg('input', () => AttributeValuesInput) input: AttributeValuesInput,
  ) {
    return values.setAttributeValues(ctx, { productId }, input.attributes);
  }

  @Mutation(() => Boolean, { description: 'Removes one attribute value of a product.' })
  productAttributeDelete(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Arg('attributeId', () => UuidScalar) attributeId: string,
  ) {
    return values.deleteAttributeValue(ctx, { productId }, attributeId);
  }

  @Mutation(() => [AttributeValue], {
    description: 'Upserts attribute values of a variant by attribute id.',
  })
  @Raises('invalid_attribute_value')
  variantAttributesSet(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Arg('variantId', () => UuidScalar) variantId: string,
    @Arg('input', () => AttributeValuesInput) input: AttributeValuesInput,
  ) {
    return values.setAttributeValues(ctx, { productId, variantId }, input.attributes);
  }

  @Mutation(() => Boolean, { description: 'Removes one attribute value of a variant.' })
  variantAttributeDelete(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Arg('variantId', () => UuidScalar) variantId: string,
    @Arg('attributeId', () => UuidScalar) attributeId: string,
  ) {
    return values.deleteAttributeValue(ctx, { productId, variantId }, attributeId);
  }

  @Mutation(() => BulkResult, {
    description:
      'Creates up to 250 products with inline variants (options by name, created when missing); one result per item.',
  })
  @Raises(...CREATE_ERRORS)
  productsBulkCreate(
    @Context() ctx: Ctx,
    @Arg('input', () => BulkProductsInput) input: BulkProductsInput,
    @Info() info: GraphQLResolveInfo,
  ) {
    return bulk.bulkCreateProducts(
      ctx,
      input.products,
      info.schema.getType('BulkProductInput') as GraphQLInputObjectType,
    );
  }

  @Mutation(() => BulkResult, {
    description:
      'Imports a CSV (contract §5), upserting by SKU. REST sends multipart `file`; GraphQL clients send the text as `csv`.',
  })
  @Raises(...CREATE_ERRORS)
  productsImport(@Context() ctx: Ctx, @Arg('input', () => ProductImportInput) input: ProductImportInput) {
    return importProductsCsv(ctx, input);
  }

  @Query(() => String, {
    description: 'The CSV import template (one product row, one variant row).',
  })
  productImportTemplate() {
    return csvTemplate();
  }

  @FieldResolver(() => [ProductTranslation])
  async translations(@Root() p: Product, @Context() ctx: Ctx) {
    return (await detailsOf(ctx, p, Details.translations)).translations;
  }

  @FieldResolver(() => [UuidScalar], { description: 'Category ids.' })
  async categories(@Root() p: Product, @Context() ctx: Ctx) {
    return (await detailsOf(ctx, p, Details.categories)).categories;
  }

  @FieldResolver(() => [UuidScalar], { description: 'Tag ids.' })
  async tags(@Root() p: Product, @Context() ctx: Ctx) {
    return (await detailsOf(ctx, p, Details.tags)).tags;
  }

  @FieldResolver(() => [ProductMediaRef])
  async media(@Root() p: Product, @Context() ctx: Ctx) {
    return (await detailsOf(ctx, p, Details.media)).media;
  }

  @FieldResolver(() => [Variant], { description: 'All variants (store: active ones only).' })
  async variants(@Root() p: Product, @Context() ctx: Ctx) {
    const list = (await detailsOf(ctx, p, Details.variants)).variants!;
    return p.storeView ? list.filter((v) => v.active) : list;
  }

  @FieldResolver(() => Boolean)
  async hasVariants(@Root() p: Product, @Context() ctx: Ctx) {
    return (await detailsOf(ctx, p, Details.variants)).variants!.length > 0;
  }

  @FieldResolver(() => [AttributeValue], {
    description: 'Attribute values with the attribute’s identifier, type, unit and names.',
  })
  async attributes(@Root() p: Product, @Context() ctx: Ctx) {
    return (await detailsOf(ctx, p, Details.attributes)).attributes;
  }
}
