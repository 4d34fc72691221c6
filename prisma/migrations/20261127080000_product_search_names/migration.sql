-- Every product's names as one full-text vector (`search_names`), kept by triggers on its translations. A search for
-- one word that most of the catalog holds lists and counts products by testing this column while it walks the
-- products (a page stops at its 25, the capped count at 10,001) instead of collecting every matching name through
-- the names' GIN index and hashing them: 100,000 matches took ~95 ms of PostgreSQL for a page, ~10 ms this way
-- (docs/decisions.md D-309). For a single word, "one of the names matches" and "the vector of all names matches" are
-- the same test; a search of several words keeps the per-name test (they could match in different names).
ALTER TABLE "products" ADD COLUMN "search_names" tsvector;

-- The vector of one product's names, as the search reads a name (`to_tsvector('simple', name)`).
CREATE FUNCTION svc_product_search_names(product uuid) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('simple', coalesce(string_agg(t.name, ' ' ORDER BY t.locale), ''))
  FROM product_translations t WHERE t.product_id = product
$$;

-- Statement-level, so a bulk import or a product written with all its translations updates each product once. An
-- update that leaves every name as it was (a description, a slug) writes nothing.
CREATE FUNCTION svc_product_search_names_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products p SET search_names = svc_product_search_names(p.id)
      WHERE p.id IN (SELECT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products p SET search_names = svc_product_search_names(p.id)
      WHERE p.id IN (SELECT product_id FROM old_rows);
  ELSE
    UPDATE products p SET search_names = svc_product_search_names(p.id)
      WHERE p.id IN (
        SELECT n.product_id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL OR o.name IS DISTINCT FROM n.name OR o.product_id IS DISTINCT FROM n.product_id
        UNION SELECT o.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.product_id IS DISTINCT FROM n.product_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER product_translations_search_names_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_product_search_names_sync();
CREATE TRIGGER product_translations_search_names_update AFTER UPDATE ON product_translations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_product_search_names_sync();
CREATE TRIGGER product_translations_search_names_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_product_search_names_sync();

UPDATE products p SET search_names = svc_product_search_names(p.id);
