-- Surrogate keys for the response cache (docs/decisions.md, "Response cache: surrogate keys").
-- Every committed write to store data announces the keys of the cached answers it may change on the channel
-- `svc_cache`: `p:<product id>` (everything a product's answer shows: its row, translations, variants, stock,
-- media, tags, attribute values, category ids), `l` (every product list: a product was created, deleted,
-- (de)activated), `l:<sort or filter>` (lists sorted or filtered by what changed), and `*` (everything: writes to
-- the rarely written tables that many answers embed, such as categories, attributes, tax rules, methods).
-- NOTIFY is transactional: the keys are delivered if and only if the write commits, in commit order, to every
-- listening instance, whoever wrote (the service, the CLI, an import, raw SQL, a plugin). Hand-written like the
-- full-text index: the schema engine does not see triggers.

-- Announces `keys` (deduplicated per transaction by PostgreSQL). More than 150 keys (a bulk write) or a session
-- that set `svc.cache_bulk` announce `*` instead: a NOTIFY payload holds at most 8000 bytes.
CREATE FUNCTION svc_cache_retire(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL OR cardinality(keys) = 0 THEN RETURN; END IF;
  IF cardinality(keys) > 150 OR current_setting('svc.cache_bulk', true) = 'on' THEN keys := ARRAY['*']; END IF;
  PERFORM pg_notify('svc_cache', array_to_string(keys, ' '));
END $$;

-- Rows that belong to a product (`product_id`): that product's key, plus the trigger's arguments.
CREATE FUNCTION svc_cache_by_product() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT 'p:' || product_id) INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT 'p:' || product_id) INTO keys FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT k) INTO keys
      FROM (SELECT 'p:' || product_id AS k FROM new_rows UNION SELECT 'p:' || product_id FROM old_rows) s;
  END IF;
  IF keys IS NOT NULL THEN PERFORM svc_cache_retire(keys || TG_ARGV::text[]); END IF;
  RETURN NULL;
END $$;

-- Rows that belong to a variant (`variant_id`): its product's key. A variant deleted with its rows announces
-- its product itself (product_variants).
CREATE FUNCTION svc_cache_by_variant() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF keys IS NOT NULL THEN PERFORM svc_cache_retire(keys); END IF;
  RETURN NULL;
END $$;

-- Products: the product's key; created, deleted or (de)activated: every list (`l`); a changed sort column: the
-- lists sorted by it (`l:<column>`). Store lists sort by these columns or by name (translations announce that).
CREATE FUNCTION svc_cache_products() RETURNS trigger LANGUAGE plpgsql AS $$
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
        CASE WHEN n.stock IS DISTINCT FROM o.stock THEN 'l:stock' END])
      FROM new_rows n JOIN old_rows o ON o.id = n.id
    ) s WHERE k IS NOT NULL;
  END IF;
  IF keys IS NOT NULL THEN PERFORM svc_cache_retire(keys); END IF;
  RETURN NULL;
END $$;

-- Tables whose rows many answers embed and which change rarely: everything.
CREATE FUNCTION svc_cache_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM svc_cache_retire(ARRAY['*']);
  RETURN NULL;
END $$;

DO $$
DECLARE
  t record;
BEGIN
  -- table, function, extra keys
  FOR t IN SELECT * FROM (VALUES
    ('products', 'svc_cache_products', ''),
    ('product_translations', 'svc_cache_by_product', '''l:name'', ''l:search'''),
    ('product_categories', 'svc_cache_by_product', '''l:category'''),
    ('product_variants', 'svc_cache_by_product', ''),
    ('product_tags', 'svc_cache_by_product', ''),
    ('product_media', 'svc_cache_by_product', ''),
    ('product_attribute_values', 'svc_cache_by_product', ''),
    ('stock_entries', 'svc_cache_by_product', ''),
    ('variant_options', 'svc_cache_by_variant', ''),
    ('variant_attribute_values', 'svc_cache_by_variant', '')
  ) AS x(tbl, fn, args) LOOP
    EXECUTE format('CREATE TRIGGER svc_cache_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)', t.tbl, t.fn, t.args);
    EXECUTE format('CREATE TRIGGER svc_cache_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)', t.tbl, t.fn, t.args);
    EXECUTE format('CREATE TRIGGER svc_cache_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)', t.tbl, t.fn, t.args);
    EXECUTE format('CREATE TRIGGER svc_cache_trunc AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION svc_cache_all()', t.tbl);
  END LOOP;
  FOR t IN SELECT unnest(ARRAY[
    'tax_rules', 'property_groups', 'property_group_translations', 'property_options', 'property_option_translations',
    'attributes', 'attribute_translations', 'attribute_options', 'attribute_option_translations',
    'categories', 'category_translations', 'tags', 'media', 'warehouses',
    'shipping_methods', 'shipping_method_translations', 'payment_methods', 'payment_method_translations'
  ]) AS tbl LOOP
    EXECUTE format('CREATE TRIGGER svc_cache_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION svc_cache_all()', t.tbl);
  END LOOP;
END $$;
