-- Faceted product lists (issue 50): a list filtered by variant options, attributes, price or stock, or showing
-- facets, depends on every product's variants, their options and prices, attribute values and stock, not only on
-- the products of its page. Writes to those rows now also announce `l:facets`, which such answers declare
-- (catalog/product-query.ts). Hand-written like cache_surrogate_keys: the schema engine does not see triggers.

-- Rows that belong to a variant: as before, plus the trigger's arguments (as svc_cache_by_product does).
CREATE OR REPLACE FUNCTION svc_cache_by_variant() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT 'p:' || v.product_id) INTO keys FROM new_rows r JOIN product_variants v ON v.id = r.variant_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT 'p:' || v.product_id) INTO keys FROM old_rows r JOIN product_variants v ON v.id = r.variant_id;
  ELSE
    SELECT array_agg(DISTINCT 'p:' || v.product_id) INTO keys
      FROM (SELECT variant_id FROM new_rows UNION SELECT variant_id FROM old_rows) r
      JOIN product_variants v ON v.id = r.variant_id;
  END IF;
  IF keys IS NOT NULL THEN PERFORM svc_cache_retire(keys || TG_ARGV::text[]); END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('product_variants', 'svc_cache_by_product'),
    ('product_attribute_values', 'svc_cache_by_product'),
    ('stock_entries', 'svc_cache_by_product'),
    ('variant_options', 'svc_cache_by_variant'),
    ('variant_attribute_values', 'svc_cache_by_variant')
  ) AS x(tbl, fn) LOOP
    EXECUTE format('DROP TRIGGER svc_cache_ins ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER svc_cache_upd ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER svc_cache_del ON %I', t.tbl);
    EXECUTE format('CREATE TRIGGER svc_cache_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.tbl, t.fn, 'l:facets');
    EXECUTE format('CREATE TRIGGER svc_cache_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.tbl, t.fn, 'l:facets');
    EXECUTE format('CREATE TRIGGER svc_cache_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.tbl, t.fn, 'l:facets');
  END LOOP;
END $$;
