import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';

import { PageArgs, SortOrder } from '../../shared/pagination';
import { JsonScalar, UuidScalar } from '../../shared/scalars';
import { TRANSLATION_LOCALE } from '../../shared/translations';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Clearable, Rules } from '../../shared/validation/rules';
import { ProductSort } from './product.type';

@InputType()
export class ProductTranslationInput {
  @Field() @Rules(TRANSLATION_LOCALE) locale!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Clearable() @Field({ nullable: true }) description?: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) slug!: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) metaTitle?: string;
  @Clearable() @Field({ nullable: true }) metaDescription?: string;
}

@InputType({ description: 'A new product: `currency` and at least one translation are required.' })
export class ProductCreateInput {
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 100 }) sku?: string;
  @Field({ nullable: true, description: 'Default false.' }) active?: boolean;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceNet?: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceGross?: number;
  @Field() @Rules({ pattern: '^[A-Z]{3}$' }) currency!: string;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) taxRuleId?: string;
  @Field(() => Int, {
    nullable: true,
    description: 'Initial product-level stock, written to the first active warehouse by priority.',
  })
  @Rules({ min: 0 })
  stock?: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) weight?: number;
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
  @Field(() => JsonScalar, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => [ProductTranslationInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: ProductTranslationInput[];
  @Field(() => [UuidScalar], { nullable: true }) @Rules({ maxItems: LIST_LIMITS.links }) categoryIds?: string[];
  @Field(() => [UuidScalar], { nullable: true }) @Rules({ maxItems: LIST_LIMITS.links }) tagIds?: string[];
  @Field(() => [UuidScalar], { nullable: true, description: 'Ordered list of media ids.' })
  @Rules({ maxItems: LIST_LIMITS.links })
  mediaIds?: string[];
}

@InputType({ description: 'Changes to a product: only the fields given change; lists given replace the stored ones.' })
export class ProductUpdateInput {
  @Clearable() @Field(() => String, { nullable: true }) @Rules({ maxLength: 100 }) sku?: string | null;
  @Field({ nullable: true }) active?: boolean;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceNet?: number | null;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceGross?: number | null;
  @Field({ nullable: true }) @Rules({ pattern: '^[A-Z]{3}$' }) currency?: string;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) taxRuleId?: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Sets the product-level entry in the first active warehouse by priority.',
  })
  @Rules({ min: 0 })
  stock?: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) weight?: number | null;
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
  @Field(() => JsonScalar, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => [ProductTranslationInput], {
    nullable: true,
    description: 'Upserted by locale; locales not given are kept.',
  })
  translations?: ProductTranslationInput[];
  @Field(() => [UuidScalar], { nullable: true }) @Rules({ maxItems: LIST_LIMITS.links }) categoryIds?: string[];
  @Field(() => [UuidScalar], { nullable: true }) @Rules({ maxItems: LIST_LIMITS.links }) tagIds?: string[];
  @Field(() => [UuidScalar], { nullable: true, description: 'Ordered list of media ids; replaces the existing list.' })
  @Rules({ maxItems: LIST_LIMITS.links })
  mediaIds?: string[];
}

@InputType({ description: 'A variant, or with `optionGroups` one variant per combination of options.' })
export class VariantInput {
  @Clearable() @Field(() => String, { nullable: true }) @Rules({ maxLength: 100 }) sku?: string | null;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceGross?: number | null;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceNet?: number | null;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) stock?: number;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field(() => [UuidScalar], { nullable: true }) @Rules({ maxItems: LIST_LIMITS.options }) optionIds?: string[];
  @Field(() => [[UuidScalar]], {
    nullable: true,
    description:
      'One inner list of option ids per axis; creates the cartesian product (at most 500 variants). Create only: ' +
      'an update with it is 400 `validation_error`.',
  })
  @Rules({ maxItems: LIST_LIMITS.options })
  optionGroups?: string[][];
}

@InputType()
export class AttributeValueInput {
  @Field(() => UuidScalar) attributeId!: string;
  @Clearable() @Field(() => String, { nullable: true }) valueText?: string | null;
  @Clearable() @Field(() => Float, { nullable: true }) valueNumeric?: number | null;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) optionId?: string | null;
  @Field(() => [UuidScalar], { nullable: true }) @Rules({ maxItems: LIST_LIMITS.options }) optionIds?: string[] | null;
  @Clearable() @Field(() => Boolean, { nullable: true }) valueBoolean?: boolean | null;
}

@InputType()
export class AttributeValuesInput {
  @Field(() => [AttributeValueInput]) @Rules({ maxItems: LIST_LIMITS.attributes }) attributes!: AttributeValueInput[];
}

@InputType({ description: 'An option named by its group and option names, created when missing.' })
export class BulkOptionInput {
  @Field() @Rules({ minLength: 1, maxLength: 255 }) groupName!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) optionName!: string;
  @Field({ nullable: true, description: 'Default: the configured default locale.' }) locale?: string;
}

@InputType()
export class BulkVariantInput {
  @Clearable() @Field(() => String, { nullable: true }) @Rules({ maxLength: 100 }) sku?: string;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) stock?: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceNet?: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceGross?: number;
  @Field(() => [BulkOptionInput], { nullable: true })
  @Rules({ maxItems: LIST_LIMITS.options })
  options?: BulkOptionInput[];
}

@InputType()
export class BulkProductInput extends ProductCreateInput {
  @Field(() => [BulkVariantInput], { nullable: true })
  @Rules({ maxItems: LIST_LIMITS.variants })
  variants?: BulkVariantInput[];
}

@InputType()
export class BulkProductsInput {
  // Items are read one by one (against BulkProductInput, snake_case keys as in REST), so an item that does not
  // validate fails alone in the 207 results instead of failing the whole request.
  @Field(() => [JsonScalar], {
    description:
      'At most 250 items, each shaped as `BulkProductInput` with snake_case keys (as in REST). An item that does not validate fails alone.',
  })
  products!: unknown[];
}

@InputType({
  description:
    'A CSV import: `file` is the multipart reference set by the REST adapter; GraphQL clients send `csv` text.',
})
export class ProductImportInput {
  @Field({ nullable: true }) file?: string;
  @Field({ nullable: true }) csv?: string;
}

/** Arguments of the store product list (`storeProducts`). */
@ArgsType()
export class StoreProductListArgs extends PageArgs {
  @Field(() => ProductSort, { nullable: true }) sort?: ProductSort;
  @Field(() => SortOrder, { nullable: true }) order?: SortOrder;
  @Field(() => String, { nullable: true }) search?: string;
  @Field(() => UuidScalar, { nullable: true }) categoryId?: string;
}

/** Arguments of the admin product list (`products`): the store's, plus the `active` filter. */
@ArgsType()
export class ProductListArgs extends StoreProductListArgs {
  @Field(() => Boolean, { nullable: true }) active?: boolean;
}
