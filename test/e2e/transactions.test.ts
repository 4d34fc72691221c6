import { randomUUID } from 'node:crypto';

import { ANONYMOUS } from '../../src/context/actor';
import { createContext } from '../../src/context/create-context';
import { inTransaction } from '../../src/context/transaction';
import { Prisma } from '../../src/generated/prisma/client';
import { useShop } from '../fixtures/use-shop';

const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
if (!onPostgres)
  console.warn('[svc tests] deadlock retries need PostgreSQL (the embedded database has one connection): skipped');

const { t } = useShop({ shop: false });

const ctx = () =>
  createContext(t.service.services, { id: randomUUID(), actor: ANONYMOUS, log: t.service.services.log });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

(onPostgres ? describe : describe.skip)('use-case transactions under deadlock', () => {
  it('runs a transaction PostgreSQL aborted for a deadlock again, so both callers succeed', async () => {
    const [a, b] = await Promise.all(
      ['A', 'B'].map((name) =>
        t.db.tag.create({
          data: { name: `dl-${name}-${randomUUID()}`, slug: `dl-${name.toLowerCase()}-${randomUUID()}` },
        }),
      ),
    );
    let attempts = 0;
    // Each takes the two rows in the opposite order: PostgreSQL kills one with 40P01.
    const lockBoth = (first: string, second: string) =>
      inTransaction(ctx(), async (tx) => {
        attempts++;
        await tx.db.$executeRaw(Prisma.sql`UPDATE tags SET updated_at = now() WHERE id = ${first}::uuid`);
        await pause(150);
        await tx.db.$executeRaw(Prisma.sql`UPDATE tags SET updated_at = now() WHERE id = ${second}::uuid`);
        return 'done';
      });
    const results = await Promise.allSettled([lockBoth(a.id, b.id), lockBoth(b.id, a.id)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it('gives up after bounded attempts with 503 service_unavailable and Retry-After, not a 500', async () => {
    const conflict = Object.assign(new Error('deadlock detected'), {
      code: 'P2010',
      meta: { driverAdapterError: { cause: { originalCode: '40P01', kind: 'TransactionWriteConflict' } } },
    });
    let attempts = 0;
    const failing = inTransaction(ctx(), async () => {
      attempts++;
      throw conflict;
    });
    await expect(failing).rejects.toMatchObject({
      code: 'service_unavailable',
      status: 503,
      headers: { 'Retry-After': '1' },
    });
    expect(attempts).toBe(4);
  });
});
