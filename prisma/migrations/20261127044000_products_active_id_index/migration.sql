-- The store's lists count only active products: with the ids of the active ones in an index of their own, the
-- capped count of a broad category filter reads two indexes in id order (this one and product_categories' key)
-- and stops at 10,001 matches without visiting the table (100,000 products, root of half of them: 20 ms with the
-- table's rows fetched in uuid order, 13 ms index-only; docs/decisions.md D-299).
-- Hand-written: the schema engine cannot express a partial index (like the full-text index, it does not see it).
CREATE INDEX "products_active_id_idx" ON "products" ("id") WHERE "active";
