-- Full-text search over product names in every locale ('simple': no stemming, works for any language).
-- An expression index: the schema engine's drift check does not see it, so it lives only here.
CREATE INDEX "product_translations_name_fts_idx" ON "product_translations" USING GIN (to_tsvector('simple', "name"));
