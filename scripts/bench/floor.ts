/**
 * The floor: a bare node:http server answering the store product page (and a product by slug) from ONE
 * hand-written SQL query that builds the whole JSON document in PostgreSQL. No framework, no GraphQL, no ORM:
 * what the database and the wire cost. Run as its own process by run.ts: `floor.ts <databaseUrl> <port>`, or
 * `floor.ts pglite:<data dir> <port>` for the embedded database (PGlite in this process, as the service runs it).
 */
import http from 'node:http';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { EMBEDDED_START_PARAMS } from '../../src/platform/db/database';

const PRODUCT_JSON = `
  SELECT p.id, p.sku, p.active, p.price_net, p.price_gross, p.currency, p.tax_rule_id, p.stock, p.weight,
    EXISTS (SELECT 1 FROM product_variants hv WHERE hv.product_id = p.id) AS has_variants, p.custom_fields, p.created_at, p.updated_at,
    (SELECT COALESCE(json_agg(json_build_object('locale', t.locale, 'name', t.name, 'description', t.description, 'slug', t.slug,
       'meta_title', t.meta_title, 'meta_description', t.meta_description) ORDER BY t.locale), '[]') FROM product_translations t WHERE t.product_id = p.id) AS translations,
    (SELECT COALESCE(json_agg(pc.category_id ORDER BY pc.position, pc.category_id), '[]') FROM product_categories pc WHERE pc.product_id = p.id) AS categories,
    (SELECT COALESCE(json_agg(pt.tag_id ORDER BY pt.tag_id), '[]') FROM product_tags pt WHERE pt.product_id = p.id) AS tags,
    (SELECT COALESCE(json_agg(json_build_object('media_id', pm.media_id, 'position', pm.position, 'url', '/uploads/' || m.storage_key) ORDER BY pm.position), '[]')
       FROM product_media pm JOIN media m ON m.id = pm.media_id WHERE pm.product_id = p.id) AS media,
    (SELECT COALESCE(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'price_gross', COALESCE(NULLIF(v.price_gross, 0), p.price_gross),
       'price_net', COALESCE(NULLIF(v.price_net, 0), p.price_net), 'stock', v.stock, 'active', v.active, 'position', v.position,
       'option_ids', (SELECT COALESCE(json_agg(vo.option_id), '[]') FROM variant_options vo WHERE vo.variant_id = v.id),
       'options', (SELECT COALESCE(json_agg(json_build_object('id', o.id, 'property_group_id', o.property_group_id, 'property_group_identifier', g.identifier,
          'position', o.position, 'color_hex', o.color_hex, 'translations', (SELECT COALESCE(json_agg(json_build_object('locale', ot.locale, 'name', ot.name)), '[]')
          FROM property_option_translations ot WHERE ot.property_option_id = o.id)) ORDER BY g.position), '[]')
          FROM variant_options vo JOIN property_options o ON o.id = vo.option_id JOIN property_groups g ON g.id = o.property_group_id WHERE vo.variant_id = v.id),
       'created_at', v.created_at, 'updated_at', v.updated_at, 'attributes', '[]'::json) ORDER BY v.position, v.created_at, v.id), '[]')
       FROM product_variants v WHERE v.product_id = p.id AND v.active) AS variants,
    '[]'::json AS attributes`;

// The page's rows are chosen first (index order, LIMIT) so the JSON is built for those rows only; the total is
// one count over the same filter, capped at 10,000 as the service's is (docs/decisions.md). Rows become `json`
// (not `jsonb`, which would re-parse every nested document).
const LIST_SQL = `
  WITH page AS (SELECT * FROM products WHERE active ORDER BY created_at DESC, id DESC LIMIT $1::int),
       total AS (SELECT LEAST(count(*), 10000) AS n FROM (SELECT 1 FROM products WHERE active LIMIT 10001) c)
  SELECT json_build_object(
    'data', json_build_object('items', COALESCE((SELECT json_agg(x ORDER BY x.created_at DESC, x.id DESC) FROM (${PRODUCT_JSON} FROM page p) x), '[]')),
    'meta', json_build_object('total', (SELECT n FROM total), 'page', 1, 'limit', $1::int, 'pages', CEIL((SELECT n FROM total)::numeric / $1::int))) AS body`;

const SLUG_SQL = `
  SELECT json_build_object('data', row_to_json(x)) AS body FROM (${PRODUCT_JSON}
  FROM product_translations st JOIN products p ON p.id = st.product_id WHERE st.slug = $1 AND st.locale = 'en' AND p.active) x`;

/**
 * The Vendure-shaped list page (a shop's product list: each product's id, translations and its variants' id, SKU,
 * prices and stock; the total), as `query VendureShapedList` (vendure-shaped.ts) answers it over GraphQL, byte
 * for byte: the service's answer is compared with this one before either is measured. Its total is capped as the
 * service's is (a careful service does not count 100,000 rows per page either).
 */
const VENDURE_LIST_SQL = `
  WITH page AS (SELECT * FROM products WHERE active ORDER BY created_at DESC NULLS LAST, id DESC LIMIT $1::int),
       total AS (SELECT count(*) AS n FROM (SELECT 1 FROM products WHERE active LIMIT $2::int + 1) c)
  SELECT json_build_object('data', json_build_object('storeProducts', json_build_object(
    'items', COALESCE((SELECT json_agg(json_build_object(
      'id', p.id,
      'translations', (SELECT COALESCE(json_agg(json_build_object('locale', t.locale, 'name', t.name, 'slug', t.slug,
         'description', t.description) ORDER BY t.locale), '[]') FROM product_translations t WHERE t.product_id = p.id),
      'variants', (SELECT COALESCE(json_agg(json_build_object('id', v.id, 'sku', v.sku,
         'priceGross', COALESCE(NULLIF(v.price_gross, 0), p.price_gross), 'priceNet', COALESCE(NULLIF(v.price_net, 0), p.price_net),
         'stock', v.stock) ORDER BY v.position, v.created_at, v.id), '[]')
         FROM product_variants v WHERE v.product_id = p.id AND v.active)
    ) ORDER BY p.created_at DESC, p.id DESC) FROM page p), '[]'),
    'meta', json_build_object('total', (SELECT LEAST(n, $2::int) FROM total))))) AS body`;

const [url, port] = process.argv.slice(2);
type Query = (name: string, text: string, values: unknown[]) => Promise<Array<{ body: unknown }>>;
let query: Query;
if (url.startsWith('pglite:')) {
  const db = new PGlite(join(url.slice(7), 'db'), { startParams: EMBEDDED_START_PARAMS });
  query = async (_name, text, values) => (await db.query<{ body: unknown }>(text, values)).rows;
} else {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Named statements: each connection parses and plans them once, as a careful hand-written service would.
  query = async (name, text, values) => (await pool.query<{ body: unknown }>({ name, text, values })).rows;
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const slug = req.url?.startsWith('/slug/') ? decodeURIComponent(req.url.slice(6)) : null;
    const rows = slug
      ? await query('slug', SLUG_SQL, [slug])
      : req.url === '/vendure-list'
        ? await query('vendure-list', VENDURE_LIST_SQL, [25, 10_000])
        : await query('list', LIST_SQL, [25]);
    if (!rows.length) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.stringify(rows[0].body);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
}

// The handler answers every error itself (500), so the returned promise never rejects.
http.createServer((req, res) => void answer(req, res)).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
