/**
 * A product and, when the row is a variant with options, the variant's option names: "Tee — Navy / XL" (issue 52:
 * order lines and stock rows named the product only). One spelling for labels and single-line cells.
 */
export const withVariant = (product: string, variant?: string | null): string =>
  variant ? `${product} — ${variant}` : product;
