import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import { Details } from './details-shape';
import type { AttributeValueInput } from './product.inputs';
import type { AttributeValue } from './product.type';

type Owner = { productId: string; variantId?: string };

async function assertOwner(ctx: Ctx, owner: Owner): Promise<void> {
  if (!(await ctx.db.product.findUnique({ where: { id: owner.productId }, select: { id: true } })))
    throw AppError.notFound('product');
  if (owner.variantId) {
    const v = await ctx.db.productVariant.findUnique({ where: { id: owner.variantId }, select: { productId: true } });
    if (!v || v.productId !== owner.productId) throw AppError.notFound('variant');
  }
}

const mismatch = (i: number, type: string) =>
  new AppError('invalid_attribute_value', `value does not match attribute type ${type}`, { field: `attributes[${i}]` });

/**
 * Checks each value against its attribute's type (the one value field that type uses must be given:
 * text → value_text, number → value_numeric, select → option_id, multi_select → option_ids, boolean →
 * value_boolean) and returns the row to store. Unknown attributes and options are 404.
 */
async function toRows(ctx: Ctx, values: AttributeValueInput[]) {
  const attributes = await ctx.db.attribute.findMany({
    where: { id: { in: values.map((v) => v.attributeId) } },
    include: { options: { select: { id: true } } },
  });
  const byId = new Map(attributes.map((a) => [a.id, a]));
  return values.map((v, i) => {
    const attribute = byId.get(v.attributeId);
    if (!attribute) throw new AppError('not_found', 'attribute not found', { field: `attributes[${i}].attribute_id` });
    const options = new Set(attribute.options.map((o) => o.id));
    const row = {
      attributeId: v.attributeId,
      valueText: null as string | null,
      valueNumeric: null as number | null,
      optionId: null as string | null,
      optionIds: [] as string[],
      valueBoolean: null as boolean | null,
    };
    switch (attribute.type) {
      case 'text':
        if (typeof v.valueText !== 'string') throw mismatch(i, attribute.type);
        row.valueText = v.valueText;
        break;
      case 'number':
        if (typeof v.valueNumeric !== 'number') throw mismatch(i, attribute.type);
        row.valueNumeric = v.valueNumeric;
        break;
      case 'boolean':
        if (typeof v.valueBoolean !== 'boolean') throw mismatch(i, attribute.type);
        row.valueBoolean = v.valueBoolean;
        break;
      case 'select':
        if (!v.optionId) throw mismatch(i, attribute.type);
        if (!options.has(v.optionId))
          throw new AppError('not_found', 'attribute option not found', { field: `attributes[${i}].option_id` });
        row.optionId = v.optionId;
        break;
      case 'multi_select':
        if (!Array.isArray(v.optionIds)) throw mismatch(i, attribute.type);
        if (v.optionIds.some((id) => !options.has(id)))
          throw new AppError('not_found', 'attribute option not found', { field: `attributes[${i}].option_ids` });
        row.optionIds = [...new Set(v.optionIds)];
        break;
    }
    return row;
  });
}

/** Upserts attribute values of a product (or of one of its variants), matched by attribute id; returns all its values. */
export async function setAttributeValues(
  ctx: Ctx,
  owner: Owner,
  values: AttributeValueInput[],
): Promise<AttributeValue[]> {
  await inTransaction(ctx, async (tx) => {
    await assertOwner(tx, owner);
    const rows = await toRows(tx, values);
    for (const row of rows) {
      if (owner.variantId) {
        const variantId = owner.variantId;
        await tx.db.variantAttributeValue.upsert({
          where: { variantId_attributeId: { variantId, attributeId: row.attributeId } },
          create: { variantId, ...row },
          update: row,
        });
      } else {
        const productId = owner.productId;
        await tx.db.productAttributeValue.upsert({
          where: { productId_attributeId: { productId, attributeId: row.attributeId } },
          create: { productId, ...row },
          update: row,
        });
      }
    }
  });
  return owner.variantId
    ? ctx.loaders.variantAttributes.load(owner.variantId)
    : (await ctx.loaders.productDetails.load({ id: owner.productId, details: Details.attributes })).attributes!;
}

/** Removes one attribute value; 404 when the product, variant, attribute or value is unknown. */
export async function deleteAttributeValue(ctx: Ctx, owner: Owner, attributeId: string): Promise<boolean> {
  await assertOwner(ctx, owner);
  if (!(await ctx.db.attribute.findUnique({ where: { id: attributeId }, select: { id: true } })))
    throw AppError.notFound('attribute');
  const { count } = owner.variantId
    ? await ctx.db.variantAttributeValue.deleteMany({ where: { variantId: owner.variantId, attributeId } })
    : await ctx.db.productAttributeValue.deleteMany({ where: { productId: owner.productId, attributeId } });
  if (!count) throw AppError.notFound('attribute value');
  return true;
}
