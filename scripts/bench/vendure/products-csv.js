/**
 * Writes Vendure's product import file for the bench catalog's shape: 1,000 products (BENCH_PRODUCTS) with ten
 * variants each (five sizes × two colours), one brand facet value, a description, stock and a price.
 */
const { writeFileSync } = require('node:fs');

const products = Number(process.env.BENCH_PRODUCTS ?? 1000);
const sizes = ['xs', 's', 'm', 'l', 'xl'];
const colours = ['black', 'white'];
const header = [
  'name',
  'slug',
  'description',
  'assets',
  'facets',
  'optionGroups',
  'optionValues',
  'sku',
  'price',
  'taxCategory',
  'stockOnHand',
  'trackInventory',
  'variantAssets',
  'variantFacets',
];
const quote = (value) => `"${String(value).replace(/"/g, '""')}"`;
const rows = [header];
for (let p = 0; p < products; p++) {
  let first = true;
  for (const size of sizes)
    for (const colour of colours) {
      const product = first
        ? [
            `Product ${p}`,
            `product-${p}`,
            `A product of the bench catalog, number ${p}.`,
            '',
            `brand:Brand ${p % 20}`,
            'size|colour',
          ]
        : ['', '', '', '', '', ''];
      rows.push([
        ...product,
        `${size}|${colour}`,
        `SKU-${p}-${size}-${colour}`,
        (10 + (p % 90)).toFixed(2),
        'standard',
        100,
        'true',
        '',
        '',
      ]);
      first = false;
    }
}
writeFileSync(process.argv[2] ?? 'products.csv', `${rows.map((r) => r.map(quote).join(',')).join('\n')}\n`);
