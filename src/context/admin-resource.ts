import { provided } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import { findPage, type Page } from '../shared/pagination';
import { type LocalizedTextInput, translationRows } from '../shared/translations';
import { rejectNulls } from '../shared/updates';
import type { Ctx } from './ctx';
import type { DbClient } from './db-client';
import { type LockableTable, lockRow } from './row-lock';
import { inTransaction } from './transaction';

/** The part of a Prisma model delegate the recipe uses (every model has it). */
interface Delegate<Row> {
  findMany(args: object): Promise<Row[]>;
  count(args: object): Promise<number>;
  findUnique(args: object): Promise<Row | null>;
  create(args: object): Promise<Row>;
  update(args: object): Promise<Row>;
  delete(args: object): Promise<unknown>;
}

export interface AdminResourceSpec<Row, Create extends object, Update extends object> {
  /**
   * The model's delegate in a client or transaction, e.g. `(db) => db.paymentMethod as never`: Prisma's delegate
   * methods are generic over their arguments, so they are narrowed to {@link Delegate} with a cast.
   */
  model: (db: DbClient) => Delegate<Row>;
  /** How a missing row is named in the 404 (`payment method`). */
  label: string;
  orderBy: object;
  /** Has a `translations` relation replaced as a whole on update (`LocalizedText` rows). */
  translated?: boolean;
  /** The model's table: an update locks its row first, so concurrent updates replace the translations in turn. */
  table?: LockableTable;
  /** Fields that may be left out of an update but not set to null (400 `required`). */
  notNull: Array<keyof Update & string>;
  /** JSON columns: written as given, `{}` when left out of a create. */
  jsonFields?: Array<keyof Create & keyof Update & string>;
  /** Checks before a write (references to other rows…), inside the update's transaction. */
  check?: (ctx: Ctx, input: Partial<Create> | Update) => Promise<void>;
}

/**
 * The use cases of a simple admin resource (payment methods, shipping methods, tax rules): paged list, active
 * list, get (404), create, update of the given fields (translations replaced in one transaction), delete.
 * Each resource declares only what differs.
 */
export function adminResource<Row, Create extends object, Update extends object>(
  spec: AdminResourceSpec<Row, Create, Update>,
) {
  const include = spec.translated ? { translations: { orderBy: { locale: 'asc' as const } } } : undefined;
  const split = (input: object) => {
    const { translations, ...rest } = input as { translations?: LocalizedTextInput[] | null };
    const fields = provided(rest) as Record<string, unknown>;
    for (const key of spec.jsonFields ?? []) if (fields[key] === null) delete fields[key];
    return { translations, fields };
  };

  async function get(ctx: Ctx, id: string): Promise<Row> {
    const row = await spec.model(ctx.db).findUnique({ where: { id }, include });
    if (!row) throw AppError.notFound(spec.label);
    return row;
  }

  return {
    list(ctx: Ctx, page: Page, filter: { active?: boolean } = {}) {
      const where = filter.active === undefined ? {} : { active: filter.active };
      return findPage(
        page,
        (w) => spec.model(ctx.db).findMany({ where, include, orderBy: spec.orderBy, ...w }),
        () => spec.model(ctx.db).count({ where }),
      );
    },

    /** Active rows in store order (store lists are short and not paged). */
    listActive(ctx: Ctx) {
      return spec.model(ctx.db).findMany({ where: { active: true }, include, orderBy: spec.orderBy });
    },

    get,

    async create(ctx: Ctx, input: Create): Promise<Row> {
      await spec.check?.(ctx, input);
      const { translations, fields } = split(input);
      for (const key of spec.jsonFields ?? []) fields[key] ??= {};
      const nested = spec.translated ? { translations: { create: translationRows(translations ?? []) } } : {};
      return spec.model(ctx.db).create({ data: { ...fields, ...nested }, include });
    },

    /** Changes the given fields; given translations replace the existing ones, in one transaction. */
    async update(ctx: Ctx, id: string, input: Update): Promise<Row> {
      rejectNulls(input, spec.notNull);
      return inTransaction(ctx, async (tx) => {
        if (spec.table) await lockRow(tx, spec.table, id);
        await get(tx, id);
        await spec.check?.(tx, input);
        const { translations, fields } = split(input);
        const nested = translations ? { translations: { deleteMany: {}, create: translationRows(translations) } } : {};
        return spec.model(tx.db).update({ where: { id }, data: { ...fields, ...nested }, include });
      });
    },

    async remove(ctx: Ctx, id: string): Promise<boolean> {
      await get(ctx, id);
      await spec.model(ctx.db).delete({ where: { id } });
      return true;
    },
  };
}
