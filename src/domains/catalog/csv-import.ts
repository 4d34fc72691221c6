import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

import type { parse as Parse } from 'csv-parse';

import type { Ctx } from '../../context/ctx';
import { AppError } from '../../shared/errors';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { itemError, type OptionCache, saveBulkProduct, summarize } from './bulk.service';
import { CSV_MAX_ROW_BYTES, csvShape, notCsv, rowTooLong } from './csv-shape';
import type { BulkProductInput, BulkVariantInput } from './product.inputs';
import type { BulkItemResult, BulkResult } from './product.type';

/** Contract §5 columns, in template order. */
export const CSV_COLUMNS = [
  'sku',
  'active',
  'price_net',
  'price_gross',
  'currency',
  'tax_rule_id',
  'stock',
  'weight',
  'locale',
  'name',
  'slug',
  'description',
  'meta_title',
  'meta_description',
  'category_ids',
  'tag_ids',
  'variant_sku',
  'variant_active',
  'variant_stock',
  'variant_price_net',
  'variant_price_gross',
  'option_1_group',
  'option_1_value',
  'option_2_group',
  'option_2_value',
  'option_3_group',
  'option_3_value',
] as const;

type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;

/** The import template: one product row and one variant row. */
export function csvTemplate(): string {
  const product: Row = {
    sku: 'TSHIRT',
    active: 'true',
    price_net: '1680',
    price_gross: '1999',
    currency: 'EUR',
    stock: '0',
    weight: '200',
    locale: 'en',
    name: 'T-Shirt',
    slug: 't-shirt',
    description: 'A classic tee',
    category_ids: '',
    tag_ids: '',
  };
  const variant: Row = {
    variant_sku: 'TSHIRT-RED-M',
    variant_active: 'true',
    variant_stock: '10',
    variant_price_gross: '1999',
    option_1_group: 'Color',
    option_1_value: 'Red',
    option_2_group: 'Size',
    option_2_value: 'M',
  };
  const line = (row: Row) => CSV_COLUMNS.map((c) => csvCell(row[c] ?? '')).join(',');
  return [CSV_COLUMNS.join(','), line(product), line(variant)].join('\r\n') + '\r\n';
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

class RowError extends Error {}

const int = (row: Row, key: keyof Row, line: number): number | undefined => {
  const v = row[key]?.trim();
  if (!v) return undefined;
  if (!/^-?\d+$/.test(v)) throw new RowError(`row ${line}: ${key} must be an integer`);
  return Number(v);
};
const bool = (row: Row, key: keyof Row, line: number): boolean | undefined => {
  const v = row[key]?.trim().toLowerCase();
  if (!v) return undefined;
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  throw new RowError(`row ${line}: ${key} must be true or false`);
};
const text = (row: Row, key: keyof Row) => row[key]?.trim() || undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A `;`-separated id list, read entry by entry: the API's bound on the list (`LIST_LIMITS.links`) stops the
 * reading at the first entry past it, so a cell of a million entries costs no more than 101 of them.
 */
const ids = (row: Row, key: 'category_ids' | 'tag_ids', line: number): string[] | undefined => {
  const cell = text(row, key);
  if (!cell) return undefined;
  const found: string[] = [];
  for (let start = 0; start <= cell.length;) {
    const separator = cell.indexOf(';', start);
    const end = separator < 0 ? cell.length : separator;
    const id = cell.slice(start, end).trim();
    start = end + 1;
    if (!id) continue;
    if (found.length === LIST_LIMITS.links)
      throw new RowError(`row ${line}: ${key} must have at most ${LIST_LIMITS.links} entries`);
    if (!UUID.test(id)) throw new RowError(`row ${line}: ${key} must be UUIDs separated by ;`);
    found.push(id);
  }
  return found;
};

/** The most data rows one import may have (docs/security.md); more is 400 before anything is imported. */
export const CSV_MAX_ROWS = 10_000;

/**
 * Streams the CSV as rows with lower-cased headers, a chunk at a time (the event loop is never blocked by a
 * large file). Anything that is not a CSV with a `sku` column is 400; more than {@link CSV_MAX_ROWS} rows too,
 * and a row longer or wider than {@link csvShape} allows, refused before csv-parse buffers it: what an import
 * holds in memory is a row and a product, whatever the file's shape.
 */
async function* readRows(open: () => Readable): AsyncGenerator<Row> {
  // csv-parse loads with the first import, not with every start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parse } = require('csv-parse') as { parse: typeof Parse };
  const parser = parse({
    columns: (header: string[]) => {
      const names = header.map((h) => h.trim().toLowerCase());
      if (!names.includes('sku')) throw notCsv();
      return names;
    },
    skip_empty_lines: true,
    bom: true,
    relax_column_count: true,
    trim: false,
    // csvShape refuses a longer row first; this holds the bound on what csv-parse buffers in any case.
    max_record_size: CSV_MAX_ROW_BYTES,
  });
  const source = open();
  const rows = source
    .pipe(csvShape())
    .on('error', (err) => parser.destroy(err))
    .pipe(parser);
  let count = 0;
  try {
    for await (const row of rows as AsyncIterable<Row>) {
      if (++count > CSV_MAX_ROWS)
        throw AppError.validation([{ field: 'file', detail: `max_items (at most ${CSV_MAX_ROWS} rows)` }]);
      yield row;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw (err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE' ? rowTooLong() : notCsv();
  } finally {
    source.destroy();
  }
  if (count === 0) throw notCsv();
}

interface Group {
  line: number;
  product: BulkProductInput;
  errors: string[];
}

/**
 * A product holds at most what the API lets one hold (`LIST_LIMITS`): the first row past the bound fails the
 * product (reported once), and the rows after it are not kept.
 */
function overLimit(group: Group, count: number, limit: number, line: number, what: string): boolean {
  if (count < limit) return false;
  if (!group.errors.length) throw new RowError(`row ${line}: a product has at most ${limit} ${what}`);
  return true;
}

/** Groups rows into products: a `sku` row starts one; variant rows and extra translation rows follow it. */
async function* groupRows(rows: AsyncIterable<Row>): AsyncGenerator<Group> {
  const groups: Group[] = [];
  let i = 0;
  for await (const row of rows) {
    const line = i++ + 2; // 1-based, after the header
    // A product is complete when the next one starts: hand it over and keep only the current one in memory.
    if (groups.length > 1) yield groups.shift()!;
    try {
      if (text(row, 'sku')) {
        // Pushed first, so an unreadable cell of this row is reported against this product.
        const group: Group = { line, product: { sku: text(row, 'sku'), currency: '', translations: [] }, errors: [] };
        groups.push(group);
        const locale = text(row, 'locale') ?? 'en';
        const name = text(row, 'name');
        const slug = text(row, 'slug');
        const product: BulkProductInput = {
          sku: text(row, 'sku'),
          active: bool(row, 'active', line),
          priceNet: int(row, 'price_net', line),
          priceGross: int(row, 'price_gross', line),
          currency: text(row, 'currency')?.toUpperCase() ?? '',
          taxRuleId: text(row, 'tax_rule_id'),
          stock: int(row, 'stock', line),
          weight: int(row, 'weight', line),
          translations:
            name && slug
              ? [
                  {
                    locale,
                    name,
                    slug,
                    description: text(row, 'description'),
                    metaTitle: text(row, 'meta_title'),
                    metaDescription: text(row, 'meta_description'),
                  },
                ]
              : [],
          categoryIds: ids(row, 'category_ids', line),
          tagIds: ids(row, 'tag_ids', line),
          variants: [],
        };
        group.product = product;
        continue;
      }
      const current = groups[groups.length - 1];
      if (!current) throw new RowError(`row ${line}: no product row before it`);
      if (text(row, 'variant_sku')) {
        if (overLimit(current, current.product.variants?.length ?? 0, LIST_LIMITS.variants, line, 'variants')) continue;
        const variant: BulkVariantInput = {
          sku: text(row, 'variant_sku'),
          active: bool(row, 'variant_active', line),
          stock: int(row, 'variant_stock', line),
          priceNet: int(row, 'variant_price_net', line),
          priceGross: int(row, 'variant_price_gross', line),
          options: ([1, 2, 3] as const).flatMap((n) => {
            const group = text(row, `option_${n}_group`);
            const value = text(row, `option_${n}_value`);
            return group && value ? [{ groupName: group, optionName: value, locale: text(row, 'locale') }] : [];
          }),
        };
        current.product.variants?.push(variant);
      } else if (text(row, 'name') && text(row, 'slug')) {
        if (overLimit(current, current.product.translations.length, LIST_LIMITS.translations, line, 'translations'))
          continue;
        current.product.translations.push({
          locale: text(row, 'locale') ?? 'en',
          name: text(row, 'name') as string,
          slug: text(row, 'slug') as string,
          description: text(row, 'description'),
          metaTitle: text(row, 'meta_title'),
          metaDescription: text(row, 'meta_description'),
        });
      }
    } catch (err) {
      const msg = err instanceof RowError ? err.message : `row ${line}: unreadable`;
      if (groups.length) groups[groups.length - 1].errors.push(msg);
      else groups.push({ line, product: { currency: '', translations: [] }, errors: [msg] });
    }
  }
  yield* groups;
}

function checkProduct(g: Group, exists: boolean): string[] {
  if (g.errors.length) return g.errors;
  const p = g.product;
  const errors: string[] = [];
  if (!exists && !/^[A-Z]{3}$/.test(p.currency)) errors.push(`row ${g.line}: currency is required (ISO 4217)`);
  if (exists && p.currency && !/^[A-Z]{3}$/.test(p.currency)) errors.push(`row ${g.line}: currency must be ISO 4217`);
  if (!exists && !p.translations.length) errors.push(`row ${g.line}: name and slug are required`);
  return errors;
}

/**
 * Imports a CSV (contract §5): products upserted by SKU, variants by variant SKU, each product in its own
 * transaction. Every product gets a result; errors name the CSV row.
 */
export async function importProductsCsv(
  ctx: Ctx,
  input: { file?: string | null; csv?: string | null },
): Promise<BulkResult> {
  const upload = input.file ? ctx.uploads?.get(input.file.replace(/^upload:/, '')) : undefined;
  const open = upload
    ? () => createReadStream(upload.path)
    : input.csv
      ? () => Readable.from([Buffer.from(input.csv!)])
      : null;
  if (!open) throw AppError.validation([{ field: 'file', detail: 'required' }]);
  // First pass: the whole file is a readable CSV within the row limit, or nothing is imported.
  for await (const _row of readRows(open));
  const cache: OptionCache = new Map();
  const results: BulkItemResult[] = [];
  let index = -1;
  for await (const g of groupRows(readRows(open))) {
    index++;
    if (ctx.signal?.aborted) {
      ctx.log.warn({ imported: results.length }, 'the client went away: CSV import stopped');
      break;
    }
    const sku = g.product.sku ?? null;
    const exists = sku ? Boolean(await ctx.db.product.findUnique({ where: { sku }, select: { id: true } })) : false;
    const errors = checkProduct(g, exists);
    if (errors.length) {
      results.push({ index, sku, success: false, id: null, errors });
      continue;
    }
    if (exists && !g.product.translations.length) delete (g.product as Partial<BulkProductInput>).translations;
    if (!g.product.currency) delete (g.product as Partial<BulkProductInput>).currency;
    try {
      const id = await saveBulkProduct(ctx, cache, g.product, true);
      results.push({ index, sku, success: true, id, errors: [] });
    } catch (err) {
      cache.clear();
      results.push({
        index,
        sku,
        success: false,
        id: null,
        errors: [`row ${g.line}: ${itemError(err, 'failed to import product')}`],
      });
    }
  }
  return summarize(results);
}
