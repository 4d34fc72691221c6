import { changesStoreData, writtenTables } from './write-watch';

describe('writtenTables', () => {
  it('finds the targets of Prisma and raw writes, quoted or not', () => {
    expect(writtenTables('INSERT INTO "public"."products" ("id") VALUES ($1) RETURNING "id"')).toEqual(['products']);
    expect(writtenTables('UPDATE product_variants v SET stock = 1 WHERE v.id = ANY($1)')).toEqual(['product_variants']);
    expect(writtenTables('DELETE FROM "public"."product_tags" WHERE 1=1')).toEqual(['product_tags']);
    expect(writtenTables('WITH x AS (UPDATE stock_entries SET quantity = 1 RETURNING id) SELECT * FROM x')).toEqual([
      'stock_entries',
    ]);
  });

  it('ignores reads, row locks, upserts’ DO UPDATE and transaction control', () => {
    expect(writtenTables('SELECT id FROM products WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE')).toEqual([]);
    expect(writtenTables('SELECT id FROM automation_events FOR UPDATE SKIP LOCKED')).toEqual([]);
    expect(writtenTables('INSERT INTO carts (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = $1')).toEqual([
      'carts',
    ]);
    expect(writtenTables('COMMIT')).toEqual([]);
    expect(writtenTables('BEGIN')).toEqual([]);
  });
});

describe('changesStoreData', () => {
  it('counts catalog, price and stock tables, and any table it does not know', () => {
    expect(changesStoreData('UPDATE "public"."products" SET "price_gross" = $1')).toBe(true);
    expect(changesStoreData('INSERT INTO "public"."stock_entries" ("id") VALUES ($1)')).toBe(true);
    expect(changesStoreData('INSERT INTO "public"."plugin_new_table" ("id") VALUES ($1)')).toBe(true);
  });

  it('leaves carts, orders, tokens and outboxes out', () => {
    expect(changesStoreData('INSERT INTO "public"."cart_items" ("id") VALUES ($1)')).toBe(false);
    expect(changesStoreData('UPDATE "public"."automation_events" SET "status" = $1')).toBe(false);
    expect(changesStoreData('UPDATE "public"."api_keys" SET "last_used_at" = $1')).toBe(false);
    expect(changesStoreData('SELECT * FROM products')).toBe(false);
  });
});
