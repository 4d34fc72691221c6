import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import { preparedStatementName } from '../../platform/db/database';
import { SEARCH_MAX_WORDS } from '../../shared/validation/search';
import { listProducts, preferredLocales, toTsQuery } from './product-query';

describe('search query parsing (toTsQuery)', () => {
  it.each([
    ['shirt', 'shirt:*'],
    ['Blue Shirt', 'blue & shirt:*'],
    ['  blue   shirt  ', 'blue & shirt:*'],
    ["o'neill & co | !x", 'o & neill & co & x:*'],
    ['café crème', 'café & crème:*'],
    ['größe 42', 'größe & 42:*'],
    ['"quoted" (paren) :* <->', 'quoted & paren:*'],
    ['blue shirt blue SHIRT blue', 'shirt & blue:*'],
  ])('%j → %j', (input, expected) => expect(toTsQuery(input)).toBe(expected));

  it.each(['', '   ', '&|!():*', '"\'\\'])('nothing searchable in %j → null', (input) => {
    expect(toTsQuery(input)).toBeNull();
  });

  it('keeps operators out of the query whatever the input', () => {
    const q = toTsQuery('a&b|c!d(e)f:g*h<->i\\j'.repeat(50))!;
    expect(q).toMatch(/^[a-z]+( & [a-z]+)*:\*$/);
  });

  it('builds a flat AND of at most SEARCH_MAX_WORDS terms, however many words it is given', () => {
    // 20,000 words once overflowed PostgreSQL's stack; the input layer refuses them, the builder never uses them.
    const q = toTsQuery(Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' '))!;
    expect(q.split(' & ')).toHaveLength(SEARCH_MAX_WORDS);
    expect(q.endsWith(`w${SEARCH_MAX_WORDS - 1}:*`)).toBe(true);
  });
});

describe('locale preference (Accept-Language)', () => {
  it('orders by q, then by position, adding base languages, then en and the default', () => {
    expect(preferredLocales('de-CH, fr;q=0.9, en;q=0.8', 'de')).toEqual(['de-CH', 'de', 'fr', 'en']);
    expect(preferredLocales('fr;q=0.5, nl', 'de')).toEqual(['nl', 'fr', 'en', 'de']);
  });

  it('falls back to en and the default locale without a header or with only a wildcard', () => {
    expect(preferredLocales(undefined, 'de')).toEqual(['en', 'de']);
    expect(preferredLocales('*', 'en')).toEqual(['en']);
  });

  it('drops q=0 and survives malformed headers', () => {
    expect(preferredLocales('de;q=0, fr', 'en')).toEqual(['fr', 'en']);
    expect(preferredLocales(',,;q=1,  ;', 'en')).toEqual(['en']);
    expect(preferredLocales('de;q=abc', 'en')).toEqual(['en']);
  });
});

describe('statements whose plan depends on the filter (listProducts)', () => {
  /** A context whose database records each statement and answers the category walk, then an empty page. */
  function recording(answers: unknown[][]) {
    const sent: Prisma.Sql[] = [];
    const ctx = {
      actor: { kind: 'staff' },
      config: { 'i18n.default_locale': 'en' },
      db: { $queryRaw: async (sql: Prisma.Sql) => (sent.push(sql), answers.shift() ?? [{ items: '[]', total: 0 }]) },
    } as unknown as Ctx;
    return { ctx, sent };
  }
  const page = { page: 1, limit: 25, skip: 0 };
  const tree = ['0b0c0c38-91f7-4a4f-8a44-4d1fb4f3d6a1', '1c1d1d49-a2e8-4b50-9b55-5e2fc5e4e7b2'];

  it('walks the category tree first and plans the page for its ids, unnamed', async () => {
    const { ctx, sent } = recording([[{ ids: tree.join(',') }], []]);
    await listProducts(
      ctx,
      page,
      { categoryId: tree[0], active: true },
      { selection: { columns: ['id'], details: 0 } },
    );
    expect(sent).toHaveLength(2);
    expect(sent[0].sql).toMatch(/WITH RECURSIVE tree/);
    expect(sent[1].sql).not.toMatch(/RECURSIVE/);
    // The ids are a value the planner sees (its statistics per category), and the text is never prepared by name:
    // a generic plan would ignore them (a small category walked every product).
    expect(sent[1].values).toContainEqual(tree);
    expect(preparedStatementName({ sql: sent[1].sql })).toBeUndefined();
  });

  it('writes the active flag into the text: each value gets a statement planned for it', async () => {
    const texts = [];
    for (const active of [true, false]) {
      const { ctx, sent } = recording([[]]);
      await listProducts(ctx, page, { active }, { selection: { columns: ['id'], details: 0 } });
      expect(sent[0].values).not.toContain(active);
      texts.push(sent[0].sql);
    }
    expect(texts[0]).toMatch(/p\.active = true/);
    expect(texts[1]).toMatch(/p\.active = false/);
    expect(preparedStatementName({ sql: texts[0] })).not.toBe(preparedStatementName({ sql: texts[1] }));
  });

  it('keeps an unfiltered page named: its plan is the same for every call', async () => {
    const { ctx, sent } = recording([[]]);
    await listProducts(ctx, page, { active: true }, { selection: { columns: ['id'], details: 0 } });
    expect(sent).toHaveLength(1);
    expect(preparedStatementName({ sql: sent[0].sql })).toMatch(/^svc_/);
  });
});
