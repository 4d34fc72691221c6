import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { AppError, type ErrorCode } from '../../shared/errors';
import { variantTitleSql } from '../catalog';

/** What a cart or checkout asks for: a product, a variant (which implies its product), a quantity. */
export interface LineRequest {
  productId?: string | null;
  variantId?: string | null;
  quantity: number;
}

/** A line priced from the live catalog, as carts show it and checkout charges it. */
export interface PricedLine {
  productId: string;
  variantId: string | null;
  sku: string;
  name: string;
  /** The variant's option names in the line's locale ("Navy / XL"); null for a product without variants. */
  variantName: string | null;
  currency: string;
  quantity: number;
  unitPriceGross: number;
  unitPriceNet: number;
  /** Basis points from the product's tax rule; 0 without one. */
  taxRate: number;
}

/**
 * Gross price inherited from the product when the variant's is missing or 0 (spec: Variant); net likewise,
 * else derived from gross and the tax rate (contract §7: round(gross × 10000 / (10000 + rate))).
 */
export function unitPrices(
  product: { priceGross: number | null; priceNet: number | null },
  variant: { priceGross: number | null; priceNet: number | null } | null,
  rate: number,
) {
  const gross = (variant?.priceGross || product.priceGross) ?? 0;
  const setNet = variant?.priceNet || product.priceNet;
  const net = setNet ? setNet : Math.round((gross * 10000) / (10000 + rate));
  return { gross, net };
}

/**
 * Prices lines in a constant number of queries. A line that names an unknown or inactive product or
 * variant fails with `missing` (404 `not_found` for carts, 422 `invalid_product` for checkout); a product
 * with variants needs a `variant_id` (400). `field` names the list the lines came from (`items`), so problems carry their JSON path; without it they
 * name the line's own fields (a single cart add). A cart that is
 * only being shown passes `allowInactive`: its lines stay visible (checkout refuses them).
 */
export async function priceLines(
  ctx: Ctx,
  lines: LineRequest[],
  opts: { missing: ErrorCode; field?: string; locale?: string; allowInactive?: boolean },
): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const locale = opts.locale ?? ctx.config['i18n.default_locale'];
  const rows = await catalogOf(ctx, lines, locale);
  return lines.map((line, i) => {
    const at = opts.field ? `${opts.field}[${i}].` : '';
    const row = rows[i];
    const variant = line.variantId && row.variant_id ? row : undefined;
    if (
      line.variantId &&
      (!variant ||
        (!row.variant_active && !opts.allowInactive) ||
        (line.productId && row.variant_product_id !== line.productId))
    ) {
      throw new AppError(opts.missing, 'variant not found or not available', { field: `${at}variant_id` });
    }
    const productId = row.variant_product_id ?? line.productId;
    if (!productId) throw AppError.validation([{ field: `${at}product_id`, detail: 'required' }]);
    if (!row.product_id || (!row.product_active && !opts.allowInactive))
      throw new AppError(opts.missing, 'product not found or not available', { field: `${at}product_id` });
    if (!variant && row.has_variants) throw AppError.validation([{ field: `${at}variant_id`, detail: 'required' }]);
    const rate = row.tax_rate ?? 0;
    const { gross, net } = unitPrices(
      { priceGross: row.price_gross, priceNet: row.price_net },
      variant ? { priceGross: row.variant_price_gross, priceNet: row.variant_price_net } : null,
      rate,
    );
    return {
      productId,
      variantId: variant ? row.variant_id : null,
      sku: (variant ? row.variant_sku : null) ?? row.product_sku ?? '',
      name: row.name ?? '',
      variantName: variant ? row.variant_name : null,
      currency: row.currency!,
      quantity: line.quantity,
      unitPriceGross: gross,
      unitPriceNet: net,
      taxRate: rate,
    };
  });
}

/** One line's product and variant as priced: every column null where the line names nothing that exists. */
interface CatalogRow {
  variant_id: string | null;
  variant_product_id: string | null;
  variant_sku: string | null;
  variant_active: boolean | null;
  variant_price_gross: number | null;
  variant_price_net: number | null;
  product_id: string | null;
  product_sku: string | null;
  product_active: boolean | null;
  price_gross: number | null;
  price_net: number | null;
  currency: string | null;
  tax_rate: number | null;
  has_variants: boolean;
  /** In `locale`, else in the first locale the product has (alphabetically). */
  name: string | null;
  /** The variant's title in `locale` (catalog variant-title.ts); null without a variant or options. */
  variant_name: string | null;
}

/**
 * The catalog rows of every line in one statement, in line order: the variant a line names (if any), the
 * product (the variant's, else the line's), its tax rate, whether it has variants and its name.
 */
function catalogOf(ctx: Ctx, lines: LineRequest[], locale: string): Promise<CatalogRow[]> {
  return ctx.db.$queryRaw<CatalogRow[]>(Prisma.sql`
    SELECT v.id AS variant_id, v.product_id AS variant_product_id, v.sku AS variant_sku, v.active AS variant_active,
      v.price_gross AS variant_price_gross, v.price_net AS variant_price_net,
      p.id AS product_id, p.sku AS product_sku, p.active AS product_active, p.price_gross, p.price_net, p.currency,
      tr.rate AS tax_rate,
      EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id) AS has_variants,
      (SELECT t.name FROM product_translations t WHERE t.product_id = p.id
        ORDER BY t.locale = ${locale} DESC, t.locale LIMIT 1) AS name,
      ${variantTitleSql(Prisma.sql`v.id`, locale)} AS variant_name
    FROM unnest(${lines.map((l) => l.productId ?? null)}::uuid[], ${lines.map((l) => l.variantId ?? null)}::uuid[])
      WITH ORDINALITY AS line(product_id, variant_id, n)
    LEFT JOIN product_variants v ON v.id = line.variant_id
    LEFT JOIN products p ON p.id = COALESCE(v.product_id, line.product_id)
    LEFT JOIN tax_rules tr ON tr.id = p.tax_rule_id
    ORDER BY line.n`);
}
