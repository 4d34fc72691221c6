import * as op from '../../src/generated/graphql';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const A = '/api/v1/admin';
const MISSING = '00000000-0000-4000-8000-000000000000';
const en = (name: string) => [{ locale: 'en', name, description: `${name} description` }];

describe('tax rules', () => {
  it('creates, reads, lists, updates and deletes', async () => {
    const created = await t.asAdmin().post(`${A}/tax-rules`, { name: 'VAT DE', rate: 1900, country_code: 'DE' });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'VAT DE',
      rate: 1900,
      country_code: 'DE',
      type: 'standard',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.data.id;
    expect((await t.asAdmin().get(`${A}/tax-rules/${id}`)).body.data).toEqual(created.body.data);
    const list = await t.asAdmin().get(`${A}/tax-rules?limit=1`);
    expect(list.body.meta).toMatchObject({ page: 1, limit: 1 });
    const updated = await t.asAdmin().put(`${A}/tax-rules/${id}`, { rate: 700, type: 'reduced', country_code: null });
    expect(updated.body.data).toMatchObject({ name: 'VAT DE', rate: 700, type: 'reduced', country_code: null });
    expect((await t.asAdmin().delete(`${A}/tax-rules/${id}`)).status).toBe(204);
    expect((await t.asAdmin().get(`${A}/tax-rules/${id}`)).status).toBe(404);
  });

  it('validates rate, country code and type', async () => {
    const res = await t
      .asAdmin()
      .post(`${A}/tax-rules`, { name: '', rate: 100001, country_code: 'de', type: 'luxury' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { code: 'validation_error', field: 'name', detail: 'required' },
      { code: 'validation_error', field: 'rate', detail: 'max' },
      { code: 'validation_error', field: 'country_code', detail: 'pattern' },
      { code: 'validation_error', field: 'type', detail: 'oneof' },
    ]);
    expect((await t.asAdmin().put(`${A}/tax-rules/${MISSING}`, { rate: 1 })).status).toBe(404);
  });
});

describe('shipping methods', () => {
  it('manages methods with translations and lists only active ones in the store', async () => {
    const rule = (await t.asAdmin().post(`${A}/tax-rules`, { name: 'VAT', rate: 1900 })).body.data;
    const created = await t.asAdmin().post(`${A}/shipping-methods`, {
      price_gross: 499,
      price_net: 419,
      tax_rule_id: rule.id,
      translations: en('Standard'),
      custom_fields: { carrier_code: 'DHL' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      active: true,
      price_gross: 499,
      price_net: 419,
      tax_rule_id: rule.id,
      position: 0,
      custom_fields: { carrier_code: 'DHL' },
      translations: [{ locale: 'en', name: 'Standard', description: 'Standard description' }],
    });
    const hidden = await t.asAdmin().post(`${A}/shipping-methods`, { active: false, translations: en('Hidden') });
    expect(hidden.status).toBe(201);

    const replaced = await t.asAdmin().put(`${A}/shipping-methods/${created.body.data.id}`, {
      translations: [
        { locale: 'de', name: 'Standardversand' },
        { locale: 'en', name: 'Standard shipping' },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.translations).toEqual([
      { locale: 'de', name: 'Standardversand', description: null },
      { locale: 'en', name: 'Standard shipping', description: null },
    ]);
    expect(replaced.body.data.custom_fields).toEqual({ carrier_code: 'DHL' });

    const store = await t.asGuest().get('/api/v1/store/shipping-methods');
    expect(store.status).toBe(200);
    const ids = store.body.data.map((m: { id: string }) => m.id);
    expect(ids).toContain(created.body.data.id);
    expect(ids).not.toContain(hidden.body.data.id);

    const adminActive = await t.asAdmin().get(`${A}/shipping-methods?filter[active]=false`);
    expect(adminActive.body.data.map((m: { id: string }) => m.id)).toEqual([hidden.body.data.id]);
    expect((await t.asAdmin().delete(`${A}/shipping-methods/${hidden.body.data.id}`)).status).toBe(204);
  });

  it('needs a translation, a known tax rule and non-negative prices', async () => {
    const empty = await t.asAdmin().post(`${A}/shipping-methods`, { translations: [], price_gross: -1 });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { code: 'validation_error', field: 'price_gross', detail: 'min' },
      { code: 'validation_error', field: 'translations', detail: 'required' },
    ]);
    const badLocale = await t
      .asAdmin()
      .post(`${A}/shipping-methods`, { translations: [{ locale: 'English!', name: 'x' }] });
    expect(badLocale.body.errors).toEqual([
      { code: 'validation_error', field: 'translations[0].locale', detail: 'pattern' },
    ]);
    const unknownRule = await t
      .asAdmin()
      .post(`${A}/shipping-methods`, { tax_rule_id: MISSING, translations: en('X') });
    expect(unknownRule.status).toBe(404);
    expect(unknownRule.body.errors).toEqual([
      { code: 'not_found', detail: 'tax rule not found', field: 'tax_rule_id' },
    ]);
  });
});

describe('payment methods', () => {
  it('manages methods; the store sees active ones; provider empty means manual payment', async () => {
    const manual = await t.asAdmin().post(`${A}/payment-methods`, { translations: en('Invoice') });
    expect(manual.status).toBe(201);
    expect(manual.body.data).toMatchObject({
      provider: '',
      active: true,
      translations: [{ locale: 'en', name: 'Invoice', description: 'Invoice description' }],
    });
    const card = await t
      .asAdmin()
      .post(`${A}/payment-methods`, { provider: 'payprov', active: false, translations: en('Card') });
    expect(card.body.data.provider).toBe('payprov');
    const store = await t.asGuest().get('/api/v1/store/payment-methods');
    expect(store.body.data.map((m: { id: string }) => m.id)).toEqual([manual.body.data.id]);
    const activated = await t.asAdmin().put(`${A}/payment-methods/${card.body.data.id}`, { active: true });
    expect(activated.body.data).toMatchObject({ active: true, provider: 'payprov', translations: [{ name: 'Card' }] });
    expect((await t.asGuest().get('/api/v1/store/payment-methods')).body.data).toHaveLength(2);
    const bad = await t.asAdmin().post(`${A}/payment-methods`, { provider: 'Pay Prov', translations: en('X') });
    expect(bad.body.errors).toEqual([{ code: 'validation_error', field: 'provider', detail: 'pattern' }]);
    expect((await t.asAdmin().delete(`${A}/payment-methods/${card.body.data.id}`)).status).toBe(204);
    expect((await t.asAdmin().delete(`${A}/payment-methods/${card.body.data.id}`)).status).toBe(404);
  });
});

describe('discount codes', () => {
  it('stores codes case-insensitively and refuses duplicates with 409 duplicate_code', async () => {
    const created = await t.asAdmin().post(`${A}/discounts`, { code: '  Summer10 ', type: 'percentage', value: 1000 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code: 'summer10',
      type: 'percentage',
      value: 1000,
      used_count: 0,
      max_uses: null,
      active: true,
    });
    const dup = await t.asAdmin().post(`${A}/discounts`, { code: 'SUMMER10', type: 'fixed', value: 100 });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      { code: 'duplicate_code', detail: 'discount code already exists', field: 'code' },
    ]);
    const search = await t.asAdmin().get(`${A}/discounts?search=MMER`);
    expect(search.body.data.map((d: { code: string }) => d.code)).toContain('summer10');
    // Search text is literal: `%` and `_` are not LIKE wildcards (they matched every code).
    for (const text of ['%', '_']) {
      const literal = await t.asAdmin().get(`${A}/discounts?search=${encodeURIComponent(text)}`);
      expect([text, literal.body.meta.total]).toEqual([text, 0]);
    }
  });

  it('counts a campaign of 10,050 codes up to 10,000, in one statement a page, and pages past the count answer', async () => {
    // A bulk campaign written at once, a second apart (the newest first); every tenth code inactive.
    await t.db.$executeRawUnsafe(
      `INSERT INTO discount_codes (id, code, type, value, active, created_at, updated_at)
       SELECT gen_random_uuid(), 'bulk-' || i, 'fixed', 100, i % 10 <> 0, now() + interval '1 day' - make_interval(secs => i), now()
       FROM generate_series(1, 10050) i`,
    );
    try {
      const first = await t.asAdmin().get(`${A}/discounts?limit=3`);
      expect(first.body.meta).toEqual({ total: 10000, page: 1, limit: 3, pages: 3334 });
      expect(first.body.data.map((d: { code: string }) => d.code)).toEqual(['bulk-1', 'bulk-2', 'bulk-3']);
      // The same rows Prisma reads, field for field; the page and its count take as many statements as one code.
      const byId = await t.asAdmin().get(`${A}/discounts/${first.body.data[0].id}`);
      expect(first.body.data[0]).toEqual(byId.body.data);
      expect(t.sqlCount(first.requestId)).toBe(t.sqlCount(byId.requestId));
      const beyond = await t.asAdmin().get(`${A}/discounts?limit=5&page=2005`);
      expect(beyond.body.data.map((d: { code: string }) => d.code)).toEqual(
        [10021, 10022, 10023, 10024, 10025].map((i) => `bulk-${i}`),
      );
      expect(beyond.body.meta).toEqual({ total: 10000, page: 2005, limit: 5, pages: 2000 });
      const past = await t.asAdmin().get(`${A}/discounts?limit=5&page=3000`);
      expect(past.body).toMatchObject({ data: [], meta: { total: 10000, page: 3000, pages: 2000 } });
      // Filters: inactive codes (1,005 of them, counted exactly), and a search the count walks.
      const inactive = await t.asAdmin().get(`${A}/discounts?filter[active]=false&limit=2`);
      expect(inactive.body.meta.total).toBe(1005);
      expect(inactive.body.data.map((d: { code: string }) => d.code)).toEqual(['bulk-10', 'bulk-20']);
      const search = await t.asAdmin().get(`${A}/discounts?search=${encodeURIComponent(' BULK-1005')}&limit=20`);
      expect(search.body.data.map((d: { code: string }) => d.code)).toEqual(['bulk-1005', 'bulk-10050']);
      expect(search.body.meta.total).toBe(2);
    } finally {
      await t.db.$executeRawUnsafe(`DELETE FROM discount_codes WHERE code LIKE 'bulk-%'`);
    }
  });

  it('validates the terms: percentages up to 100 %, windows that end after they start', async () => {
    const res = await t.asAdmin().post(`${A}/discounts`, {
      code: 'x1',
      type: 'percentage',
      value: 10001,
      valid_from: '2026-02-01T00:00:00Z',
      valid_until: '2026-01-01T00:00:00Z',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { code: 'validation_error', field: 'value', detail: 'max' },
      { code: 'validation_error', field: 'valid_until', detail: 'min' },
    ]);
    const badDate = await t
      .asAdmin()
      .post(`${A}/discounts`, { code: 'x2', type: 'fixed', value: 1, valid_from: 'yesterday' });
    expect(badDate.body.errors).toEqual([{ code: 'validation_error', field: 'valid_from', detail: 'type' }]);
  });

  it('quotes a discount in the store and answers the contract codes', async () => {
    const make = async (body: Record<string, unknown>) => (await t.asAdmin().post(`${A}/discounts`, body)).body.data;
    await make({ code: 'TENPCT', type: 'percentage', value: 1000, min_order_value: 2000 });
    await make({ code: 'FIVEOFF', type: 'fixed', value: 500 });
    const used = await make({ code: 'USEDUP', type: 'fixed', value: 100, max_uses: 1 });
    await t.db.discountCode.update({ where: { id: used.id }, data: { usedCount: 1 } });
    await make({ code: 'OFF', type: 'fixed', value: 100, active: false });
    await make({ code: 'LATER', type: 'fixed', value: 100, valid_from: new Date(Date.now() + 86400000).toISOString() });
    await make({ code: 'OVER', type: 'fixed', value: 100, valid_until: new Date(Date.now() - 86400000).toISOString() });
    const validate = (code: string, subtotal: number) =>
      t.asGuest().post('/api/v1/store/discounts/validate', { code, subtotal });

    const pct = await validate('tenpct', 2555);
    expect(pct.status).toBe(200);
    expect(pct.body.data).toEqual({ code: 'tenpct', type: 'percentage', value: 1000, discount_amount: 256 });
    expect((await validate('FIVEOFF', 300)).body.data.discount_amount).toBe(300);
    for (const [code, subtotal] of [
      ['nope', 1000],
      ['OFF', 1000],
      ['LATER', 1000],
      ['OVER', 1000],
      ['TENPCT', 1999],
    ] as const) {
      const res = await validate(code, subtotal);
      expect([code, res.status, res.body.errors[0].code]).toEqual([code, 422, 'code_invalid']);
    }
    const maxed = await validate('usedup', 1000);
    expect(maxed.status).toBe(422);
    expect(maxed.body.errors[0].code).toBe('max_uses_reached');
    expect((await t.asGuest().post('/api/v1/store/discounts/validate', { code: 'x' })).body.errors).toEqual([
      { code: 'validation_error', field: 'subtotal', detail: 'required' },
    ]);
  });

  it('updates with the combined terms checked and deletes', async () => {
    const d = (await t.asAdmin().post(`${A}/discounts`, { code: 'EDIT', type: 'fixed', value: 20000 })).body.data;
    const toPct = await t.asAdmin().put(`${A}/discounts/${d.id}`, { type: 'percentage' });
    expect(toPct.status).toBe(400);
    expect(toPct.body.errors).toEqual([{ code: 'validation_error', field: 'value', detail: 'max' }]);
    const ok = await t.asAdmin().put(`${A}/discounts/${d.id}`, { type: 'percentage', value: 500, max_uses: 10 });
    expect(ok.body.data).toMatchObject({ type: 'percentage', value: 500, max_uses: 10, code: 'edit' });
    const cleared = await t.asAdmin().put(`${A}/discounts/${d.id}`, { max_uses: null });
    expect(cleared.body.data.max_uses).toBeNull();
    expect((await t.asAdmin().delete(`${A}/discounts/${d.id}`)).status).toBe(204);
  });
});

describe('over GraphQL', () => {
  it('serves the same operations with camelCase inputs', async () => {
    const admin = t.asAdmin();
    const rule = await admin.gql(op.TaxRuleCreateDocument, { input: { name: 'Reduced', rate: 700, type: 'REDUCED' } });
    expect(rule.data.taxRuleCreate).toMatchObject({ rate: 700, type: 'REDUCED' });
    const method = await admin.gql(op.ShippingMethodCreateDocument, {
      input: {
        priceGross: 990,
        taxRuleId: rule.data.taxRuleCreate.id,
        translations: [{ locale: 'en', name: 'Express' }],
      },
    });
    expect(method.data.shippingMethodCreate).toMatchObject({
      price_gross: 990,
      tax_rule_id: rule.data.taxRuleCreate.id,
    });
    const quote = await t.asGuest().gql(op.DiscountValidateDocument, { input: { code: 'missing', subtotal: 100 } });
    expect(quote.errors?.[0].extensions).toMatchObject({ code: 'code_invalid', status: 422 });
    const noTranslations = await admin.gql(op.PaymentMethodCreateDocument, { input: { translations: [] } });
    expect(noTranslations.errors?.[0].extensions).toMatchObject({
      code: 'validation_error',
      field: 'input.translations',
    });
  });
});
