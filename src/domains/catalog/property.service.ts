import { Prisma } from '../../generated/prisma/client';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import { checkTranslations } from './input-checks';
import { conflictOf } from './unique-conflicts';
import type {
  Attribute,
  AttributeInput,
  AttributeOptionInput,
  PropertyGroupInput,
  PropertyOptionInput,
} from './property.type';

const IDENTIFIER = /^[a-z0-9][a-z0-9_-]*$/;
const ATTRIBUTE_TYPES = ['text', 'number', 'select', 'multi_select', 'boolean'] as const;

function checkIdentifier(identifier: string): void {
  if (!IDENTIFIER.test(identifier))
    throw new AppError('invalid_identifier', 'identifier must match ^[a-z0-9][a-z0-9_-]*$', { field: 'identifier' });
}

const duplicate = (err: unknown) => conflictOf(err, 'duplicate_identifier');
const byLocale = { orderBy: { locale: 'asc' as const } };
const GROUP_INCLUDE = {
  translations: byLocale,
  options: {
    orderBy: [{ position: 'asc' as const }, { createdAt: 'asc' as const }],
    include: { translations: byLocale },
  },
};
const ATTRIBUTE_INCLUDE = {
  translations: byLocale,
  options: {
    orderBy: [{ position: 'asc' as const }, { createdAt: 'asc' as const }],
    include: { translations: byLocale },
  },
};

// ---- property groups ---------------------------------------------------------------------------------------

export function listPropertyGroups(ctx: Ctx) {
  return ctx.db.propertyGroup.findMany({
    orderBy: [{ position: 'asc' }, { identifier: 'asc' }],
    include: GROUP_INCLUDE,
  });
}

export async function getPropertyGroup(ctx: Ctx, id: string) {
  const group = await ctx.db.propertyGroup.findUnique({ where: { id }, include: GROUP_INCLUDE });
  if (!group) throw AppError.notFound('property group');
  return group;
}

/** Creates (no id) or replaces a property group; its translations are replaced by the given ones. */
export async function savePropertyGroup(ctx: Ctx, id: string | null, input: PropertyGroupInput) {
  checkIdentifier(input.identifier);
  checkTranslations(input.translations, true);
  const groupId = await inTransaction(ctx, async (tx) => {
    if (id) await getPropertyGroup(tx, id);
    const data = { identifier: input.identifier, position: input.position ?? 0 };
    try {
      const row = id
        ? await tx.db.propertyGroup.update({ where: { id }, data })
        : await tx.db.propertyGroup.create({ data });
      await tx.db.propertyGroupTranslation.deleteMany({ where: { propertyGroupId: row.id } });
      await tx.db.propertyGroupTranslation.createMany({
        data: input.translations.map((t) => ({ propertyGroupId: row.id, locale: t.locale, name: t.name })),
      });
      return row.id;
    } catch (err) {
      throw duplicate(err);
    }
  });
  return getPropertyGroup(ctx, groupId);
}

export async function deletePropertyGroup(ctx: Ctx, id: string): Promise<boolean> {
  await getPropertyGroup(ctx, id);
  await ctx.db.propertyGroup.delete({ where: { id } });
  return true;
}

async function findOption(ctx: Ctx, groupId: string, optionId: string) {
  await getPropertyGroup(ctx, groupId);
  const option = await ctx.db.propertyOption.findUnique({ where: { id: optionId } });
  if (!option || option.propertyGroupId !== groupId) throw AppError.notFound('property option');
}

/** Creates (no option id) or replaces an option of a group. */
export async function savePropertyOption(
  ctx: Ctx,
  groupId: string,
  optionId: string | null,
  input: PropertyOptionInput,
) {
  checkTranslations(input.translations, true);
  const id = await inTransaction(ctx, async (tx) => {
    if (optionId) await findOption(tx, groupId, optionId);
    else await getPropertyGroup(tx, groupId);
    const data: Prisma.PropertyOptionUncheckedUpdateInput = {
      ...(input.position !== undefined ? { position: input.position ?? 0 } : {}),
      ...(input.colorHex !== undefined ? { colorHex: input.colorHex } : {}),
    };
    const row = optionId
      ? await tx.db.propertyOption.update({ where: { id: optionId }, data })
      : await tx.db.propertyOption.create({
          data: { propertyGroupId: groupId, position: input.position ?? 0, colorHex: input.colorHex ?? null },
        });
    await tx.db.propertyOptionTranslation.deleteMany({ where: { propertyOptionId: row.id } });
    await tx.db.propertyOptionTranslation.createMany({
      data: input.translations.map((t) => ({ propertyOptionId: row.id, locale: t.locale, name: t.name })),
    });
    return row.id;
  });
  return ctx.db.propertyOption.findUniqueOrThrow({ where: { id }, include: { translations: byLocale } });
}

export async function deletePropertyOption(ctx: Ctx, groupId: string, optionId: string): Promise<boolean> {
  await findOption(ctx, groupId, optionId);
  await ctx.db.propertyOption.delete({ where: { id: optionId } });
  return true;
}

// ---- attributes --------------------------------------------------------------------------------------------

export function listAttributes(ctx: Ctx): Promise<Attribute[]> {
  return ctx.db.attribute.findMany({
    orderBy: [{ position: 'asc' }, { identifier: 'asc' }],
    include: ATTRIBUTE_INCLUDE,
  });
}

export async function getAttribute(ctx: Ctx, id: string): Promise<Attribute> {
  const attribute = await ctx.db.attribute.findUnique({ where: { id }, include: ATTRIBUTE_INCLUDE });
  if (!attribute) throw AppError.notFound('attribute');
  return attribute;
}

/**
 * Creates (no id) or fully replaces an attribute. Changing the type of an existing attribute removes its
 * values on products and variants, which could no longer match it.
 */
export async function saveAttribute(ctx: Ctx, id: string | null, input: AttributeInput): Promise<Attribute> {
  checkIdentifier(input.identifier);
  if (!(ATTRIBUTE_TYPES as readonly string[]).includes(input.type))
    throw new AppError('invalid_attribute_type', `type must be one of ${ATTRIBUTE_TYPES.join(', ')}`, {
      field: 'type',
    });
  checkTranslations(input.translations, true);
  const attributeId = await inTransaction(ctx, async (tx) => {
    const before = id ? await getAttribute(tx, id) : null;
    const data = {
      identifier: input.identifier,
      type: input.type as (typeof ATTRIBUTE_TYPES)[number],
      unit: input.unit ?? null,
      position: input.position ?? 0,
      filterable: input.filterable ?? false,
      required: input.required ?? false,
    };
    try {
      const row = id ? await tx.db.attribute.update({ where: { id }, data }) : await tx.db.attribute.create({ data });
      await tx.db.attributeTranslation.deleteMany({ where: { attributeId: row.id } });
      await tx.db.attributeTranslation.createMany({
        data: input.translations.map((t) => ({
          attributeId: row.id,
          locale: t.locale,
          name: t.name,
          description: t.description ?? null,
        })),
      });
      if (before && before.type !== input.type) {
        await tx.db.productAttributeValue.deleteMany({ where: { attributeId: row.id } });
        await tx.db.variantAttributeValue.deleteMany({ where: { attributeId: row.id } });
      }
      return row.id;
    } catch (err) {
      throw duplicate(err);
    }
  });
  return getAttribute(ctx, attributeId);
}

/** Deletes an attribute; its options and every value on products and variants go with it (cascade). */
export async function deleteAttribute(ctx: Ctx, id: string): Promise<boolean> {
  await getAttribute(ctx, id);
  await ctx.db.attribute.delete({ where: { id } });
  return true;
}

async function findAttributeOption(ctx: Ctx, attributeId: string, optionId: string) {
  await getAttribute(ctx, attributeId);
  const option = await ctx.db.attributeOption.findUnique({ where: { id: optionId } });
  if (!option || option.attributeId !== attributeId) throw AppError.notFound('attribute option');
}

export async function saveAttributeOption(
  ctx: Ctx,
  attributeId: string,
  optionId: string | null,
  input: AttributeOptionInput,
) {
  checkTranslations(input.translations, true);
  const id = await inTransaction(ctx, async (tx) => {
    if (optionId) await findAttributeOption(tx, attributeId, optionId);
    else await getAttribute(tx, attributeId);
    const row = optionId
      ? await tx.db.attributeOption.update({
          where: { id: optionId },
          data: input.position !== undefined ? { position: input.position ?? 0 } : {},
        })
      : await tx.db.attributeOption.create({ data: { attributeId, position: input.position ?? 0 } });
    await tx.db.attributeOptionTranslation.deleteMany({ where: { attributeOptionId: row.id } });
    await tx.db.attributeOptionTranslation.createMany({
      data: input.translations.map((t) => ({ attributeOptionId: row.id, locale: t.locale, name: t.name })),
    });
    return row.id;
  });
  return ctx.db.attributeOption.findUniqueOrThrow({ where: { id }, include: { translations: byLocale } });
}

/**
 * Deletes an attribute option. Single-select values pointing at it go by cascade; multi-select values hold
 * ids in an array without a foreign key, so the id is removed from them here.
 */
export async function deleteAttributeOption(ctx: Ctx, attributeId: string, optionId: string): Promise<boolean> {
  await findAttributeOption(ctx, attributeId, optionId);
  await inTransaction(ctx, async (tx) => {
    await tx.db.attributeOption.delete({ where: { id: optionId } });
    await tx.db.$executeRaw(
      Prisma.sql`UPDATE product_attribute_values SET option_ids = array_remove(option_ids, ${optionId}::uuid) WHERE attribute_id = ${attributeId}::uuid`,
    );
    await tx.db.$executeRaw(
      Prisma.sql`UPDATE variant_attribute_values SET option_ids = array_remove(option_ids, ${optionId}::uuid) WHERE attribute_id = ${attributeId}::uuid`,
    );
  });
  return true;
}
