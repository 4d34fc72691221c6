/**
 * The catalog's read paths project product, variant and translation columns with hand-written SQL (for speed:
 * see docs/decisions.md, Performance). A column added to the Prisma model and forgotten there would silently be
 * missing from the API: these tests compare the projections with Prisma's scalar fields.
 */
import { Prisma } from '../../generated/prisma/client';
import { TRANSLATION_JSON, variantJson } from './catalog.loaders';
import { ALL_DETAILS } from './details-shape';
import { PRODUCT_COLUMNS } from './product-query';

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const sqlText = (s: Prisma.Sql) => s.strings.join('?');

/** Fields deliberately not projected, each with its reason. */
const NOT_PROJECTED: Record<string, string> = {
  'ProductTranslation.id': 'internal row id; a translation is identified by its locale',
  'ProductTranslation.productId': 'the translation is nested in its product',
};

/** Keys of a `json_build_object('key', value, …)` projection. */
const jsonKeys = (s: Prisma.Sql) => [...sqlText(s).matchAll(/'([a-zA-Z]+)',/g)].map((m) => m[1]);

function missing(model: string, fields: string[], projected: (field: string) => boolean): string[] {
  return fields.filter((f) => !NOT_PROJECTED[`${model}.${f}`] && !projected(f)).map((f) => `${model}.${f}`);
}

describe('raw-SQL projections cover the Prisma models', () => {
  it('the product list and by-slug queries select every product column, named as the API names it', () => {
    const text = sqlText(PRODUCT_COLUMNS);
    const projected = (f: string) =>
      f === snake(f) ? new RegExp(`\\bp\\.${f}\\b(?! AS)`).test(text) : text.includes(`p.${snake(f)} AS "${f}"`);
    expect(missing('Product', Object.keys(Prisma.ProductScalarFieldEnum), projected)).toEqual([]);
  });

  it('the product-details loader builds every variant field', () => {
    const keys = jsonKeys(variantJson(ALL_DETAILS));
    expect(
      missing('ProductVariant', Object.keys(Prisma.ProductVariantScalarFieldEnum), (f) => keys.includes(f)),
    ).toEqual([]);
  });

  it('the product-details loader builds every translation field', () => {
    const keys = jsonKeys(TRANSLATION_JSON);
    const fields = Object.keys(Prisma.ProductTranslationScalarFieldEnum);
    expect(missing('ProductTranslation', fields, (f) => keys.includes(f))).toEqual([]);
  });

  it('the allow-list names only fields that exist', () => {
    const all = new Set(Object.keys(Prisma.ProductTranslationScalarFieldEnum).map((f) => `ProductTranslation.${f}`));
    expect(Object.keys(NOT_PROJECTED).filter((k) => !all.has(k))).toEqual([]);
  });
});
