-- Faceted answers (issue 50) are no longer retired by every sale. A checkout lowers a variant's and its product's
-- stock, and both announced what every faceted answer declared (`l:facets` from product_variants and
-- stock_entries, `l:stock` from products), so one sale anywhere emptied the cache of every sidebar. The facets
-- only see whether a unit is in stock (`stock > 0`), its price, whether it is active and whose it is:
--
-- - products announce `l:in_stock` when a product's stock crosses zero (faceted answers declare it instead of
--   `l:stock`, which lists sorted by stock keep);
-- - product_variants announce `l:facets` when a variant is added or removed, or changes product, active, price or
--   crosses zero, not on every stock change;
-- - stock_entries announce only their product: a variant's and a product's `stock` are the sums of their entries,
--   written in the same transaction (inventory/stock-ledger.ts, stock-totals.ts), so their triggers see any flip.
-- Hand-written like cache_surrogate_keys: the schema engine does not see triggers.

CREATE OR REPLACE FUNCTION svc_cache_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg('p:' || id) INTO keys FROM new_rows;
    IF keys IS NOT NULL THEN keys := keys || '{l}'::text[]; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg('p:' || id) INTO keys FROM old_rows;
    IF keys IS NOT NULL THEN keys := keys || '{l}'::text[]; END IF;
  ELSE
    SELECT array_agg(DISTINCT k) INTO keys FROM (
      SELECT 'p:' || n.id AS k FROM new_rows n
      UNION ALL
      SELECT unnest(ARRAY[
        CASE WHEN n.id IS DISTINCT FROM o.id OR n.active IS DISTINCT FROM o.active THEN 'l' END,
        CASE WHEN n.created_at IS DISTINCT FROM o.created_at THEN 'l:created_at' END,
        CASE WHEN n.updated_at IS DISTINCT FROM o.updated_at THEN 'l:updated_at' END,
        CASE WHEN n.price_gross IS DISTINCT FROM o.price_gross THEN 'l:price_gross' END,
        CASE WHEN n.price_net IS DISTINCT FROM o.price_net THEN 'l:price_net' END,
        CASE WHEN n.sku IS DISTINCT FROM o.sku THEN 'l:sku' END,
        CASE WHEN n.stock IS DISTINCT FROM o.stock THEN 'l:stock' END,
        CASE WHEN (n.stock > 0) IS DISTINCT FROM (o.stock > 0) THEN 'l:in_stock' END])
      FROM new_rows n JOIN old_rows o ON o.id = n.id
    ) s WHERE k IS NOT NULL;
  END IF;
  IF keys IS NOT NULL THEN PERFORM svc_cache_retire(keys); END IF;
  RETURN NULL;
END $$;

-- Variants: their product's key, and `l:facets` only for a change the facets can see.
CREATE FUNCTION svc_cache_variants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT 'p:' || product_id) INTO keys FROM new_rows;
    IF keys IS NOT NULL THEN keys := keys || '{l:facets}'::text[]; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT 'p:' || product_id) INTO keys FROM old_rows;
    IF keys IS NOT NULL THEN keys := keys || '{l:facets}'::text[]; END IF;
  ELSE
    SELECT array_agg(DISTINCT k) INTO keys FROM (
      SELECT 'p:' || product_id AS k FROM new_rows
      UNION ALL
      SELECT 'p:' || product_id FROM old_rows
      UNION ALL
      SELECT 'l:facets' FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.product_id IS DISTINCT FROM o.product_id OR n.active IS DISTINCT FROM o.active
          OR n.price_gross IS DISTINCT FROM o.price_gross OR (n.stock > 0) IS DISTINCT FROM (o.stock > 0)
          OR (n.stock IS NULL) IS DISTINCT FROM (o.stock IS NULL)
    ) s;
  END IF;
  IF keys IS NOT NULL THEN PERFORM svc_cache_retire(keys); END IF;
  RETURN NULL;
END $$;

-- The triggers of both tables again: variants with their own function, stock entries without `l:facets`.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('product_variants', 'svc_cache_variants'),
    ('stock_entries', 'svc_cache_by_product')
  ) AS x(tbl, fn) LOOP
    EXECUTE format('DROP TRIGGER svc_cache_ins ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER svc_cache_upd ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER svc_cache_del ON %I', t.tbl);
    EXECUTE format('CREATE TRIGGER svc_cache_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER svc_cache_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER svc_cache_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl, t.fn);
  END LOOP;
END $$;
