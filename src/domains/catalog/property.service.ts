import type { Ctx } from '../../context/ctx';
import { lockRow } from '../../context/row-lock';
import { inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { checkTranslations } from './input-checks';
import { ownedOptions, replaceTranslations, WITH_TRANSLATED_OPTIONS } from './options-owner';
import type {
  Attribute,
  AttributeInput,
  AttributeOptionInput,
  PropertyGroupInput,
  PropertyOptionInput,
} from './property.type';
import { ATTRIBUTE_TYPES, IDENTIFIER_PATTERN } from './property.type';
import { conflictOf } from './unique-conflicts';

const IDENTIFIER = new RegExp(IDENTIFIER_PATTERN);

function checkIdentifier(identifier: string): void {
  if (!IDENTIFIER.test(identifier))
    throw new AppError('invalid_identifier', 'identifier must match ^[a-z0-9][a-z0-9_-]*$', { field: 'identifier' });
}

const duplicate = (err: unknown) => conflictOf(err, 'duplicate_identifier');

// ---- property groups ---------------------------------------------------------------------------------------

export function listPropertyGroups(ctx: Ctx) {
  return ctx.db.propertyGroup.findMany({
    orderBy: [{ position: 'asc' }, { identifier: 'asc' }],
    include: WITH_TRANSLATED_OPTIONS,
  });
}

export async function getPropertyGroup(ctx: Ctx, id: string) {
  const group = await ctx.db.propertyGroup.findUnique({ where: { id }, include: WITH_TRANSLATED_OPTIONS });
  if (!group) throw AppError.notFound('property group');
  return group;
}

/** Creates (no id) or replaces a property group; its translations are replaced by the given ones. */
export async function savePropertyGroup(ctx: Ctx, id: string | null, input: PropertyGroupInput) {
  checkIdentifier(input.identifier);
  checkTranslations(input.translations, true);
  const groupId = await inTransaction(ctx, async (tx) => {
    // Its translations are replaced: concurrent saves of one group take turns (see lockRow).
    if (id) await lockRow(tx, 'property_groups', id);
    if (id) await getPropertyGroup(tx, id);
    const data = { identifier: input.identifier, position: input.position ?? 0 };
    try {
      const row = id
        ? await tx.db.propertyGroup.update({ where: { id }, data })
        : await tx.db.propertyGroup.create({ data });
      const rows = input.translations.map((t) => ({ locale: t.locale, name: t.name }));
      await replaceTranslations(tx.db.propertyGroupTranslation as never, 'propertyGroupId', row.id, rows);
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

const propertyOptions = ownedOptions({
  label: 'property option',
  getOwner: getPropertyGroup,
  options: (db) => db.propertyOption as never,
  optionTranslations: (db) => db.propertyOptionTranslation as never,
  ownerKey: 'propertyGroupId',
  optionTable: 'property_options',
  optionKey: 'propertyOptionId',
});

/** Creates (no option id) or replaces an option of a group. */
export function savePropertyOption(ctx: Ctx, groupId: string, optionId: string | null, input: PropertyOptionInput) {
  return propertyOptions.save(ctx, groupId, optionId, input, {
    update: {
      ...(input.position !== undefined ? { position: input.position ?? 0 } : {}),
      ...(input.colorHex !== undefined ? { colorHex: input.colorHex } : {}),
    },
    create: { position: input.position ?? 0, colorHex: input.colorHex ?? null },
  });
}

export async function deletePropertyOption(ctx: Ctx, groupId: string, optionId: string): Promise<boolean> {
  await propertyOptions.find(ctx, groupId, optionId);
  await ctx.db.propertyOption.delete({ where: { id: optionId } });
  return true;
}

// ---- attributes --------------------------------------------------------------------------------------------

export function listAttributes(ctx: Ctx): Promise<Attribute[]> {
  return ctx.db.attribute.findMany({
    orderBy: [{ position: 'asc' }, { identifier: 'asc' }],
    include: WITH_TRANSLATED_OPTIONS,
  });
}

export async function getAttribute(ctx: Ctx, id: string): Promise<Attribute> {
  const attribute = await ctx.db.attribute.findUnique({ where: { id }, include: WITH_TRANSLATED_OPTIONS });
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
    // Its translations are replaced: concurrent saves of one attribute take turns (see lockRow).
    if (id) await lockRow(tx, 'attributes', id);
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
      const rows = input.translations.map((t) => ({
        locale: t.locale,
        name: t.name,
        description: t.description ?? null,
      }));
      await replaceTranslations(tx.db.attributeTranslation as never, 'attributeId', row.id, rows);
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

const attributeOptions = ownedOptions({
  label: 'attribute option',
  getOwner: getAttribute,
  options: (db) => db.attributeOption as never,
  optionTranslations: (db) => db.attributeOptionTranslation as never,
  ownerKey: 'attributeId',
  optionTable: 'attribute_options',
  optionKey: 'attributeOptionId',
});

export function saveAttributeOption(
  ctx: Ctx,
  attributeId: string,
  optionId: string | null,
  input: AttributeOptionInput,
) {
  return attributeOptions.save(ctx, attributeId, optionId, input, {
    update: input.position !== undefined ? { position: input.position ?? 0 } : {},
    create: { position: input.position ?? 0 },
  });
}

/**
 * Deletes an attribute option. Single-select values pointing at it go by cascade; multi-select values hold
 * ids in an array without a foreign key, so the id is removed from them here.
 */
export async function deleteAttributeOption(ctx: Ctx, attributeId: string, optionId: string): Promise<boolean> {
  await attributeOptions.find(ctx, attributeId, optionId);
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
