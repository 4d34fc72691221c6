import type { HookEvent } from '../../src/context/hooks';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const C = '/api/v1/admin/categories';
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

async function category(body: Record<string, unknown> = {}, name = `Cat ${uid()}`) {
  const res = await t
    .asAdmin()
    .post(C, { translations: [{ locale: 'en', name, slug: name.toLowerCase().replace(/\s+/g, '-') }], ...body });
  expect(res.status).toBe(201);
  return res.body.data;
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('categories', () => {
  it('creates, reads, lists by parent, updates and deletes', async () => {
    const root = await category({ custom_fields: { color: 'red' } });
    expect(root).toMatchObject({ parent_id: null, position: 0, active: true, custom_fields: { color: 'red' } });
    expect(root.translations[0]).toEqual({
      locale: 'en',
      name: expect.any(String),
      description: null,
      slug: expect.any(String),
    });
    const child = await category({ parent_id: root.id, position: 3 });
    const list = await t.asAdmin().get(`${C}?parent_id=${root.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      data: [expect.objectContaining({ id: child.id })],
      meta: { total: 1, page: 1, limit: 20, pages: 1 },
    });
    const up = await t.asAdmin().put(`${C}/${child.id}`, {
      active: false,
      translations: [{ locale: 'de', name: 'Kind', slug: `kind-${uid()}` }],
    });
    expect(up.status).toBe(200);
    expect(up.body.data.active).toBe(false);
    expect(up.body.data.translations.map((x: { locale: string }) => x.locale)).toEqual(['de', 'en']);
    const del = await t.asAdmin().delete(`${C}/${root.id}`);
    expect(del.status).toBe(409);
    expect(del.body.errors[0].code).toBe('has_children');
    expect((await t.asAdmin().delete(`${C}/${child.id}`)).status).toBe(204);
    expect((await t.asAdmin().delete(`${C}/${root.id}`)).status).toBe(204);
    expect((await t.asAdmin().get(`${C}/${root.id}`)).status).toBe(404);
  });

  it('lists in one statement: translations as the single read shows them, search literal, a page past the end', async () => {
    const root = await category();
    const kids = [];
    for (let i = 0; i < 3; i++) kids.push(await category({ parent_id: root.id, position: i }, `Kid ${i} ${uid()}`));
    await t
      .asAdmin()
      .put(`${C}/${kids[1].id}`, { translations: [{ locale: 'de', name: 'Kind', slug: `kind-${uid()}` }] });
    const page1 = await t.asAdmin().get(`${C}?parent_id=${root.id}&limit=2`);
    const page2 = await t.asAdmin().get(`${C}?parent_id=${root.id}&limit=2&page=2`);
    expect([page1.body.meta, page2.body.meta]).toEqual([
      { total: 3, page: 1, limit: 2, pages: 2 },
      { total: 3, page: 2, limit: 2, pages: 2 },
    ]);
    const listed = [...page1.body.data, ...page2.body.data];
    expect(listed.map((c: { id: string }) => c.id)).toEqual(kids.map((k) => k.id));
    for (const c of listed) expect(c).toEqual((await t.asAdmin().get(`${C}/${c.id}`)).body.data);
    expect((await t.asAdmin().get(`${C}?parent_id=${root.id}&limit=2&page=7`)).body.meta.total).toBe(3);

    const count = async (fields: string) => {
      const res = await t.asAdmin().gql(`{ categories(parentId: "${root.id}") { items { ${fields} } } }`);
      expect(res.errors).toBeUndefined();
      return t.sqlCount(res.requestId);
    };
    expect(await count('id name slug translations { locale name }')).toBe(await count('id'));
    expect(t.sqlCount(page1.requestId)).toBe(await count('id'));
    // Search is GraphQL's (the admin's pickers); the REST list filters by parent and active only.
    const search = async (text: string) => {
      const res = await t
        .asAdmin()
        .gql('query ($s: String) { categories(search: $s) { items { id } meta { total } } }', { s: text });
      return res.data.categories;
    };
    expect((await search(kids[2].translations[0].name.toUpperCase())).items).toEqual([{ id: kids[2].id }]);
    for (const text of ['%', '_']) expect((await search(text)).meta.total).toBe(0);
  });

  it('prevents cycles with 422 invalid_parent and rejects a duplicate slug with 409', async () => {
    const a = await category();
    const b = await category({ parent_id: a.id });
    const c = await category({ parent_id: b.id });
    for (const target of [a, c]) {
      const res = await t.asAdmin().put(`${C}/${a.id}`, { parent_id: target.id });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'invalid_parent', field: 'parent_id' });
    }
    expect((await t.asAdmin().put(`${C}/${c.id}`, { parent_id: null })).body.data.parent_id).toBeNull();
    const dup = await t
      .asAdmin()
      .post(C, { translations: [{ locale: 'en', name: 'x', slug: a.translations[0].slug }] });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].code).toBe('duplicate_slug');
  });

  it('serves the active tree in the Accept-Language locale and a category by slug', async () => {
    const n = uid();
    const root = await t.asAdmin().post(C, {
      position: -100,
      translations: [
        { locale: 'en', name: 'Clothing', slug: `clothing-${n}` },
        { locale: 'de', name: 'Kleidung', slug: `kleidung-${n}` },
      ],
    });
    const kid = await category({ parent_id: root.body.data.id });
    await category({ parent_id: root.body.data.id, active: false });
    const tree = await t.asGuest().get('/api/v1/store/categories', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(tree.status).toBe(200);
    const node = tree.body.data.find((c: { id: string }) => c.id === root.body.data.id);
    expect(node).toMatchObject({ name: 'Kleidung', slug: `kleidung-${n}` });
    expect(node.children.map((c: { id: string }) => c.id)).toEqual([kid.id]);
    const bySlug = await t.asGuest().get(`/api/v1/store/categories/kleidung-${n}`, { 'accept-language': 'de' });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({
      id: root.body.data.id,
      name: 'Kleidung',
      children: [expect.objectContaining({ id: kid.id })],
    });
    // Without Accept-Language the slug is matched in `en` (then the default locale) only.
    expect((await t.asGuest().get(`/api/v1/store/categories/kleidung-${n}`)).status).toBe(404);
    expect((await t.asGuest().get(`/api/v1/store/categories/clothing-${n}`)).body.data.name).toBe('Clothing');
    expect((await t.asGuest().get('/api/v1/store/categories/nope')).status).toBe(404);
  });

  it('fires category hooks: before can cancel with 422 hook_rejected, after gets the entity and changes', async () => {
    const events: HookEvent[] = [];
    const { hooks } = t.service.services;
    hooks.register('category.before_create', (e) => {
      if ((e.entity.translations as Array<{ name: string }>)[0].name === 'Forbidden')
        throw new Error('no forbidden categories');
    });
    hooks.register('category.after_create', (e) => void events.push(e));
    hooks.register('category.after_update', (e) => void events.push(e));
    hooks.register('category.after_delete', (e) => void events.push(e));
    const rejected = await t
      .asAdmin()
      .post(C, { translations: [{ locale: 'en', name: 'Forbidden', slug: `forbidden-${uid()}` }] });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors[0]).toEqual({ code: 'hook_rejected', detail: 'no forbidden categories' });
    const c = await category();
    await t.asAdmin().put(`${C}/${c.id}`, { position: 9 });
    await t.asAdmin().delete(`${C}/${c.id}`);
    await waitFor(() => events.length >= 3);
    expect(events.map((e) => e.name)).toEqual([
      'category.after_create',
      'category.after_update',
      'category.after_delete',
    ]);
    expect(events[0].entity).toMatchObject({ id: c.id, position: 0, translations: c.translations });
    expect(events[1].changes).toEqual({ position: { from: 0, to: 9 } });
    expect(events[2].entity).toMatchObject({ id: c.id, position: 9 });
  });

  it('needs categories permissions', async () => {
    expect((await t.asGuest().get(C)).status).toBe(401);
    expect((await t.asManager().get(C)).status).toBe(200);
    expect(
      (await t.asManager().post(C, { translations: [{ locale: 'en', name: 'x', slug: `x-${uid()}` }] })).status,
    ).toBe(403);
  });
});

describe('tags', () => {
  const T = '/api/v1/admin/tags';
  it('creates with a derived slug, searches, updates, rejects duplicates and deletes', async () => {
    const n = uid();
    const res = await t.asAdmin().post(T, { name: `Summer Sale ${n}` });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: `Summer Sale ${n}`,
      slug: `summer-sale-${n}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const dup = await t.asAdmin().post(T, { name: 'other', slug: `summer-sale-${n}` });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].code).toBe('duplicate_slug');
    const found = await t.asAdmin().get(`${T}?search=summer%20sale%20${n}`);
    expect(found.body).toEqual({ data: [res.body.data], meta: { total: 1, page: 1, limit: 20, pages: 1 } });
    for (const text of ['%', '_'])
      expect([text, (await t.asAdmin().get(`${T}?search=${encodeURIComponent(text)}`)).body.meta.total]).toEqual([
        text,
        0,
      ]);
    const up = await t.asAdmin().put(`${T}/${res.body.data.id}`, { name: 'Winter' });
    expect(up.body.data).toMatchObject({ name: 'Winter', slug: `summer-sale-${n}` });
    expect((await t.asAdmin().post(T, { name: 'x', slug: 'Bad Slug' })).status).toBe(400);
    expect((await t.asAdmin().delete(`${T}/${res.body.data.id}`)).status).toBe(204);
    expect((await t.asAdmin().get(`${T}/${res.body.data.id}`)).status).toBe(404);
    expect((await t.asCustomer().get(T)).status).toBe(403);
  });
});
