import { ArgsType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { Rules } from '../../shared/validation/rules';

/** The most ids `options` and `attributes` of a product list may each hold (a filter sidebar's checkboxes). */
export const FACET_FILTER_MAX_IDS = 100;

export enum FacetKind {
  OPTION = 'option',
  ATTRIBUTE = 'attribute',
  PRICE = 'price',
  AVAILABILITY = 'availability',
}
registerEnumType(FacetKind, {
  name: 'FacetKind',
  description:
    '`OPTION`: a property group of the variants (Size, Colour); `ATTRIBUTE`: a filterable attribute with options; ' +
    '`PRICE`: gross price buckets; `AVAILABILITY`: products in stock.',
});

@ObjectType({ description: 'One checkbox of a facet: an option, a price bucket or "in stock", with its count.' })
export class FacetValue {
  @Field(() => UuidScalar, { nullable: true, description: 'The option id (null for price buckets and stock).' })
  id!: string | null;
  @Field({ description: 'The option’s name in the request’s locale; `min–max` for a price bucket.' })
  label!: string;
  @Field(() => Int, {
    description: 'Products of the list with this value, counted under every other filter but this facet’s own.',
  })
  count!: number;
  @Field({ description: 'Whether the list’s filter selects this value.' }) selected!: boolean;
  @Field(() => Int, { nullable: true, description: 'A price bucket’s lowest gross price (minor units).' })
  min!: number | null;
  @Field(() => Int, { nullable: true, description: 'A price bucket’s highest gross price (minor units).' })
  max!: number | null;
  @Field(() => String, { nullable: true, description: 'A colour option’s swatch (`#rrggbb`).' })
  colorHex!: string | null;
}

@ObjectType({
  description:
    'A facet of a product list: its values with counts computed as if this facet’s own filter were not applied.',
})
export class Facet {
  @Field(() => FacetKind) kind!: FacetKind;
  @Field(() => UuidScalar, { nullable: true, description: 'The property group or attribute id.' })
  id!: string | null;
  @Field({ description: 'The group’s or attribute’s name in the request’s locale (`Price`, `Availability`).' })
  name!: string;
  @Field(() => [FacetValue]) values!: FacetValue[];
  @Field(() => Int, { nullable: true, description: 'PRICE: the lowest gross price under the other filters.' })
  min!: number | null;
  @Field(() => Int, { nullable: true, description: 'PRICE: the highest gross price under the other filters.' })
  max!: number | null;
}

/**
 * The faceted filters of both product lists. Option ids of one property group are OR-ed, groups AND-ed, and one
 * variant must carry the selected options of every group at once (Size M + Colour Red: a red M exists), within the
 * price range and in stock when those are given (docs/decisions.md). Attribute option ids: OR within an
 * attribute, AND across attributes, the product's or any of its variants' values. Unknown ids are ignored.
 */
@ArgsType()
export class FacetFilterArgs {
  @Field(() => [UuidScalar], {
    nullable: true,
    description: `Property option ids (at most ${FACET_FILTER_MAX_IDS}): OR within a group, AND across groups, on one variant.`,
  })
  @Rules({ maxItems: FACET_FILTER_MAX_IDS })
  options?: string[];
  @Field(() => [UuidScalar], {
    nullable: true,
    description: `Attribute option ids (at most ${FACET_FILTER_MAX_IDS}): OR within an attribute, AND across attributes.`,
  })
  @Rules({ maxItems: FACET_FILTER_MAX_IDS })
  attributes?: string[];
  @Field(() => Int, {
    nullable: true,
    description: 'Lowest gross price (minor units, as `priceGross`): a variant’s own price counts.',
  })
  @Rules({ min: 0 })
  priceMin?: number;
  @Field(() => Int, { nullable: true, description: 'Highest gross price (minor units); not below `priceMin`.' })
  @Rules({ min: 0 })
  priceMax?: number;
  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only products with a matching variant (or, without variants, the product) in stock.',
  })
  inStock?: boolean;
}
