import type pg from 'pg';

/**
 * Seeds the benchmark catalog in a handful of set-based statements: 10 categories (two roots with four
 * children each), two property groups (5 sizes × 2 colours), one warehouse, and `products` active products
 * with an English and a German translation, one category, 10 variants (one per size/colour combination)
 * with stock in the warehouse, and the denormalized stock totals. IDs and `updated_at` are written
 * explicitly, as the schema leaves them to the application.
 */
export async function seedCatalog(db: pg.Client, products: number): Promise<{ slug: string }> {
  await db.query('BEGIN');
  await db.query(`
    INSERT INTO warehouses (id, name, code, priority, updated_at) VALUES (gen_random_uuid(), 'Main', 'MAIN', 0, now());
    INSERT INTO categories (id, parent_id, position, updated_at)
      SELECT gen_random_uuid(), NULL, g, now() FROM generate_series(0, 1) g;
    INSERT INTO categories (id, parent_id, position, updated_at)
      SELECT gen_random_uuid(), r.id, g, now() FROM (SELECT id FROM categories WHERE parent_id IS NULL) r, generate_series(0, 3) g;
    INSERT INTO category_translations (id, category_id, locale, name, slug)
      SELECT gen_random_uuid(), id, 'en', 'Category ' || row_number() OVER (), 'category-' || row_number() OVER () FROM categories;
    INSERT INTO property_groups (id, identifier, position, updated_at) VALUES (gen_random_uuid(), 'size', 0, now()), (gen_random_uuid(), 'color', 1, now());
    INSERT INTO property_group_translations (id, property_group_id, locale, name) SELECT gen_random_uuid(), id, 'en', initcap(identifier) FROM property_groups;
    INSERT INTO property_options (id, property_group_id, position, updated_at)
      SELECT gen_random_uuid(), g.id, s, now() FROM property_groups g, generate_series(0, 4) s WHERE g.identifier = 'size';
    INSERT INTO property_options (id, property_group_id, position, color_hex, updated_at)
      SELECT gen_random_uuid(), g.id, s, CASE s WHEN 0 THEN '#000000' ELSE '#ffffff' END, now() FROM property_groups g, generate_series(0, 1) s WHERE g.identifier = 'color';
    INSERT INTO property_option_translations (id, property_option_id, locale, name)
      SELECT gen_random_uuid(), o.id, 'en', g.identifier || ' ' || o.position FROM property_options o JOIN property_groups g ON g.id = o.property_group_id;
  `);
  await db.query(
    `
    INSERT INTO products (id, sku, active, price_net, price_gross, currency, weight, created_at, updated_at)
      SELECT gen_random_uuid(), 'BENCH-' || i, true, 840 + i, 1000 + i, 'EUR', 250, now() - make_interval(secs => i), now()
      FROM generate_series(1, $1::int) i;
    INSERT INTO product_translations (id, product_id, locale, name, description, slug)
      SELECT gen_random_uuid(), id, 'en', 'Bench product ' || substr(sku, 7), 'A product for the benchmark.', 'bench-product-' || substr(sku, 7) FROM products;
    INSERT INTO product_translations (id, product_id, locale, name, slug)
      SELECT gen_random_uuid(), id, 'de', 'Testprodukt ' || substr(sku, 7), 'testprodukt-' || substr(sku, 7) FROM products;
  `.replace('$1::int', String(products)),
  );
  await db.query(`
    WITH cats AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM categories WHERE parent_id IS NOT NULL),
         prods AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products)
    INSERT INTO product_categories (product_id, category_id, position) SELECT p.id, c.id, 0 FROM prods p JOIN cats c ON c.n = p.n % 8;
    INSERT INTO product_variants (id, product_id, sku, price_gross, stock, active, position, created_at, updated_at)
      SELECT gen_random_uuid(), p.id, p.sku || '-' || s.position || '-' || c.position, CASE WHEN c.position = 1 THEN p.price_gross + 100 ELSE NULL END,
             0, true, s.position * 2 + c.position, now(), now()
      FROM products p,
           (SELECT o.position FROM property_options o JOIN property_groups g ON g.id = o.property_group_id AND g.identifier = 'size') s,
           (SELECT o.position FROM property_options o JOIN property_groups g ON g.id = o.property_group_id AND g.identifier = 'color') c;
    INSERT INTO variant_options (variant_id, option_id)
      SELECT v.id, o.id FROM product_variants v
      JOIN property_groups g ON g.identifier = 'size' JOIN property_options o ON o.property_group_id = g.id AND o.position = v.position / 2;
    INSERT INTO variant_options (variant_id, option_id)
      SELECT v.id, o.id FROM product_variants v
      JOIN property_groups g ON g.identifier = 'color' JOIN property_options o ON o.property_group_id = g.id AND o.position = v.position % 2;
    INSERT INTO stock_entries (id, warehouse_id, product_id, variant_id, quantity, updated_at)
      SELECT gen_random_uuid(), w.id, v.product_id, v.id, 5 + v.position, now() FROM product_variants v, warehouses w;
    UPDATE product_variants v SET stock = se.quantity FROM stock_entries se WHERE se.variant_id = v.id;
    UPDATE products p SET stock = t.total FROM (SELECT product_id, SUM(quantity) AS total FROM stock_entries GROUP BY product_id) t WHERE t.product_id = p.id;
  `);
  await db.query('COMMIT');
  await db.query('ANALYZE');
  return { slug: 'bench-product-1' };
}
