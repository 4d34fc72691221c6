import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/database';

/** What `svc seed --catalog` writes besides the products; the benchmark reads the ids back from here. */
export interface CatalogSeedSummary {
  products: number;
  variants: number;
  warehouseId: string;
  shippingMethodId: string;
  paymentMethodId: string;
  /** The English slug of the first product (`catalog-product-1`). */
  firstSlug: string;
  ms: number;
}

export interface CatalogSeedOptions {
  products: number;
  /** Variants per product, 0–10 (5 sizes × 2 colours). */
  variants: number;
  /** Products per transaction. */
  batchSize?: number;
  /** Called after each committed batch. */
  onProgress?: (done: number, total: number) => void;
}

const SIZES = 5;
const COLOURS = 2;
export const MAX_SEED_VARIANTS = SIZES * COLOURS;

/**
 * Bulk load of a synthetic catalog (load tests, benchmarks, trying the API on a realistic size): the fast path
 * that writes rows with `createMany`, a batch of products per transaction (one INSERT per table per batch), where
 * the bulk-import mutation validates and saves product by product. Each product has an English and a German
 * translation, one category, `variants` variants (one per size × colour), stock of 5–14 per variant in one
 * warehouse with its `adjustment` movement (the ledger stays consistent: entries equal the sum of movements),
 * and the denormalized stock totals. A shipping method and a manual payment method make checkouts possible.
 * Refuses a catalog that already has products (the seed's SKUs, slugs and property groups would collide).
 */
export async function seedCatalog(db: Db, opts: CatalogSeedOptions): Promise<CatalogSeedSummary | null> {
  const started = Date.now();
  if (await db.product.findFirst({ select: { id: true } })) return null;
  const batchSize = Math.max(1, opts.batchSize ?? 250);
  const base = await db.$transaction(async (tx) => setUp(tx as unknown as Db));
  const now = Date.now();
  for (let from = 0; from < opts.products; from += batchSize) {
    const count = Math.min(batchSize, opts.products - from);
    await db.$transaction(async (tx) => writeBatch(tx as unknown as Db, base, from, count, opts.variants, now));
    opts.onProgress?.(from + count, opts.products);
  }
  // Fresh statistics for the planner: until autovacuum gets to it, a bulk-loaded table looks empty to
  // PostgreSQL, and the plans of queries with nested subqueries go badly wrong (the bench's floor ran 6× slower).
  await db.$executeRawUnsafe('ANALYZE');
  return {
    products: opts.products,
    variants: opts.products * opts.variants,
    warehouseId: base.warehouseId,
    shippingMethodId: base.shippingMethodId,
    paymentMethodId: base.paymentMethodId,
    firstSlug: 'catalog-product-1',
    ms: Date.now() - started,
  };
}

interface SeedBase {
  warehouseId: string;
  shippingMethodId: string;
  paymentMethodId: string;
  categoryIds: string[];
  /** sizes[s], colours[c]: property option ids. */
  sizes: string[];
  colours: string[];
}

/** Warehouse, two root categories with four children each, the size and colour axes, shipping and payment. */
async function setUp(db: Db): Promise<SeedBase> {
  const warehouseId = randomUUID();
  await db.warehouse.create({ data: { id: warehouseId, name: 'Seed warehouse', code: 'SEED-MAIN' } });
  const categoryIds: string[] = [];
  for (let r = 0; r < 2; r++) {
    const root = await db.category.create({
      data: { position: r, translations: { create: { locale: 'en', name: `Range ${r + 1}`, slug: `range-${r + 1}` } } },
    });
    for (let c = 0; c < 4; c++) {
      const n = r * 4 + c + 1;
      const child = await db.category.create({
        data: {
          parentId: root.id,
          position: c,
          translations: { create: { locale: 'en', name: `Category ${n}`, slug: `category-${n}` } },
        },
      });
      categoryIds.push(child.id);
    }
  }
  const axis = async (identifier: string, position: number, names: string[], colours?: string[]) => {
    const group = await db.propertyGroup.create({
      data: { identifier, position, translations: { create: { locale: 'en', name: identifier } } },
    });
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const option = await db.propertyOption.create({
        data: {
          propertyGroupId: group.id,
          position: i,
          colorHex: colours?.[i],
          translations: { create: { locale: 'en', name } },
        },
      });
      ids.push(option.id);
    }
    return ids;
  };
  const sizes = await axis('size', 0, ['XS', 'S', 'M', 'L', 'XL']);
  const colours = await axis('color', 1, ['Black', 'White'], ['#000000', '#ffffff']);
  const shipping = await db.shippingMethod.create({
    data: { priceNet: 412, priceGross: 490, translations: { create: { locale: 'en', name: 'Standard' } } },
  });
  const payment = await db.paymentMethod.create({
    data: { translations: { create: { locale: 'en', name: 'Invoice' } } },
  });
  return {
    warehouseId,
    shippingMethodId: shipping.id,
    paymentMethodId: payment.id,
    categoryIds,
    sizes,
    colours,
  };
}

/** Products `from + 1 … from + count`, newest first by number (product 1 is the newest). */
async function writeBatch(db: Db, base: SeedBase, from: number, count: number, variants: number, now: number) {
  const products = [];
  const translations = [];
  const categories = [];
  const variantRows = [];
  const options = [];
  const entries = [];
  const movements = [];
  for (let i = from + 1; i <= from + count; i++) {
    const id = randomUUID();
    const createdAt = new Date(now - i * 1000);
    let total = 0;
    for (let v = 0; v < variants; v++) {
      const variantId = randomUUID();
      const [size, colour] = [Math.floor(v / COLOURS), v % COLOURS];
      const stock = 5 + v;
      total += stock;
      variantRows.push({
        id: variantId,
        productId: id,
        sku: `CAT-${i}-${size}-${colour}`,
        priceGross: colour === 1 ? 1100 + i : null,
        stock,
        position: v,
        createdAt,
      });
      options.push({ variantId, optionId: base.sizes[size] }, { variantId, optionId: base.colours[colour] });
      entries.push({ warehouseId: base.warehouseId, productId: id, variantId, quantity: stock });
      movements.push({
        warehouseId: base.warehouseId,
        productId: id,
        variantId,
        type: 'adjustment' as const,
        quantity: stock,
        reference: 'seed',
      });
    }
    if (variants === 0) {
      total = 10;
      entries.push({ warehouseId: base.warehouseId, productId: id, variantId: null, quantity: total });
      movements.push({
        warehouseId: base.warehouseId,
        productId: id,
        variantId: null,
        type: 'adjustment' as const,
        quantity: total,
        reference: 'seed',
      });
    }
    products.push({
      id,
      sku: `CAT-${i}`,
      active: true,
      priceNet: 840 + i,
      priceGross: 1000 + i,
      currency: 'EUR',
      weight: 250,
      stock: total,
      createdAt,
    });
    translations.push(
      {
        productId: id,
        locale: 'en',
        name: `Catalog product ${i}`,
        description: 'A product of the seeded catalog.',
        slug: `catalog-product-${i}`,
      },
      { productId: id, locale: 'de', name: `Katalogprodukt ${i}`, slug: `katalogprodukt-${i}` },
    );
    categories.push({ productId: id, categoryId: base.categoryIds[i % base.categoryIds.length] });
  }
  // Parents before children: one INSERT per table for the whole batch, its columns sent as arrays
  // (`unnest`): a handful of parameters however many rows, where a multi-row VALUES list would bind thousands.
  await insertRows(db, 'products', PRODUCT_COLUMNS, products);
  await insertRows(db, 'product_translations', TRANSLATION_COLUMNS, translations);
  await insertRows(db, 'product_categories', CATEGORY_COLUMNS, categories);
  await insertRows(db, 'product_variants', VARIANT_COLUMNS, variantRows);
  await insertRows(db, 'variant_options', OPTION_COLUMNS, options);
  await insertRows(db, 'stock_entries', ENTRY_COLUMNS, entries);
  await insertRows(db, 'stock_movements', MOVEMENT_COLUMNS, movements);
}

type Columns = Array<[column: string, key: string, type: string]>;
const PRODUCT_COLUMNS: Columns = [
  ['id', 'id', 'uuid'],
  ['sku', 'sku', 'text'],
  ['active', 'active', 'bool'],
  ['price_net', 'priceNet', 'int'],
  ['price_gross', 'priceGross', 'int'],
  ['currency', 'currency', 'text'],
  ['weight', 'weight', 'int'],
  ['stock', 'stock', 'int'],
  ['created_at', 'createdAt', 'timestamptz'],
];
const TRANSLATION_COLUMNS: Columns = [
  ['product_id', 'productId', 'uuid'],
  ['locale', 'locale', 'text'],
  ['name', 'name', 'text'],
  ['description', 'description', 'text'],
  ['slug', 'slug', 'text'],
];
const CATEGORY_COLUMNS: Columns = [
  ['product_id', 'productId', 'uuid'],
  ['category_id', 'categoryId', 'uuid'],
];
const VARIANT_COLUMNS: Columns = [
  ['id', 'id', 'uuid'],
  ['product_id', 'productId', 'uuid'],
  ['sku', 'sku', 'text'],
  ['price_gross', 'priceGross', 'int'],
  ['stock', 'stock', 'int'],
  ['position', 'position', 'int'],
  ['created_at', 'createdAt', 'timestamptz'],
];
const OPTION_COLUMNS: Columns = [
  ['variant_id', 'variantId', 'uuid'],
  ['option_id', 'optionId', 'uuid'],
];
const ENTRY_COLUMNS: Columns = [
  ['warehouse_id', 'warehouseId', 'uuid'],
  ['product_id', 'productId', 'uuid'],
  ['variant_id', 'variantId', 'uuid'],
  ['quantity', 'quantity', 'int'],
];
const MOVEMENT_COLUMNS: Columns = [
  ['warehouse_id', 'warehouseId', 'uuid'],
  ['product_id', 'productId', 'uuid'],
  ['variant_id', 'variantId', 'uuid'],
  ['type', 'type', 'stock_movement_type'],
  ['quantity', 'quantity', 'int'],
  ['reference', 'reference', 'text'],
];

/** Tables whose `id` and `updated_at` the schema leaves to the application (Prisma fills them on its own writes). */
const NEEDS_ID = new Set(['product_translations', 'stock_entries', 'stock_movements']);
const NEEDS_UPDATED_AT = new Set(['products', 'product_variants', 'stock_entries']);

/** `INSERT INTO table (…) SELECT * FROM unnest($1::type[], …)`: one statement, one parameter per column. */
async function insertRows(db: Db, table: string, columns: Columns, rows: Array<Record<string, unknown>>) {
  if (!rows.length) return;
  const names = columns.map(([column]) => column);
  const selects = columns.map((_, i) => `c${i}`);
  if (NEEDS_ID.has(table)) {
    names.push('id');
    selects.push('gen_random_uuid()');
  }
  if (NEEDS_UPDATED_AT.has(table)) {
    names.push('updated_at');
    selects.push('now()');
  }
  const unnest = columns.map(([, , type], i) => `$${i + 1}::${type === 'stock_movement_type' ? 'text' : type}[]`);
  const casts = selects.map((s, i) => (columns[i]?.[2] === 'stock_movement_type' ? `${s}::stock_movement_type` : s));
  const values = columns.map(([, key, type]) =>
    rows.map((row) => {
      const v = row[key];
      return v instanceof Date ? v.toISOString() : type === 'int' && v != null ? Number(v) : (v ?? null);
    }),
  );
  await db.$executeRawUnsafe(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${casts.join(', ')} FROM unnest(${unnest.join(', ')}) AS t(${columns.map((_, i) => `c${i}`).join(', ')})`,
    ...values,
  );
}
