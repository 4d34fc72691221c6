import { randomBytes, randomUUID } from 'node:crypto';

import { createProduct } from '../../../test/fixtures/catalog';
import { startTestServer, type TestServer } from '../../../test/harness/server';
import { ANONYMOUS } from '../../context/actor';
import { createContext } from '../../context/create-context';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import { assertAvailable, deductStock, reverseOrderStock } from './stock-ledger';

let t: TestServer;
let ctx: Ctx;
beforeAll(async () => {
  t = await startTestServer();
  ctx = createContext(t.service.services, { id: 'ledger-test', actor: ANONYMOUS, log: t.service.services.log });
});
afterAll(() => t?.close());

async function warehouse(opts: { priority: number; allowNegativeStock?: boolean; active?: boolean }) {
  return t.db.warehouse.create({
    data: { name: `W${opts.priority}`, code: `W-${randomBytes(5).toString('hex')}`, ...opts },
  });
}

async function stock(warehouseId: string, productId: string, quantity: number, variantId: string | null = null) {
  await t.db.stockEntry.create({ data: { warehouseId, productId, variantId, quantity } });
}

async function order() {
  return t.db.order.create({
    data: {
      orderNumber: `ORD-TEST-${randomBytes(4).toString('hex').toUpperCase()}`,
      email: 'buyer@example.com',
      currency: 'EUR',
      subtotalGross: 0,
      subtotalNet: 0,
      taxTotal: 0,
      total: 0,
      billingAddress: {},
      shippingAddress: {},
    },
  });
}

const quantities = async (productId: string) =>
  Object.fromEntries(
    (await t.db.stockEntry.findMany({ where: { productId }, include: { warehouse: true } })).map((e) => [
      e.warehouse.priority,
      e.quantity,
    ]),
  );

describe('availability (Stock behaviour rules 2, 4, 5)', () => {
  it('passes up to the sum of active warehouses and fails above it', async () => {
    const p = await createProduct(t.db);
    const a = await warehouse({ priority: 1 });
    const off = await warehouse({ priority: 2, active: false });
    await stock(a.id, p.id, 3);
    await stock(off.id, p.id, 100);
    await expect(assertAvailable(ctx, [{ productId: p.id, variantId: null, quantity: 3 }])).resolves.toBeUndefined();
    // Lines for the same product add up (cart quantity + requested).
    await expect(
      assertAvailable(ctx, [
        { productId: p.id, variantId: null, quantity: 2 },
        { productId: p.id, variantId: null, quantity: 2 },
      ]),
    ).rejects.toMatchObject({ code: 'insufficient_stock' });
    await expect(
      assertAvailable(ctx, [{ productId: randomUUID(), variantId: null, quantity: 1 }]),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('passes unconditionally where an active warehouse holding an entry allows negative stock, not without an entry', async () => {
    const p = await createProduct(t.db);
    const q = await createProduct(t.db);
    const neg = await warehouse({ priority: 1, allowNegativeStock: true });
    const normal = await warehouse({ priority: 2 });
    await stock(neg.id, p.id, 0);
    await stock(normal.id, q.id, 1);
    await expect(assertAvailable(ctx, [{ productId: p.id, variantId: null, quantity: 50 }])).resolves.toBeUndefined();
    await expect(assertAvailable(ctx, [{ productId: q.id, variantId: null, quantity: 2 }])).rejects.toMatchObject({
      code: 'insufficient_stock',
    });
  });
});

describe('deduction and reversal', () => {
  it('deducts by priority, records sale movements, updates totals, and reverses to the original warehouses', async () => {
    const p = await createProduct(t.db, { variants: [{}] });
    const v = p.variants[0];
    const first = await warehouse({ priority: 10 });
    const second = await warehouse({ priority: 20 });
    await stock(first.id, p.id, 2, v.id);
    await stock(second.id, p.id, 5, v.id);
    const o = await order();

    await inTransaction(ctx, (tx) =>
      deductStock(tx, [{ productId: p.id, variantId: v.id, quantity: 4 }], { orderId: o.id, reference: o.orderNumber }),
    );
    expect(await quantities(p.id)).toEqual({ 10: 0, 20: 3 });
    const sales = await t.db.stockMovement.findMany({ where: { orderId: o.id }, orderBy: { quantity: 'asc' } });
    expect(sales.map((m) => [m.warehouseId, m.type, m.quantity, m.reference])).toEqual([
      [first.id, 'sale', -2, o.orderNumber],
      [second.id, 'sale', -2, o.orderNumber],
    ]);
    expect((await t.db.productVariant.findUniqueOrThrow({ where: { id: v.id } })).stock).toBe(3);
    expect((await t.db.product.findUniqueOrThrow({ where: { id: p.id } })).stock).toBe(3);

    await inTransaction(ctx, (tx) => reverseOrderStock(tx, o.id, 'cancelled'));
    expect(await quantities(p.id)).toEqual({ 10: 2, 20: 5 });
    expect((await t.db.productVariant.findUniqueOrThrow({ where: { id: v.id } })).stock).toBe(7);
    // A second reversal finds nothing left to return.
    await inTransaction(ctx, (tx) => reverseOrderStock(tx, o.id));
    expect(await quantities(p.id)).toEqual({ 10: 2, 20: 5 });
    expect(await t.db.stockMovement.count({ where: { orderId: o.id, type: 'reversal' } })).toBe(2);
  });

  it('deducts many lines in one pass: each line by priority on its own entries, one movement per take', async () => {
    const a = await createProduct(t.db);
    const b = await createProduct(t.db, { variants: [{}, {}] });
    const [v1, v2] = b.variants;
    const first = await warehouse({ priority: 1 });
    const second = await warehouse({ priority: 2 });
    await stock(first.id, a.id, 2);
    await stock(second.id, a.id, 5);
    await stock(first.id, b.id, 1, v1.id);
    await stock(second.id, b.id, 1, v1.id);
    await stock(second.id, b.id, 3, v2.id);
    const o = await order();
    await inTransaction(ctx, (tx) =>
      deductStock(
        tx,
        [
          { productId: b.id, variantId: v2.id, quantity: 1 },
          { productId: a.id, variantId: null, quantity: 4 },
          { productId: b.id, variantId: v1.id, quantity: 2 },
          { productId: b.id, variantId: v2.id, quantity: 1 },
        ],
        { orderId: o.id, reference: o.orderNumber },
      ),
    );
    expect(await quantities(a.id)).toEqual({ 1: 0, 2: 3 });
    const entries = await t.db.stockEntry.findMany({ where: { productId: b.id }, include: { warehouse: true } });
    const left = Object.fromEntries(
      entries.map((e) => [`${e.variantId === v1.id ? 'v1' : 'v2'}@${e.warehouse.priority}`, e.quantity]),
    );
    expect(left).toEqual({ 'v1@1': 0, 'v1@2': 0, 'v2@2': 1 });
    const sales = await t.db.stockMovement.findMany({ where: { orderId: o.id } });
    expect(sales).toHaveLength(5);
    expect(sales.every((m) => m.type === 'sale' && m.reference === o.orderNumber)).toBe(true);
    expect(sales.reduce((n, m) => n + m.quantity, 0)).toBe(-8);
    const totals = async (id: string) => (await t.db.productVariant.findUniqueOrThrow({ where: { id } })).stock;
    expect([await totals(v1.id), await totals(v2.id)]).toEqual([0, 1]);
    expect((await t.db.product.findUniqueOrThrow({ where: { id: a.id } })).stock).toBe(3);
    expect((await t.db.product.findUniqueOrThrow({ where: { id: b.id } })).stock).toBe(1);
  });

  it('fails the whole deduction with insufficient_stock and leaves nothing behind', async () => {
    const p = await createProduct(t.db);
    const q = await createProduct(t.db);
    const w = await warehouse({ priority: 1 });
    await stock(w.id, p.id, 5);
    await stock(w.id, q.id, 1);
    const o = await order();
    await expect(
      inTransaction(ctx, (tx) =>
        deductStock(
          tx,
          [
            { productId: p.id, variantId: null, quantity: 5 },
            { productId: q.id, variantId: null, quantity: 2 },
          ],
          { orderId: o.id },
        ),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_stock' });
    expect(await quantities(p.id)).toEqual({ 1: 5 });
    expect(await t.db.stockMovement.count({ where: { orderId: o.id } })).toBe(0);
  });

  it('drives a negative-stock warehouse below zero only after the others are used up', async () => {
    const p = await createProduct(t.db);
    const normal = await warehouse({ priority: 1 });
    const neg = await warehouse({ priority: 2, allowNegativeStock: true });
    await stock(normal.id, p.id, 2);
    await stock(neg.id, p.id, 1);
    await inTransaction(ctx, (tx) =>
      deductStock(tx, [{ productId: p.id, variantId: null, quantity: 6 }], { orderId: null }),
    );
    expect(await quantities(p.id)).toEqual({ 1: 0, 2: -3 });
    expect((await t.db.product.findUniqueOrThrow({ where: { id: p.id } })).stock).toBe(-3);
  });

  it('refuses to run outside a transaction', async () => {
    await expect(deductStock(ctx, [], { orderId: null })).rejects.toThrow(/inside a transaction/);
  });
});

describe('concurrency (PostgreSQL)', () => {
  const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
  if (!onPostgres) {
    it.skip('needs SVC_TEST_DATABASE_URL: the embedded database has a single connection', () => undefined);
    return;
  }

  it('never drives a non-negative warehouse below zero under concurrent deductions', async () => {
    const p = await createProduct(t.db);
    const a = await warehouse({ priority: 1 });
    const b = await warehouse({ priority: 2 });
    await stock(a.id, p.id, 4);
    await stock(b.id, p.id, 3);
    const attempts = Array.from({ length: 20 }, () =>
      inTransaction(ctx, (tx) =>
        deductStock(tx, [{ productId: p.id, variantId: null, quantity: 1 }], { orderId: null }),
      ).then(
        () => 'ok',
        (err) => (err instanceof AppError ? err.code : String(err)),
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(7);
    expect(outcomes.filter((o) => o === 'insufficient_stock')).toHaveLength(13);
    expect(await quantities(p.id)).toEqual({ 1: 0, 2: 0 });
    expect((await t.db.product.findUniqueOrThrow({ where: { id: p.id } })).stock).toBe(0);
    expect(
      await t.db.stockMovement.aggregate({ where: { productId: p.id, type: 'sale' }, _sum: { quantity: true } }),
    ).toEqual({ _sum: { quantity: -7 } });
  });

  it('keeps totals exact when deductions of several variants of one product race in any line order', async () => {
    const p = await createProduct(t.db, { variants: [{}, {}, {}] });
    const q = await createProduct(t.db);
    const w = await warehouse({ priority: 1 });
    for (const v of p.variants) await stock(w.id, p.id, 20, v.id);
    await stock(w.id, q.id, 20);
    const lines = [
      ...p.variants.map((v) => ({ productId: p.id, variantId: v.id as string | null, quantity: 1 })),
      { productId: q.id, variantId: null, quantity: 1 },
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        inTransaction(ctx, (tx) =>
          deductStock(tx, i % 2 ? [...lines].reverse() : lines.slice(i % 4), { orderId: null }),
        ).then(
          () => 'ok',
          (err) => String(err),
        ),
      ),
    );
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    const variants = await t.db.productVariant.findMany({
      where: { productId: p.id },
      include: { stockEntries: true },
    });
    for (const v of variants) expect(v.stock).toBe(v.stockEntries[0].quantity);
    expect((await t.db.product.findUniqueOrThrow({ where: { id: p.id } })).stock).toBe(
      variants.reduce((n, v) => n + v.stock, 0),
    );
    expect((await t.db.product.findUniqueOrThrow({ where: { id: q.id } })).stock).toBe(
      (await t.db.stockEntry.findFirstOrThrow({ where: { productId: q.id } })).quantity,
    );
  });
});
