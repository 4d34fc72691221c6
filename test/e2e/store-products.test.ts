import type { HookEvent } from '../../src/context/hooks';
import { useShop } from '../fixtures/use-shop';
import { eventually } from '../harness/webhook-receiver';

const { t } = useShop({ shop: false });

const P = '/api/v1/admin/products';
const S = '/api/v1/store/products';
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

async function create(body: Record<string, unknown>) {
  const res = await t.asAdmin().post(P, { currency: 'EUR', ...body });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('lists: search, categories, sort, active filter', () => {
  let ids: Record<string, string>;
  let root: string;
  const n = uid();
  beforeAll(async () => {
    root = (
      await t.db.category.create({
        data: { translations: { create: [{ locale: 'en', name: 'Root', slug: `root-${n}` }] } },
      })
    ).id;
    const mid = (
      await t.db.category.create({
        data: { parentId: root, translations: { create: [{ locale: 'en', name: 'Mid', slug: `mid-${n}` }] } },
      })
    ).id;
    const leaf = (
      await t.db.category.create({
        data: { parentId: mid, translations: { create: [{ locale: 'en', name: 'Leaf', slug: `leaf-${n}` }] } },
      })
    ).id;
    ids = {
      boots: (
        await create({
          active: true,
          price_gross: 300,
          category_ids: [leaf],
          translations: [
            { locale: 'en', name: `Hiking Boots ${n}`, slug: `boots-${n}` },
            { locale: 'de', name: `Wanderschuhe ${n}`, slug: `schuhe-${n}` },
          ],
        })
      ).id,
      shirt: (
        await create({
          active: true,
          price_gross: 100,
          category_ids: [root],
          translations: [{ locale: 'en', name: `Summer Shirt ${n}`, slug: `shirt-${n}` }],
        })
      ).id,
      hidden: (
        await create({
          active: false,
          price_gross: 200,
          category_ids: [mid],
          translations: [{ locale: 'en', name: `Hidden Hiking Hat ${n}`, slug: `hat-${n}` }],
        })
      ).id,
    };
  });

  it('category_id includes descendants at any depth; the store shows active products only', async () => {
    const admin = await t.asAdmin().get(`${P}?category_id=${root}&sort=price_gross&order=asc`);
    expect(admin.status).toBe(200);
    expect(admin.body.data.items.map((p: { id: string }) => p.id)).toEqual([ids.shirt, ids.hidden, ids.boots]);
    expect(admin.body.meta).toEqual({ total: 3, page: 1, limit: 25, pages: 1 });
    const store = await t.asGuest().get(`${S}?category_id=${root}&sort=price_gross&order=desc`);
    expect(store.body.data.items.map((p: { id: string }) => p.id)).toEqual([ids.boots, ids.shirt]);
    const inactive = await t.asAdmin().get(`${P}?category_id=${root}&filter[active]=false`);
    expect(inactive.body.data.items.map((p: { id: string }) => p.id)).toEqual([ids.hidden]);
  });

  it('search matches names in every locale, the last word as a prefix', async () => {
    const de = await t.asGuest().get(`${S}?search=${encodeURIComponent(`wanderschu`)}`);
    expect(de.body.data.items.map((p: { id: string }) => p.id)).toContain(ids.boots);
    const two = await t.asAdmin().get(`${P}?search=${encodeURIComponent(`hiking ${n}`)}`);
    expect(two.body.data.items.map((p: { id: string }) => p.id).sort()).toEqual([ids.boots, ids.hidden].sort());
    const none = await t.asGuest().get(`${S}?search=${encodeURIComponent(`zzz ${n}`)}`);
    expect(none.body).toMatchObject({ data: { items: [] }, meta: { total: 0, pages: 0 } });
    expect((await t.asGuest().get(`${S}?search=${encodeURIComponent("'&|!(")}`)).status).toBe(200);
  });

  it('validates paging and sort, clamps limit to 100', async () => {
    expect((await t.asGuest().get(`${S}?limit=500`)).body.meta.limit).toBe(100);
    const bad = await t.asGuest().get(`${S}?sort=color&page=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([{ code: 'validation_error', field: 'sort', detail: 'oneof' }]),
    );
    const past = await t.asAdmin().get(`${P}?category_id=${root}&page=9`);
    expect(past.body).toMatchObject({ data: { items: [] }, meta: { total: 3, page: 9 } });
  });

  it('by slug in the Accept-Language locale (default en); by id; inactive products are not visible', async () => {
    const de = await t.asGuest().get(`${S}/schuhe-${n}`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(de.status).toBe(200);
    expect(de.body.data).toMatchObject({ id: ids.boots, attributes: [] });
    expect(de.body.data).not.toHaveProperty('metadata');
    expect((await t.asGuest().get(`${S}/schuhe-${n}`)).status).toBe(404);
    expect((await t.asGuest().get(`${S}/boots-${n}`)).body.data.id).toBe(ids.boots);
    expect((await t.asGuest().get(`${S}/boots-${n}`, { 'accept-language': 'fr' })).body.data.id).toBe(ids.boots);
    expect((await t.asGuest().get(`${S}/hat-${n}`)).status).toBe(404);
    expect((await t.asGuest().get(`${S}/id/${ids.shirt}`)).body.data.id).toBe(ids.shirt);
    expect((await t.asGuest().get(`${S}/id/${ids.hidden}`)).status).toBe(404);
  });

  it('the store shows active variants only', async () => {
    await t.asAdmin().post(`${P}/${ids.shirt}/variants`, { sku: `on-${n}` });
    await t.asAdmin().post(`${P}/${ids.shirt}/variants`, { sku: `off-${n}`, active: false });
    const store = await t.asGuest().get(`${S}/id/${ids.shirt}`);
    expect(store.body.data.variants.map((v: { sku: string }) => v.sku)).toEqual([`on-${n}`]);
    // The same on every store read: the list and by slug.
    const list = await t.asGuest().get(`${S}?limit=100`);
    expect(
      list.body.data.items.find((p: { id: string }) => p.id === ids.shirt).variants.map((v: { sku: string }) => v.sku),
    ).toEqual([`on-${n}`]);
    const bySlug = await t.asGuest().get(`${S}/${store.body.data.translations[0].slug}`);
    expect(bySlug.body.data.variants.map((v: { sku: string }) => v.sku)).toEqual([`on-${n}`]);
    expect((await t.asAdmin().get(`${P}/${ids.shirt}`)).body.data.variants).toHaveLength(2);
    const admin = await t.asAdmin().get(`${P}?limit=100`);
    expect(admin.body.data.items.find((p: { id: string }) => p.id === ids.shirt).variants).toHaveLength(2);
  });
});

describe('product hooks', () => {
  const events: HookEvent[] = [];
  beforeAll(() => {
    const { hooks } = t.service.services;
    hooks.register('product.before_create', (e) => {
      if (e.entity.sku === 'BLOCKED') throw new Error('sku blocked by policy');
    });
    hooks.register('product.before_update', (e) => {
      if ((e.changes as { price_gross?: number }).price_gross === 1) throw new Error('price too low');
    });
    hooks.register('product.before_delete', (e) => {
      if (e.entity.sku === 'KEEP') throw new Error('cannot delete');
    });
    for (const name of ['product.after_create', 'product.after_update', 'product.after_delete'] as const)
      hooks.register(name, (e) => void events.push(e));
  });
  // The after-hooks run once the answer is sent: wait for them (a generous bound; a busy machine is slow).
  const waitFor = (n: number) => eventually(() => events.length >= n).catch(() => undefined);

  it('before-hooks cancel with 422 hook_rejected and nothing is written', async () => {
    const res = await t.asAdmin().post(P, {
      sku: 'BLOCKED',
      currency: 'EUR',
      translations: [{ locale: 'en', name: 'x', slug: `blocked-${uid()}` }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({ code: 'hook_rejected', detail: 'sku blocked by policy' });
    expect(await t.db.product.count({ where: { sku: 'BLOCKED' } })).toBe(0);
    const keep = await create({
      sku: 'KEEP',
      price_gross: 50,
      translations: [{ locale: 'en', name: 'k', slug: `keep-${uid()}` }],
    });
    const up = await t.asAdmin().put(`${P}/${keep.id}`, { price_gross: 1 });
    expect(up.status).toBe(422);
    expect((await t.asAdmin().get(`${P}/${keep.id}`)).body.data.price_gross).toBe(50);
    expect((await t.asAdmin().delete(`${P}/${keep.id}`)).status).toBe(422);
    expect((await t.asAdmin().get(`${P}/${keep.id}`)).status).toBe(200);
  });

  it('after-hooks run after commit with the admin projection and {field:{from,to}} changes', async () => {
    events.length = 0;
    const p = await create({
      sku: `H-${uid()}`,
      price_gross: 10,
      translations: [{ locale: 'en', name: 'Hooked', slug: `hooked-${uid()}` }],
    });
    await t.asAdmin().put(`${P}/${p.id}`, { price_gross: 20, active: true });
    await t.asAdmin().delete(`${P}/${p.id}`);
    await waitFor(3);
    expect(events.map((e) => e.name)).toEqual(['product.after_create', 'product.after_update', 'product.after_delete']);
    expect(events[0].entity).toMatchObject({
      id: p.id,
      sku: p.sku,
      price_gross: 10,
      has_variants: false,
      translations: [expect.objectContaining({ name: 'Hooked' })],
      created_at: p.created_at,
    });
    expect(events[1].changes).toEqual({ price_gross: { from: 10, to: 20 }, active: { from: false, to: true } });
    expect(events[2].entity).toMatchObject({ id: p.id, price_gross: 20 });
  });
});
