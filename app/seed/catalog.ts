import { randomUUID } from 'node:crypto';

import type { Db } from '../../src/platform/db/database';

/** What `svc seed --catalog` writes besides the products; the benchmark reads the ids back from here. */
export interface CatalogSeedSummary {
  products: number;
  variants: number;
  warehouseId: string;
  shippingMethodId: string;
  paymentMethodId: string;
  /** The English slug of the first product (`catalog-product-1`). */
  firstSlug: string;
  /** The batches skipped the row-by-row foreign-key checks (see {@link mayTrustSeedRows}). */
  rowChecksSkipped: boolean;
  ms: number;
}

export interface CatalogSeedOptions {
  products: number;
  /** Variants per product, 0–10 (5 sizes × 2 colours). */
  variants: number;
  /** Products per transaction. */
  batchSize?: number;
  /** Called after each committed batch; that writer takes its next batch once a returned promise settles. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

const SIZES = 5;
const COLOURS = 2;
export const MAX_SEED_VARIANTS = SIZES * COLOURS;
/**
 * Products per batch (transaction): 500 products are about 27,000 rows with 10 variants each. Seeding 100,000
 * products took 62 s with batches of 1,000, 52 s with 500 and 56 s with 250 or 100 here (two at a time).
 */
export const DEFAULT_SEED_BATCH = 500;
/**
 * Batches written at a time: PostgreSQL builds each batch's statement on one core, so two keep a 2-core server
 * busy (1.6× the rows per second of one here). The embedded database has one connection and takes them in turn.
 */
const SEED_CONCURRENCY = 2;

/**
 * Bulk load of a synthetic catalog (load tests, benchmarks, trying the API on a realistic size): the fast path
 * that has PostgreSQL generate the rows, a batch of products per transaction in one statement (see
 * {@link writeBatch}), where the bulk-import mutation validates and saves product by product. Each product has an English and a German
 * translation, one category, `variants` variants (one per size × colour), stock of 5–14 per variant in one
 * warehouse with its `adjustment` movement (the ledger stays consistent: entries equal the sum of movements),
 * and the denormalized stock totals. A shipping method and a manual payment method make checkouts possible.
 * Refuses a catalog that already has products (the seed's SKUs, slugs and property groups would collide).
 */
export async function seedCatalog(db: Db, opts: CatalogSeedOptions): Promise<CatalogSeedSummary | null> {
  const started = Date.now();
  if (await db.product.findFirst({ select: { id: true } })) return null;
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_SEED_BATCH);
  // The set-up (warehouse, categories, property groups with their options, methods) is a few dozen statements:
  // Prisma's default 5 s budget for an interactive transaction was missed on a loaded machine, and the statements
  // after the rollback then failed on foreign keys. A minute is ample and still bounded.
  const base = await db.$transaction(async (tx) => setUp(tx as unknown as Db), { maxWait: 10_000, timeout: 60_000 });
  const now = Date.now();
  const trusted = await mayTrustSeedRows(db);
  // SEED_CONCURRENCY batches at a time, each one statement (atomic on its own, no interactive transaction and so
  // no timeout of one). A failed batch stops the others from taking another; the batches before it stay.
  let next = 0;
  let done = 0;
  let failed = false;
  const writer = async () => {
    while (next < opts.products && !failed) {
      const from = next;
      const count = Math.min(batchSize, opts.products - from);
      next += count;
      try {
        await writeBatch(db, base, { from, count, variants: opts.variants, now, trusted });
      } catch (err) {
        failed = true;
        throw err;
      }
      done += count;
      await opts.onProgress?.(done, opts.products);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, writer));
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
    rowChecksSkipped: trusted,
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

/**
 * Products `from + 1 … from + count`, newest first by number (product 1 is the newest), in one statement: the
 * rows are generated by PostgreSQL (`generate_series`) and written by data-modifying CTEs, one per table, so
 * nothing crosses the wire but the batch's numbers and the base ids. The foreign keys between the CTEs' rows
 * are checked at the end of the statement, when all of them are in. Product `i`: SKU `CAT-i`, prices 840 + i
 * net and 1000 + i gross, created `i` seconds before `now`; its variant `v` is size `v / 2` and colour `v % 2`,
 * costs 1100 + i in colour 1 (else inherits), and has 5 + v in stock, with its `adjustment` movement. The product's
 * vector of names is written with it from the same two names, as `svc_product_search_names` builds it (names in
 * locale order): a trusted batch runs with triggers off, and otherwise the trigger writes the same value once more.
 */
async function writeBatch(db: Db, base: SeedBase, batch: SeedBatch) {
  const { from, count, variants, now } = batch;
  const productStock = variants ? 5 * variants + (variants * (variants - 1)) / 2 : 10;
  const insert = db.$executeRawUnsafe(
    `WITH n AS MATERIALIZED (
       SELECT i, gen_random_uuid() AS id, to_timestamp(($3::bigint - i * 1000) / 1000.0) AS created_at,
              'Catalog product ' || i AS name_en, 'Katalogprodukt ' || i AS name_de
       FROM generate_series($1::int, $2::int) i),
     v AS MATERIALIZED (
       SELECT gen_random_uuid() AS id, n.id AS product_id, n.i, n.created_at, g AS pos
       FROM n, generate_series(0, $4::int - 1) g),
     ins_products AS (
       INSERT INTO products (id, sku, active, price_net, price_gross, currency, weight, stock, search_names, created_at, updated_at)
       SELECT id, 'CAT-' || i, true, 840 + i, 1000 + i, 'EUR', 250, $5::int,
              to_tsvector('simple', name_de || ' ' || name_en), created_at, now() FROM n),
     ins_translations AS (
       INSERT INTO product_translations (id, product_id, locale, name, description, slug)
       SELECT gen_random_uuid(), id, 'en', name_en, 'A product of the seeded catalog.', 'catalog-product-' || i FROM n
       UNION ALL
       SELECT gen_random_uuid(), id, 'de', name_de, NULL, 'katalogprodukt-' || i FROM n),
     ins_categories AS (
       INSERT INTO product_categories (product_id, category_id)
       SELECT id, ($6::uuid[])[i % cardinality($6::uuid[]) + 1] FROM n),
     ins_variants AS (
       INSERT INTO product_variants (id, product_id, sku, price_gross, stock, position, created_at, updated_at)
       SELECT id, product_id, 'CAT-' || i || '-' || pos / 2 || '-' || pos % 2,
              CASE WHEN pos % 2 = 1 THEN 1100 + i END, 5 + pos, pos, created_at, now() FROM v),
     ins_options AS (
       INSERT INTO variant_options (variant_id, option_id)
       SELECT id, ($7::uuid[])[pos / 2 + 1] FROM v UNION ALL SELECT id, ($8::uuid[])[pos % 2 + 1] FROM v),
     stock AS (
       SELECT product_id, id AS variant_id, 5 + pos AS quantity FROM v
       UNION ALL SELECT id, NULL, 10 FROM n WHERE $4::int = 0),
     ins_entries AS (
       INSERT INTO stock_entries (id, warehouse_id, product_id, variant_id, quantity, updated_at)
       SELECT gen_random_uuid(), $9::uuid, product_id, variant_id, quantity, now() FROM stock)
     INSERT INTO stock_movements (id, warehouse_id, product_id, variant_id, type, quantity, reference)
     SELECT gen_random_uuid(), $9::uuid, product_id, variant_id, 'adjustment', quantity, 'seed' FROM stock`,
    from + 1,
    from + count,
    now,
    variants,
    productStock,
    base.categoryIds,
    base.sizes,
    base.colours,
    base.warehouseId,
  );
  if (!batch.trusted) {
    await insert;
    return;
  }
  // The batch's rows reference each other (made in the statement) and the base rows (made by setUp). The row-by-row
  // foreign-key checks, two thirds of the batch's time, are skipped (`replica` also skips the cache triggers); the
  // base rows are locked once, as each check would have locked them, so none can be deleted under the batch, and
  // the cache hears `*` (every answer), as it would from the triggers of a write this size.
  const referenced = 1 + base.categoryIds.length + base.sizes.length + base.colours.length;
  const [, locked] = await db.$transaction([
    db.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`),
    db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM warehouses WHERE id = $1::uuid FOR KEY SHARE) w)::int
            + (SELECT count(*) FROM (SELECT 1 FROM categories WHERE id = ANY($2::uuid[]) FOR KEY SHARE) c)::int
            + (SELECT count(*) FROM (SELECT 1 FROM property_options WHERE id = ANY($3::uuid[]) FOR KEY SHARE) o)::int AS n`,
      base.warehouseId,
      base.categoryIds,
      [...base.sizes, ...base.colours],
    ),
    insert,
    db.$executeRawUnsafe(`SELECT svc_cache_retire(ARRAY['*'])`),
  ]);
  // A base row deleted before the lock: the checks would have refused the batch, so this does (and rolls it back).
  if (locked[0].n !== referenced) throw new Error('seed: the warehouse, a category or a property option was deleted');
}

interface SeedBatch {
  from: number;
  count: number;
  variants: number;
  now: number;
  /** The batch may skip the row-by-row foreign-key checks (see {@link mayTrustSeedRows}). */
  trusted: boolean;
}

/**
 * Whether this connection may set `session_replication_role` (a superuser, or one granted SET on it), which lets
 * a batch skip the foreign-key checks of rows it generated itself. Without it the seed is the same, about three
 * times slower per batch.
 */
async function mayTrustSeedRows(db: Db): Promise<boolean> {
  try {
    const [row] = await db.$queryRawUnsafe<{ ok: boolean }[]>(
      `SELECT has_parameter_privilege('session_replication_role', 'SET') AS ok`,
    );
    return row?.ok === true;
  } catch {
    // PostgreSQL before 15 has no parameter privileges: only a superuser may set it.
    const [row] = await db.$queryRawUnsafe<{ ok: boolean }[]>(
      `SELECT rolsuper AS ok FROM pg_roles WHERE rolname = current_user`,
    );
    return row?.ok === true;
  }
}
