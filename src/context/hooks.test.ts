import { startTestServer, type TestServer } from '../../test/harness/server';
import { AppError } from '../shared/errors';
import { ANONYMOUS } from './actor';
import { createContext } from './create-context';
import { HookRegistry } from './hooks';
import { afterCommit, emitAfter, inTransaction } from './transaction';

const quietLog = { error: jest.fn() };

describe('HookRegistry', () => {
  it('runs before-hooks in order and cancels with hook_rejected (checkout_rejected for checkout.before)', async () => {
    const hooks = new HookRegistry(quietLog);
    const seen: string[] = [];
    hooks.register('product.before_create', () => void seen.push('first'));
    hooks.register('product.before_create', () => {
      throw new Error('sku is reserved');
    });
    hooks.register('product.before_create', () => void seen.push('never'));
    await expect(
      hooks.runBefore('product.before_create', { entity: {}, changes: {}, metadata: {} }),
    ).rejects.toMatchObject({ code: 'hook_rejected', message: 'sku is reserved', status: 422 });
    expect(seen).toEqual(['first']);

    hooks.register('checkout.before', () => Promise.reject(new Error('payment not authorised')));
    await expect(hooks.runBefore('checkout.before', { entity: {}, changes: {}, metadata: {} })).rejects.toMatchObject({
      code: 'checkout_rejected',
      message: 'payment not authorised',
    });
    hooks.register('order.before_update', () => {
      throw new AppError('invalid_transition', 'not now');
    });
    await expect(
      hooks.runBefore('order.before_update', { entity: {}, changes: {}, metadata: {} }),
    ).rejects.toMatchObject({ code: 'invalid_transition' });
  });

  it('isolates after-hooks: a failing handler is logged and the others still run', async () => {
    const log = { error: jest.fn() };
    const hooks = new HookRegistry(log);
    const seen: string[] = [];
    hooks.register('product.after_create', () => {
      throw new Error('boom');
    });
    hooks.register('product.after_create', async (e) => void seen.push(`${e.name}:${e.entity.id}`));
    await expect(
      hooks.runAfter('product.after_create', { entity: { id: 'p1' }, changes: {}, metadata: {} }),
    ).resolves.toBeUndefined();
    expect(seen).toEqual(['product.after_create:p1']);
    expect(log.error).toHaveBeenCalledWith({ hook: 'product.after_create', err: 'boom' }, 'after-hook failed');
  });

  it('knows exactly the hooks of the spec', () => {
    const hooks = new HookRegistry(quietLog);
    expect(() => hooks.register('product.after_explode' as never, () => undefined)).toThrow(/unknown hook/);
  });
});

describe('after-hooks and transactions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('run only after commit, and never when the transaction rolls back', async () => {
    const services = t.service.services;
    const ctx = createContext(services, { id: 'hooks-test', actor: ANONYMOUS, log: services.log });
    const seen: string[] = [];
    services.hooks.register('category.after_create', async (e) => {
      // The row is visible from outside the transaction by the time the hook runs.
      const found = await services.prisma.warehouse.count({ where: { code: String(e.entity.code) } });
      seen.push(`${e.entity.code}:${found}`);
    });

    await inTransaction(ctx, async (tx) => {
      await tx.db.warehouse.create({ data: { name: 'Hooked', code: 'HOOK-1' } });
      await emitAfter(tx, 'category.after_create', { entity: { code: 'HOOK-1' }, changes: {}, metadata: {} });
      expect(seen).toEqual([]);
    });
    await services.background.drain();
    expect(seen).toEqual(['HOOK-1:1']);

    await expect(
      inTransaction(ctx, async (tx) => {
        await tx.db.warehouse.create({ data: { name: 'Rolled back', code: 'HOOK-2' } });
        await emitAfter(tx, 'category.after_create', { entity: { code: 'HOOK-2' }, changes: {}, metadata: {} });
        throw new AppError('conflict', 'abort');
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await services.background.drain();
    expect(seen).toEqual(['HOOK-1:1']);
    expect(await services.prisma.warehouse.count({ where: { code: 'HOOK-2' } })).toBe(0);

    // Outside a transaction the work runs detached, without holding up the caller.
    let ran = false;
    afterCommit(ctx, async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    await services.background.drain();
    expect(ran).toBe(true);
  });

  it('runs in-transaction handlers inside the change: their writes commit or roll back with it', async () => {
    const services = t.service.services;
    const ctx = createContext(services, { id: 'hooks-tx-test', actor: ANONYMOUS, log: services.log });
    // A stand-in for an outbox: the handler writes through the transaction client it is given.
    services.hooks.registerInTransaction('category.after_update', async (event, db) => {
      await db.warehouse.create({ data: { name: 'outbox', code: `OUT-${String(event.entity.code)}` } });
    });
    await inTransaction(ctx, async (tx) => {
      await emitAfter(tx, 'category.after_update', { entity: { code: 'A' }, changes: {}, metadata: {} });
    });
    expect(await services.prisma.warehouse.count({ where: { code: 'OUT-A' } })).toBe(1);

    await expect(
      inTransaction(ctx, async (tx) => {
        await emitAfter(tx, 'category.after_update', { entity: { code: 'B' }, changes: {}, metadata: {} });
        throw new AppError('conflict', 'abort');
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await services.prisma.warehouse.count({ where: { code: 'OUT-B' } })).toBe(0);
  });
});
