import type { Ctx } from '../../context/ctx';
import { AppError, type ErrorCode } from '../../shared/errors';

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
  const variantIds = lines.flatMap((l) => (l.variantId ? [l.variantId] : []));
  const variants = variantIds.length ? await ctx.db.productVariant.findMany({ where: { id: { in: variantIds } } }) : [];
  const variantById = new Map(variants.map((v) => [v.id, v]));
  const productIds = [
    ...new Set([...lines.flatMap((l) => (l.productId ? [l.productId] : [])), ...variants.map((v) => v.productId)]),
  ];
  const products = await ctx.db.product.findMany({
    where: { id: { in: productIds } },
    include: {
      taxRule: { select: { rate: true } },
      translations: { select: { locale: true, name: true } },
      _count: { select: { variants: true } },
    },
  });
  const productById = new Map(products.map((p) => [p.id, p]));
  const locale = opts.locale ?? ctx.config['i18n.default_locale'];

  return lines.map((line, i) => {
    const at = opts.field ? `${opts.field}[${i}].` : '';
    const variant = line.variantId ? variantById.get(line.variantId) : undefined;
    if (
      line.variantId &&
      (!variant || (!variant.active && !opts.allowInactive) || (line.productId && variant.productId !== line.productId))
    ) {
      throw new AppError(opts.missing, 'variant not found or not available', { field: `${at}variant_id` });
    }
    const productId = variant?.productId ?? line.productId;
    if (!productId) throw AppError.validation([{ field: `${at}product_id`, detail: 'required' }]);
    const product = productById.get(productId);
    if (!product || (!product.active && !opts.allowInactive))
      throw new AppError(opts.missing, 'product not found or not available', { field: `${at}product_id` });
    if (!variant && product._count.variants > 0)
      throw AppError.validation([{ field: `${at}variant_id`, detail: 'required' }]);
    const rate = product.taxRule?.rate ?? 0;
    const { gross, net } = unitPrices(product, variant ?? null, rate);
    const name = (product.translations.find((t) => t.locale === locale) ?? product.translations[0])?.name ?? '';
    return {
      productId,
      variantId: variant?.id ?? null,
      sku: variant?.sku ?? product.sku ?? '',
      name,
      currency: product.currency,
      quantity: line.quantity,
      unitPriceGross: gross,
      unitPriceNet: net,
      taxRate: rate,
    };
  });
}
