-- A write to one of the rarely written shared tables (categories, methods, tax rules, translations…) announces,
-- beside `*`, which table it was: `t:<table>`. The response cache still retires everything on `*`; the facet index
-- (src/domains/catalog/facet-index) reads no data from most of these tables and keeps its catalog instead of
-- rebuilding it (about 20 s of SQL counts at 100,000 products). A bulk write still announces `*` alone, so it
-- rebuilds. Hand-written like the functions it replaces (migration `cache_surrogate_keys`).
CREATE OR REPLACE FUNCTION svc_cache_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM svc_cache_retire(ARRAY['*', 't:' || TG_TABLE_NAME]);
  RETURN NULL;
END $$;
