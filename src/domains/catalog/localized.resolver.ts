import { Arg, Ctx as Context, FieldResolver, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { productDetailsFor } from './catalog.loaders';
import { Details } from './details-shape';
import { LOCALE_ARG, localized } from './localized';
import { AttributeValue, NameTranslation, Product, Variant, VariantOptionRef } from './product.type';
import { Attribute, AttributeOption, AttributeTranslation, PropertyGroup, PropertyOption } from './property.type';
import { variantTitleOf } from './variant-title';

/**
 * Names, slugs and descriptions resolved in one locale beside the `translations` lists, so a storefront need not
 * pick a translation itself (issue 27). Each reads the translations already loaded with its entity: no field
 * adds a statement. GraphQL only: REST answers keep the spec's `translations` arrays.
 */

function nameOf(ctx: Ctx, translations: readonly NameTranslation[], locale?: string | null): string {
  return localized(ctx, translations, locale)?.name ?? '';
}

/** The product's translation to show, from the details the page's loader already holds. */
async function productTranslation(ctx: Ctx, p: Product, locale?: string | null) {
  return localized(ctx, (await productDetailsFor(ctx.loaders, p, Details.translations)).translations!, locale);
}

@Resolver(() => Product)
export class ProductLocalizedResolver {
  @FieldResolver(() => String, { description: 'Name in the chosen locale (see `locale`).' })
  async name(@Root() p: Product, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return (await productTranslation(ctx, p, locale))?.name ?? '';
  }

  @FieldResolver(() => String, { description: 'Slug in the chosen locale: the store product route takes it.' })
  async slug(@Root() p: Product, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return (await productTranslation(ctx, p, locale))?.slug ?? '';
  }

  @FieldResolver(() => String, { nullable: true, description: 'Description in the chosen locale.' })
  async description(@Root() p: Product, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return (await productTranslation(ctx, p, locale))?.description ?? null;
  }
}

@Resolver(() => VariantOptionRef)
export class VariantOptionLocalizedResolver {
  @FieldResolver(() => String, { description: 'The option’s label in the chosen locale (e.g. “Red”).' })
  name(@Root() o: VariantOptionRef, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return nameOf(ctx, o.translations, locale);
  }

  @FieldResolver(() => String, {
    description:
      'The option group’s name in the chosen locale (e.g. “Farbe”), the legend of a variant picker; its identifier ' +
      'when the group has no name.',
  })
  groupName(
    @Root() o: VariantOptionRef,
    @Context() ctx: Ctx,
    @Arg('locale', () => String, LOCALE_ARG) locale?: string,
  ) {
    // Options are always read with their group's names (catalog.loaders.ts OPTION_JSON): no statement here.
    return localized(ctx, o.groupTranslations ?? [], locale)?.name ?? o.propertyGroupIdentifier;
  }
}

@Resolver(() => Variant)
export class VariantLocalizedResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The option names in the chosen locale joined " / " in group order (e.g. “Navy / XL”); null without options.',
  })
  title(@Root() v: Variant, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return variantTitleOf((v.options ?? []).map((o) => nameOf(ctx, o.translations, locale)));
  }
}

@Resolver(() => AttributeValue)
export class AttributeValueLocalizedResolver {
  @FieldResolver(() => String, { description: 'The attribute’s name in the chosen locale (e.g. “Material”).' })
  name(@Root() v: AttributeValue, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return nameOf(ctx, v.translations, locale);
  }
}

@Resolver(() => PropertyGroup)
export class PropertyGroupLocalizedResolver {
  @FieldResolver(() => String, { description: 'Name in the chosen locale (e.g. “Size”).' })
  name(@Root() g: PropertyGroup, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return nameOf(ctx, g.translations, locale);
  }
}

@Resolver(() => PropertyOption)
export class PropertyOptionLocalizedResolver {
  @FieldResolver(() => String, { description: 'Name in the chosen locale (e.g. “XL”).' })
  name(@Root() o: PropertyOption, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return nameOf(ctx, o.translations, locale);
  }
}

@Resolver(() => Attribute)
export class AttributeLocalizedResolver {
  @FieldResolver(() => String, { description: 'Name in the chosen locale.' })
  name(@Root() a: Attribute, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return localized<AttributeTranslation>(ctx, a.translations, locale)?.name ?? '';
  }

  @FieldResolver(() => String, { nullable: true, description: 'Description in the chosen locale.' })
  description(@Root() a: Attribute, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return localized<AttributeTranslation>(ctx, a.translations, locale)?.description ?? null;
  }
}

@Resolver(() => AttributeOption)
export class AttributeOptionLocalizedResolver {
  @FieldResolver(() => String, { description: 'Name in the chosen locale.' })
  name(@Root() o: AttributeOption, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return nameOf(ctx, o.translations, locale);
  }
}

export const LOCALIZED_RESOLVERS = [
  ProductLocalizedResolver,
  VariantOptionLocalizedResolver,
  VariantLocalizedResolver,
  AttributeValueLocalizedResolver,
  PropertyGroupLocalizedResolver,
  PropertyOptionLocalizedResolver,
  AttributeLocalizedResolver,
  AttributeOptionLocalizedResolver,
] as const;
