/**
 * SKUs for the variants `optionGroups` generates: the given SKU and each option's name, slugified and upper-case
 * (`TEE` + Navy, XL → `TEE-NAVY-XL`), so a SKU says what it is. Unique within the product: a combination whose
 * SKU is taken (two options that slugify alike, a name without letters or digits, an existing variant's SKU) falls
 * back to the combination's number (`TEE-3`), as every generated SKU did before.
 */
/** The column's width (order_items and product_variants: VARCHAR(100)). */
const MAX_SKU = 100;

export function generatedSkus(
  base: string,
  combos: readonly string[][],
  nameOf: (optionId: string) => string,
  taken: Iterable<string>,
): string[] {
  const used = new Set([...taken].map((s) => s.toUpperCase()));
  return combos.map((optionIds, i) => {
    const parts = optionIds.map((id) => skuPart(nameOf(id)));
    let sku = parts.every(Boolean) ? `${base}-${parts.join('-')}` : '';
    if (!sku || sku.length > MAX_SKU || used.has(sku.toUpperCase())) sku = `${base}-${i + 1}`;
    // Even the number can clash (an earlier variant named `TEE-3`): count on until free.
    for (let n = combos.length + 1; used.has(sku.toUpperCase()); n++) sku = `${base}-${n}`;
    used.add(sku.toUpperCase());
    return sku;
  });
}

/** An option name as a SKU part: "Navy Blue" → "NAVY-BLUE", "Écru" → "ECRU"; accents dropped, other runs a dash. */
export function skuPart(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
