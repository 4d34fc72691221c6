import { replicaSafe } from './replica-statements';

describe('replicaSafe', () => {
  it.each([
    'SELECT "public"."products"."id", "public"."products"."updated_at" FROM "public"."products" WHERE 1=1',
    'WITH page AS (SELECT id FROM products LIMIT $1) SELECT * FROM page',
    '  select count(*) from orders where deleted_at is null',
    '(SELECT 1) UNION ALL (SELECT 2)',
  ])('sends plain reads to a replica: %s', (sql) => expect(replicaSafe(sql)).toBe(true));

  it.each([
    'INSERT INTO orders (id) VALUES ($1) RETURNING id',
    'UPDATE automation_events SET lease_until = now() WHERE id IN (SELECT id FROM automation_events FOR UPDATE SKIP LOCKED) RETURNING id',
    'WITH o AS (INSERT INTO orders (id) VALUES ($1) RETURNING id) SELECT id FROM o',
    'WITH gone AS (DELETE FROM carts WHERE id = $1 RETURNING id) SELECT count(*) FROM gone',
    'SELECT id FROM stock_entries WHERE variant_id = $1 FOR UPDATE',
    'SELECT id FROM products WHERE id = $1 FOR NO KEY UPDATE',
    'SELECT id FROM products WHERE id = $1 FOR SHARE',
    "SELECT nextval('order_number_seq')",
    'SELECT pg_advisory_xact_lock(72707369)',
    'SELECT pg_current_wal_lsn()',
    'BEGIN',
    'DELETE FROM idempotency_keys WHERE expires_at < now()',
  ])('keeps everything else on the primary: %s', (sql) => expect(replicaSafe(sql)).toBe(false));
});
