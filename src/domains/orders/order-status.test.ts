import { OrderStatus } from './order.type';
import { assertTransition, RESTOCKING } from './order-status';

const STATUSES = Object.values(OrderStatus);

/** Contract §7's table, written out independently of the code under test. */
const ALLOWED = new Set([
  'pending>confirmed',
  'pending>cancelled',
  'confirmed>processing',
  'confirmed>shipped',
  'confirmed>cancelled',
  'confirmed>refunded',
  'processing>shipped',
  'processing>cancelled',
  'processing>refunded',
  'shipped>delivered',
  'shipped>refunded',
  'delivered>refunded',
]);

describe('order status transitions (contract §7)', () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

  it.each(pairs.filter(([f, t]) => ALLOWED.has(`${f}>${t}`)))('allows %s → %s', (from, to) => {
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each(pairs.filter(([f, t]) => !ALLOWED.has(`${f}>${t}`)))(
    'refuses %s → %s with 422 invalid_transition',
    (from, to) => {
      expect(() => assertTransition(from, to)).toThrow(
        expect.objectContaining({ code: 'invalid_transition', status: 422 }),
      );
    },
  );

  it('restocks exactly on entering cancelled or refunded', () => {
    expect(STATUSES.filter((s) => RESTOCKING.has(s))).toEqual(['cancelled', 'refunded']);
  });
});
