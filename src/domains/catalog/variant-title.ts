import { Prisma } from '../../generated/prisma/client';

/**
 * A variant's title: its option names joined " / " in the order of their groups (position, then identifier, as
 * `Variant.options` lists them), e.g. "Navy / XL"; NULL for a variant without options. Each name in `locale`, else
 * the option's first translation by locale (as product names fall back at checkout). One correlated subquery over
 * the variant `variantId` (an SQL expression of the outer statement): a list of any length stays one statement.
 */
export const variantTitleSql = (variantId: Prisma.Sql, locale: string) => Prisma.sql`(
  SELECT string_agg(
    (SELECT ot.name FROM property_option_translations ot WHERE ot.property_option_id = po.id
      ORDER BY ot.locale = ${locale} DESC, ot.locale LIMIT 1),
    ' / ' ORDER BY pg.position, pg.identifier COLLATE "C")
  FROM variant_options vo
  JOIN property_options po ON po.id = vo.option_id
  JOIN property_groups pg ON pg.id = po.property_group_id
  WHERE vo.variant_id = ${variantId})`;

/** The title of a variant whose option names are at hand (in group order); null without options. */
export const variantTitleOf = (names: readonly string[]): string | null => (names.length ? names.join(' / ') : null);
