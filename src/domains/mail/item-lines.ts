/** A line of an after-sales email as the orders domain passes it: the order line's name snapshot and a quantity. */
export interface NoticeLine {
  name: string;
  variantName: string | null;
  quantity: number;
}

/** The `items` of an email's data (snake_case, as the templates read them): what shipped, or what came back. */
export function itemLines(
  lines: readonly NoticeLine[],
): Array<{ name: string; variant_name: string | null; quantity: number }> {
  return lines.map((l) => ({ name: l.name, variant_name: l.variantName, quantity: l.quantity }));
}
