import { PLANNED_PER_CALL } from '../../shared/planned-per-call';
import { preparedStatementName } from './database';

describe('preparedStatementName', () => {
  it('names a query text once and gives the same name every time', () => {
    const sql = 'SELECT id FROM products WHERE id = ANY($1::uuid[])';
    const name = preparedStatementName({ sql });
    expect(name).toMatch(/^svc_[0-9a-f]{40}$/);
    expect(preparedStatementName({ sql })).toBe(name);
    expect(preparedStatementName({ sql: `${sql} ORDER BY id` })).not.toBe(name);
  });

  it('leaves expanded IN lists unnamed: every list length would be another prepared statement', () => {
    expect(preparedStatementName({ sql: 'SELECT id FROM products WHERE id IN ($1,$2,$3)' })).toBeUndefined();
    expect(preparedStatementName({ sql: 'SELECT id FROM products WHERE id IN ($1)' })).toMatch(/^svc_/);
  });

  it('names only data statements, not transaction control or session commands', () => {
    for (const sql of ['BEGIN', 'COMMIT', 'SET LOCAL statement_timeout = 1000'])
      expect(preparedStatementName({ sql })).toBeUndefined();
    expect(preparedStatementName({ sql: '  with x as (select 1) select * from x' })).toMatch(/^svc_/);
    expect(preparedStatementName({ sql: 'UPDATE products SET stock = stock - $1 WHERE id = $2' })).toMatch(/^svc_/);
  });

  it('leaves a text planned per call unnamed, so PostgreSQL plans it for the values it gets', () => {
    const sql = 'SELECT id FROM products WHERE id = ANY($1::uuid[]) ORDER BY created_at LIMIT 25';
    expect(preparedStatementName({ sql: `${PLANNED_PER_CALL} ${sql}` })).toBeUndefined();
    expect(
      preparedStatementName({ sql: `WITH page AS (${PLANNED_PER_CALL} ${sql}) SELECT * FROM page` }),
    ).toBeUndefined();
    expect(preparedStatementName({ sql })).toMatch(/^svc_/);
  });

  it('stops naming new texts past 1000 distinct ones, and keeps the names it gave', () => {
    const first = preparedStatementName({ sql: 'SELECT 1 AS kept' });
    for (let i = 0; i < 1000; i++) preparedStatementName({ sql: `SELECT ${i} AS filler` });
    expect(preparedStatementName({ sql: 'SELECT 2 AS late' })).toBeUndefined();
    expect(preparedStatementName({ sql: 'SELECT 1 AS kept' })).toBe(first);
  });
});
