import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';

import { PageMeta } from '../../shared/pagination';
import { JsonScalar, UuidScalar } from '../../shared/scalars';
import { Facet } from './facet.type';

@ObjectType()
export class ProductTranslation {
  @Field() locale!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() slug!: string;
  @Field(() => String, { nullable: true }) metaTitle!: string | null;
  @Field(() => String, { nullable: true }) metaDescription!: string | null;
}

@ObjectType({ description: 'A name in one locale.' })
export class NameTranslation {
  @Field() locale!: string;
  @Field() name!: string;
}

@ObjectType({ description: 'A property option a variant is made of, with its group.' })
export class VariantOptionRef {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) propertyGroupId!: string;
  @Field() propertyGroupIdentifier!: string;
  @Field(() => Int) position!: number;
  @Field(() => String, { nullable: true }) colorHex!: string | null;
  @Field(() => [NameTranslation]) translations!: NameTranslation[];
  /** The group's names, read with the option (catalog.loaders.ts): `groupName` picks one without a statement. */
  groupTranslations?: NameTranslation[];
}

@ObjectType({ description: 'An attribute value of a product or variant; store responses embed the attribute.' })
export class AttributeValue {
  @Field(() => UuidScalar) attributeId!: string;
  @Field(() => String, { nullable: true }) valueText!: string | null;
  @Field(() => Float, { nullable: true }) valueNumeric!: number | null;
  @Field(() => UuidScalar, { nullable: true }) optionId!: string | null;
  @Field(() => [UuidScalar]) optionIds!: string[];
  @Field(() => Boolean, { nullable: true }) valueBoolean!: boolean | null;
  @Field() attributeIdentifier!: string;
  @Field() type!: string;
  @Field(() => String, { nullable: true }) unit!: string | null;
  @Field(() => [NameTranslation]) translations!: NameTranslation[];
}

@ObjectType({ description: 'A purchasable variant. Prices of null or 0 are inherited from the product.' })
export class Variant {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) productId!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field(() => Int, { nullable: true, description: 'Effective price: the variant’s own, else the product’s.' })
  priceGross!: number | null;
  @Field(() => Int, { nullable: true, description: 'Effective price: the variant’s own, else the product’s.' })
  priceNet!: number | null;
  @Field(() => Int, { description: 'Denormalized sum of the variant’s stock entries in active warehouses.' })
  stock!: number;
  @Field() active!: boolean;
  @Field(() => Int) position!: number;
  @Field(() => [UuidScalar]) optionIds!: string[];
  @Field(() => [VariantOptionRef]) options!: VariantOptionRef[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => [AttributeValue]) attributes!: AttributeValue[];
}

@ObjectType()
export class ProductMediaRef {
  @Field(() => UuidScalar) mediaId!: string;
  @Field(() => Int) position!: number;
  @Field() url!: string;
  @Field(() => String, { nullable: true, description: "The media's alt text (`mediaUpdate` sets it)." })
  altText!: string | null;
}

/** The product row; relations are resolved by field resolvers through DataLoaders keyed by product id. */
@ObjectType({ description: 'A product. Relations are batched per request (no N+1).' })
export class Product {
  @Field(() => UuidScalar) id!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field() active!: boolean;
  @Field(() => Int, { nullable: true }) priceNet!: number | null;
  @Field(() => Int, { nullable: true }) priceGross!: number | null;
  @Field() currency!: string;
  @Field(() => UuidScalar, { nullable: true }) taxRuleId!: string | null;
  @Field(() => Int, {
    description: 'Denormalized sum of all stock entries (product-level and variants) in active warehouses.',
  })
  stock!: number;
  @Field(() => Int, { nullable: true, description: 'grams' }) weight!: number | null;
  @Field(() => JsonScalar) customFields!: unknown;
  @Field(() => JsonScalar) metadata!: unknown;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  /** Set on rows read through the store surface: only active variants are shown there. */
  storeView?: boolean;
  /** The relations the read's selection asked for (bits of `Details`); unset: all of them. */
  detailsShape?: number;
}

/** A page of products; `facets` only when selected (its statement runs only then). */
@ObjectType('ProductList')
export class ProductList {
  @Field(() => [Product]) items!: Product[];
  @Field(() => PageMeta) meta!: PageMeta;
  @Field(() => [Facet], {
    nullable: true,
    description:
      'The facets of the whole result (not just the page): option groups, filterable attributes, price buckets and ' +
      'availability, each counted under every filter but its own. Computed only when selected (REST: `facets=true`).',
  })
  facets?: Facet[] | null;
}

export enum ProductSort {
  CREATED_AT = 'created_at',
  UPDATED_AT = 'updated_at',
  PRICE_GROSS = 'price_gross',
  PRICE_NET = 'price_net',
  SKU = 'sku',
  STOCK = 'stock',
  NAME = 'name',
}
registerEnumType(ProductSort, {
  name: 'ProductSort',
  description: 'Sort key of product lists (`NAME` sorts by the default-locale name).',
});

@ObjectType({ description: 'Outcome of one item of a bulk create or CSV import.' })
export class BulkItemResult {
  @Field(() => Int) index!: number;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field() success!: boolean;
  @Field(() => UuidScalar, { nullable: true }) id!: string | null;
  @Field(() => [String], { description: 'Why the item failed; empty when it succeeded (never null: contract §2).' })
  errors!: string[];
}

@ObjectType()
export class BulkResult {
  @Field(() => [BulkItemResult]) results!: BulkItemResult[];
  @Field(() => Int) total!: number;
  @Field(() => Int) succeeded!: number;
  @Field(() => Int) failed!: number;
}
