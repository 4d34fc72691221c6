import type { Ctx } from '../../context/ctx';
import type { DbClient } from '../../context/db-client';
import { type LockableTable, lockRow } from '../../context/row-lock';
import { inTransaction } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import { checkTranslations } from './input-checks';

/**
 * Property groups and attributes are the same kind of thing: a named (translated) owner with ordered,
 * translated options. This module holds what they share; each declares its tables once.
 */

const byLocale = { orderBy: { locale: 'asc' as const } };

/** How an owner is read with its translations and its options in order (options with their translations). */
export const WITH_TRANSLATED_OPTIONS = {
  translations: byLocale,
  options: {
    orderBy: [{ position: 'asc' as const }, { createdAt: 'asc' as const }],
    include: { translations: byLocale },
  },
};

/** The part of a Prisma delegate used here (narrowed with a cast: Prisma's methods are generic). */
interface Table {
  findUnique(args: object): Promise<Record<string, unknown> | null>;
  findUniqueOrThrow(args: object): Promise<Record<string, unknown>>;
  create(args: object): Promise<{ id: string }>;
  update(args: object): Promise<{ id: string }>;
  delete(args: object): Promise<unknown>;
  deleteMany(args: object): Promise<unknown>;
  createMany(args: object): Promise<unknown>;
}

/** Replaces the translations of row `id` of a table whose translation rows point at it through `key`. */
export async function replaceTranslations(
  table: Table,
  key: string,
  id: string,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  await table.deleteMany({ where: { [key]: id } });
  await table.createMany({ data: rows.map((row) => ({ [key]: id, ...row })) });
}

export interface OptionTables {
  /** `property option`, `attribute option` (404 detail). */
  label: string;
  /** Reads the owner (404 when missing). */
  getOwner(ctx: Ctx, ownerId: string): Promise<unknown>;
  options(db: DbClient): Table;
  optionTranslations(db: DbClient): Table;
  /** The options' table, whose row a replace locks first (its translations are rewritten). */
  optionTable: LockableTable;
  /** Column of an option pointing at its owner (`propertyGroupId`). */
  ownerKey: string;
  /** Column of an option translation pointing at its option (`propertyOptionId`). */
  optionKey: string;
}

/** An owner's options: find one that belongs to the owner, create or replace one, delete one. */
export function ownedOptions(t: OptionTables) {
  async function find(ctx: Ctx, ownerId: string, optionId: string): Promise<void> {
    await t.getOwner(ctx, ownerId);
    const option = await t.options(ctx.db).findUnique({ where: { id: optionId } });
    if (!option || option[t.ownerKey] !== ownerId) throw AppError.notFound(t.label);
  }

  return {
    find,

    /**
     * Creates (no option id) or replaces an option: `update` holds the fields given (for a replace), `create`
     * every field with defaults; the translations are replaced by the given ones, in one transaction.
     */
    async save(
      ctx: Ctx,
      ownerId: string,
      optionId: string | null,
      input: { translations: Array<{ locale: string; name: string }> },
      fields: { update: object; create: object },
    ) {
      checkTranslations(input.translations, true);
      const id = await inTransaction(ctx, async (tx) => {
        // Concurrent replaces of one option take turns (see lockRow); a new option is nobody else's yet.
        if (optionId) await lockRow(tx, t.optionTable, optionId);
        if (optionId) await find(tx, ownerId, optionId);
        else await t.getOwner(tx, ownerId);
        const row = optionId
          ? await t.options(tx.db).update({ where: { id: optionId }, data: fields.update })
          : await t.options(tx.db).create({ data: { [t.ownerKey]: ownerId, ...fields.create } });
        const rows = input.translations.map((tr) => ({ locale: tr.locale, name: tr.name }));
        await replaceTranslations(t.optionTranslations(tx.db), t.optionKey, row.id, rows);
        return row.id;
      });
      return t.options(ctx.db).findUniqueOrThrow({ where: { id }, include: { translations: byLocale } });
    },
  };
}
