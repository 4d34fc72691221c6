import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const PG = '/api/v1/admin/property-groups';
const AT = '/api/v1/admin/attributes';
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;
const en = (name: string) => [{ locale: 'en', name }];

async function attribute(type: string, extra: Record<string, unknown> = {}) {
  const res = await t.asAdmin().post(AT, { identifier: `a-${uid()}`, type, translations: en(type), ...extra });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function product() {
  const n = uid();
  const res = await t.asAdmin().post('/api/v1/admin/products', {
    currency: 'EUR',
    active: true,
    translations: [{ locale: 'en', name: `P ${n}`, slug: `p-${n}` }],
  });
  return res.body.data;
}

describe('property groups and options', () => {
  it('creates, lists, replaces and deletes groups and options', async () => {
    const id = `size-${uid()}`;
    const res = await t.asAdmin().post(PG, { identifier: id, position: 2, translations: en('Size') });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      identifier: id,
      position: 2,
      translations: [{ locale: 'en', name: 'Size' }],
      options: [],
    });
    const group = res.body.data;
    const opt = await t
      .asAdmin()
      .post(`${PG}/${group.id}/options`, { position: 1, color_hex: '#ff0000', translations: en('Red') });
    expect(opt.status).toBe(201);
    expect(opt.body.data).toMatchObject({
      property_group_id: group.id,
      position: 1,
      color_hex: '#ff0000',
      translations: [{ locale: 'en', name: 'Red' }],
    });
    const optUp = await t
      .asAdmin()
      .put(`${PG}/${group.id}/options/${opt.body.data.id}`, { translations: [{ locale: 'de', name: 'Rot' }] });
    expect(optUp.status).toBe(200);
    expect(optUp.body.data).toMatchObject({
      position: 1,
      color_hex: '#ff0000',
      translations: [{ locale: 'de', name: 'Rot' }],
    });
    expect(
      (await t.asAdmin().post(`${PG}/${group.id}/options`, { color_hex: 'red', translations: en('x') })).status,
    ).toBe(400);
    const list = await t.asAdmin().get(PG);
    expect(list.body.data.find((g: { id: string }) => g.id === group.id).options).toHaveLength(1);
    const put = await t.asAdmin().put(`${PG}/${group.id}`, { identifier: `${id}-2`, translations: en('Größe') });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      identifier: `${id}-2`,
      position: 0,
      translations: [{ locale: 'en', name: 'Größe' }],
    });
    expect((await t.asAdmin().put(`${PG}/${group.id}`, { translations: en('x') })).status).toBe(400);
    expect((await t.asAdmin().delete(`${PG}/${group.id}/options/${opt.body.data.id}`)).status).toBe(204);
    expect((await t.asAdmin().delete(`${PG}/${group.id}/options/${opt.body.data.id}`)).status).toBe(404);
    expect((await t.asAdmin().delete(`${PG}/${group.id}`)).status).toBe(204);
    expect((await t.asAdmin().get(`${PG}/${group.id}`)).status).toBe(404);
  });

  it('422 invalid_identifier and 409 duplicate_identifier', async () => {
    const bad = await t.asAdmin().post(PG, { identifier: 'Bad Name', translations: en('x') });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ code: 'invalid_identifier', field: 'identifier' });
    const id = `color-${uid()}`;
    await t.asAdmin().post(PG, { identifier: id, translations: en('Color') });
    const dup = await t.asAdmin().post(PG, { identifier: id, translations: en('Color') });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].code).toBe('duplicate_identifier');
  });
});

describe('attributes and options', () => {
  it('creates with defaults, fully replaces, manages options, validates identifier and type', async () => {
    const a = await attribute('number', {
      unit: 'cm',
      translations: [{ locale: 'en', name: 'Width', description: 'outer' }],
    });
    expect(a).toMatchObject({
      type: 'number',
      unit: 'cm',
      position: 0,
      filterable: false,
      required: false,
      options: [],
      translations: [{ locale: 'en', name: 'Width', description: 'outer' }],
    });
    const put = await t.asAdmin().put(`${AT}/${a.id}`, {
      identifier: a.identifier,
      type: 'select',
      filterable: true,
      translations: en('Material'),
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ type: 'select', unit: null, filterable: true });
    const opt = await t.asAdmin().post(`${AT}/${a.id}/options`, { translations: en('Wool') });
    expect(opt.status).toBe(201);
    expect(opt.body.data).toEqual({
      id: expect.any(String),
      attribute_id: a.id,
      position: 0,
      translations: [{ locale: 'en', name: 'Wool' }],
    });
    expect(
      (await t.asAdmin().put(`${AT}/${a.id}/options/${opt.body.data.id}`, { position: 4, translations: en('Merino') }))
        .body.data,
    ).toMatchObject({ position: 4, translations: [{ locale: 'en', name: 'Merino' }] });
    expect((await t.asAdmin().get(`${AT}/${a.id}`)).body.data.options).toHaveLength(1);
    expect((await t.asAdmin().delete(`${AT}/${a.id}/options/${opt.body.data.id}`)).status).toBe(204);
    expect((await t.asAdmin().put(`${AT}/${a.id}/options/${opt.body.data.id}`, { translations: en('x') })).status).toBe(
      404,
    );
    const badType = await t.asAdmin().post(AT, { identifier: `x-${uid()}`, type: 'color', translations: en('x') });
    expect(badType.status).toBe(422);
    expect(badType.body.errors[0].code).toBe('invalid_attribute_type');
    expect(
      (await t.asAdmin().post(AT, { identifier: '-x', type: 'text', translations: en('x') })).body.errors[0].code,
    ).toBe('invalid_identifier');
    expect((await t.asAdmin().post(AT, { identifier: a.identifier, type: 'text', translations: en('x') })).status).toBe(
      409,
    );
    expect(
      (
        await t
          .asAdmin()
          .post(AT, { identifier: `u-${uid()}`, type: 'number', unit: 'x'.repeat(21), translations: en('x') })
      ).status,
    ).toBe(400);
    expect((await t.asAdmin().get(`${AT}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect(
      (
        await t
          .asAdmin()
          .put(`${AT}/00000000-0000-4000-8000-000000000000`, { identifier: 'zz', type: 'text', translations: en('x') })
      ).status,
    ).toBe(404);
  });
});

describe('attribute values on products and variants', () => {
  it('upserts values by attribute with type checks; store responses embed attribute metadata', async () => {
    const text = await attribute('text');
    const num = await attribute('number', { unit: 'kg' });
    const bool = await attribute('boolean');
    const sel = await attribute('select');
    const multi = await attribute('multi_select');
    const selOpt = (await t.asAdmin().post(`${AT}/${sel.id}/options`, { translations: en('A') })).body.data;
    const m1 = (await t.asAdmin().post(`${AT}/${multi.id}/options`, { translations: en('M1') })).body.data;
    const m2 = (await t.asAdmin().post(`${AT}/${multi.id}/options`, { translations: en('M2') })).body.data;
    const p = await product();
    const res = await t.asAdmin().put(`/api/v1/admin/products/${p.id}/attributes`, {
      attributes: [
        { attribute_id: text.id, value_text: 'cotton' },
        { attribute_id: num.id, value_numeric: 1.5 },
        { attribute_id: bool.id, value_boolean: false },
        { attribute_id: sel.id, option_id: selOpt.id },
        { attribute_id: multi.id, option_ids: [m1.id, m2.id] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.data.find((v: { attribute_id: string }) => v.attribute_id === num.id)).toEqual({
      attribute_id: num.id,
      attribute_identifier: num.identifier,
      type: 'number',
      unit: 'kg',
      translations: [{ locale: 'en', name: 'number' }],
      value_text: null,
      value_numeric: 1.5,
      option_id: null,
      option_ids: [],
      value_boolean: null,
    });
    const again = await t.asAdmin().put(`/api/v1/admin/products/${p.id}/attributes`, {
      attributes: [{ attribute_id: text.id, value_text: 'wool' }],
    });
    expect(again.body.data.find((v: { attribute_id: string }) => v.attribute_id === text.id).value_text).toBe('wool');
    expect(again.body.data).toHaveLength(5);

    const mismatch = await t.asAdmin().put(`/api/v1/admin/products/${p.id}/attributes`, {
      attributes: [{ attribute_id: num.id, value_text: 'heavy' }],
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors[0].code).toBe('invalid_attribute_value');
    const unknownAttr = await t.asAdmin().put(`/api/v1/admin/products/${p.id}/attributes`, {
      attributes: [{ attribute_id: '00000000-0000-4000-8000-000000000000', value_text: 'x' }],
    });
    expect(unknownAttr.status).toBe(404);
    expect(
      (
        await t
          .asAdmin()
          .put('/api/v1/admin/products/00000000-0000-4000-8000-000000000000/attributes', { attributes: [] })
      ).status,
    ).toBe(404);

    // Deleting a multi-select option removes its id from stored values.
    await t.asAdmin().delete(`${AT}/${multi.id}/options/${m1.id}`);
    const store = await t.asGuest().get(`/api/v1/store/products/id/${p.id}`);
    expect(
      store.body.data.attributes.find((v: { attribute_id: string }) => v.attribute_id === multi.id).option_ids,
    ).toEqual([m2.id]);

    expect((await t.asAdmin().delete(`/api/v1/admin/products/${p.id}/attributes/${bool.id}`)).status).toBe(204);
    expect((await t.asAdmin().delete(`/api/v1/admin/products/${p.id}/attributes/${bool.id}`)).status).toBe(404);
    // Deleting an attribute removes its values.
    expect((await t.asAdmin().delete(`${AT}/${text.id}`)).status).toBe(204);
    expect(await t.db.productAttributeValue.count({ where: { attributeId: text.id } })).toBe(0);
    expect(await t.db.attributeOption.count({ where: { attributeId: sel.id } })).toBe(1);
    expect((await t.asAdmin().delete(`${AT}/${sel.id}`)).status).toBe(204);
    expect(await t.db.attributeOption.count({ where: { attributeId: sel.id } })).toBe(0);
  });

  it('sets and deletes variant attribute values', async () => {
    const text = await attribute('text');
    const p = await product();
    const v = (await t.asAdmin().post(`/api/v1/admin/products/${p.id}/variants`, { sku: `V-${uid()}` })).body.data;
    const path = `/api/v1/admin/products/${p.id}/variants/${v.id}/attributes`;
    const res = await t.asAdmin().put(path, { attributes: [{ attribute_id: text.id, value_text: 'blue' }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ attribute_id: text.id, value_text: 'blue', attribute_identifier: text.identifier }),
    ]);
    const store = await t.asGuest().get(`/api/v1/store/products/id/${p.id}`);
    expect(store.body.data.variants[0].attributes).toEqual(res.body.data);
    const other = await product();
    expect(
      (await t.asAdmin().put(`/api/v1/admin/products/${other.id}/variants/${v.id}/attributes`, { attributes: [] }))
        .status,
    ).toBe(404);
    expect((await t.asAdmin().delete(`${path}/${text.id}`)).status).toBe(204);
    expect((await t.asAdmin().delete(`${path}/${text.id}`)).status).toBe(404);
  });
});
