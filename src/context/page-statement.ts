import { Prisma } from '../generated/prisma/client';
import { toSnake } from '../shared/case';
import { capCount, COUNT_CAP, type Page } from '../shared/pagination';
import { PLANNED_PER_CALL } from '../shared/planned-per-call';
import type { Ctx } from './ctx';

/**
 * One page of a list read in one statement (docs/decisions.md, D-298): the page, its total capped at COUNT_CAP (the
 * count takes no order, so PostgreSQL walks whichever index reaches the cap soonest), and the relations the caller's
 * selection shows, each a JSON array built for the page's rows only. The order and customer lists read this way;
 * the product lists build their own (catalog/product-query.ts).
 */

/**
 * Every field of a Prisma model as a select list over `alias`, named as Prisma names it (these models map each
 * field to its snake_case column), so a row reads as `findMany` returns it. The lists' tests compare the two.
 */
export const modelColumns = (fields: object, alias: string) =>
  Prisma.raw(
    Object.keys(fields)
      .map((f) => (f === toSnake(f) ? `${alias}.${f}` : `${alias}.${toSnake(f)} AS "${f}"`))
      .join(', '),
  );

/**
 * `column = true` or `= false` written into the statement's text, not bound as a parameter: a flag's two values want
 * different plans (nearly every product is active, a few are not), and a named statement planned once for `= $1`
 * walked all 100,000 products in the list's order to find 10 inactive ones (55 ms, against 0.1 ms planned for
 * `false`; docs/decisions.md D-303). Two texts, each prepared and planned for its value.
 */
export const flagIs = (column: string, value: boolean) => Prisma.raw(`${column} = ${value ? 'true' : 'false'}`);

/**
 * The columns a list's items select of a model (`fields`: its scalar field enum), as {@link modelColumns} names them:
 * the selected fields, `id` always (the loaders and the cache key rows by it), and for each field `derived`
 * resolves from other columns, those columns. `null`, or a selected name that is neither a model field nor in
 * `derived` (a field this list does not know), reads every column: a missing column would answer `null` silently.
 */
export function selectedColumns(
  fields: Record<string, string>,
  alias: string,
  selected: ReadonlySet<string> | null,
  derived: Readonly<Record<string, readonly string[]>>,
): Prisma.Sql {
  if (!selected) return modelColumns(fields, alias);
  const read = new Set(['id']);
  for (const name of selected) {
    if (name in fields) read.add(name);
    else if (name in derived) for (const column of derived[name]) read.add(column);
    else if (name !== '__typename') return modelColumns(fields, alias);
  }
  // In the model's own order, so one selection always writes the same statement text (one prepared statement).
  return modelColumns(
    Object.fromEntries(
      Object.keys(fields)
        .filter((f) => read.has(f))
        .map((f) => [f, f]),
    ),
    alias,
  );
}

/**
 * The rows of `table` that `where` (a condition on `alias`, the outer row `p`) matches, each with every field of its
 * Prisma model, as one JSON array in `order`: a relation built for each row of a page.
 */
export function relationJson(spec: { fields: object; table: string; alias: string; where: string; order: string }) {
  const { fields, table, alias, where, order } = spec;
  const object = Object.keys(fields)
    .map((f) => `'${f}', ${alias}.${toSnake(f)}`)
    .join(', ');
  return `(SELECT COALESCE(json_agg(json_build_object(${object}) ORDER BY ${order}), '[]'::json)
    FROM ${table} ${alias} WHERE ${where})`;
}

/** JSON writes timestamps as text: back to the `Date`s a row from Prisma carries, in place. */
export function withDates<T>(rows: T[], fields: ReadonlyArray<keyof T & string>): T[] {
  for (const row of rows) {
    const r = row as Record<string, unknown>;
    for (const f of fields) if (typeof r[f] === 'string') r[f] = new Date(r[f]);
  }
  return rows;
}

export interface PageStatement {
  /** The table the list reads, and its alias in `where`, `order` and `columns`. */
  table: string;
  alias: string;
  columns: Prisma.Sql;
  where: Prisma.Sql[];
  order: Prisma.Sql;
  /** Further select items over the page row, each `, <expression> AS "__name"` (relations as JSON). */
  extras?: string;
  /** The best plan depends on the values (a search text): plan the statement on every call (PLANNED_PER_CALL). */
  plannedPerCall?: boolean;
  /** False when the selection shows no total (selection-fields.ts, `listShowsTotal`): the page is not counted. */
  counted?: boolean;
}

/** A page's row: the model's fields, and apart the extras by name without their `__`. */
export interface PageRow<R> {
  row: R;
  extras: Record<string, unknown>;
}

/**
 * Splits a row read with extras. Built key by key rather than copied and pruned: `delete` would leave each row a
 * slow dictionary for the executor that reads every field.
 */
export function splitRow<R>(raw: Record<string, unknown>): PageRow<R> {
  const row: Record<string, unknown> = {};
  const extras: Record<string, unknown> = {};
  for (const key in raw) {
    if (key.startsWith('__')) extras[key.slice(2)] = raw[key];
    else row[key] = raw[key];
  }
  return { row: row as R, extras };
}

/**
 * A count of the rows `rows` (a `SELECT`) returns that stops after `COUNT_CAP + 1` of them, as column `n`
 * ({@link pageTotal} makes it the cap). Unordered: which rows fill the cap does not change the count.
 */
export const cappedCount = (rows: Prisma.Sql) =>
  Prisma.sql`SELECT count(*) AS n FROM (${rows} LIMIT ${COUNT_CAP + 1}) c`;

/** The {@link PLANNED_PER_CALL} mark to put first in a statement's text when `byValue`, else nothing. */
export const plannedPerCall = (byValue: boolean) => (byValue ? Prisma.raw(`${PLANNED_PER_CALL} `) : Prisma.empty);

/**
 * A page's total: the capped count its first row carries (`rowTotal`), else 0 on the first page, else (a page past
 * the end, with no row to carry it) `counted` run on its own. `counted` null: a page whose selection shows no total
 * (D-317) is not counted, and its total, which no answer shows, is 0.
 */
export async function pageTotal(
  ctx: Ctx,
  page: Page,
  rowTotal: bigint | number | null | undefined,
  counted: Prisma.Sql | null,
): Promise<number> {
  if (!counted) return 0;
  if (rowTotal !== null && rowTotal !== undefined) return capCount(rowTotal);
  if (page.skip === 0) return 0;
  return capCount((await ctx.db.$queryRaw<Array<{ n: bigint | number }>>(counted))[0].n);
}

/**
 * Runs the page statement. Each row carries the count (`__count`) and the `extras`; a page past the end has no
 * row to carry the count, so it is counted by a second statement.
 */
export async function readPage<R extends object>(
  ctx: Ctx,
  page: Page,
  q: PageStatement,
): Promise<{ rows: Array<PageRow<R>>; total: number }> {
  const from = Prisma.raw(`${q.table} ${q.alias}`);
  const whereSql = q.where.length ? Prisma.sql`WHERE ${Prisma.join(q.where, ' AND ')}` : Prisma.empty;
  // Unordered: which rows fill the cap does not change the count. (Prisma's capped count ordered by id, which sorted
  // every match, D-295; the page's own order costs an incremental sort where no index has it whole: 100,000
  // customers 6.5 ms, unordered 2 ms.)
  const planned = plannedPerCall(!!q.plannedPerCall);
  const counted = q.counted !== false;
  const countOnly = cappedCount(Prisma.sql`SELECT 1 FROM ${from} ${whereSql}`);
  // The outer ORDER BY repeats the page's: a join's output order is not promised (a page of rows: nothing to sort).
  const raw = await ctx.db.$queryRaw<Array<Record<string, unknown>>>(Prisma.sql`${planned}
    WITH page AS (SELECT * FROM ${from} ${whereSql} ORDER BY ${q.order} LIMIT ${page.limit} OFFSET ${page.skip})
    SELECT ${q.columns}${counted ? Prisma.sql`, (${countOnly}) AS "__count"` : Prisma.empty}${Prisma.raw(q.extras ?? '')}
    FROM page ${Prisma.raw(q.alias)} ORDER BY ${q.order}`);
  const rows = raw.map((r) => splitRow<R>(r));
  const total = await pageTotal(
    ctx,
    page,
    rows[0]?.extras.count as bigint | number | undefined,
    counted ? Prisma.sql`${planned}${countOnly}` : null,
  );
  return { rows, total };
}
