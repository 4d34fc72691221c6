import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';

import { gql } from '../api/client';
import { useCan } from '../api/session';
import { ErrorState } from '../components/error-state';
import { Table, Td, Th } from '../components/ui/table';
import { ExtensionSlot } from '../extensions/extension-slot';
import { AdminLowStockDocument, AdminOrderOverviewDocument } from '../generated/graphql';
import { money } from '../lib/money';
import { withVariant } from './inventory/variant-name';

const LOW_STOCK = 5;

/** Local midnight today and on this week's Monday: "today" is the shop owner's day, not UTC's. */
function dayStarts(now = new Date()) {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const week = new Date(today);
  week.setDate(today.getDate() - ((today.getDay() + 6) % 7));
  return { todayFrom: today.toISOString(), weekFrom: week.toISOString() };
}

function Figure({
  label,
  value,
  detail,
  link,
}: {
  label: string;
  value: ReactNode;
  detail?: string;
  link?: ReactNode;
}) {
  const id = useId();
  // A group named by its label, so the figure is found (and read out) by what it counts.
  return (
    <div role="group" aria-labelledby={id} className="space-y-1 rounded-md border border-slate-200 bg-white p-4">
      <p id={id} className="text-sm text-slate-700">
        {label}
      </p>
      <p className="text-2xl font-semibold">{value}</p>
      {detail && <p className="text-sm text-slate-700">{detail}</p>}
      {link}
    </div>
  );
}

/** What a shop owner checks first: today's and this week's orders, what waits for action, payments, low stock. */
export function HomeScreen() {
  const can = useCan();
  const overview = useQuery({
    queryKey: ['home', 'orders'],
    queryFn: () => gql(AdminOrderOverviewDocument, dayStarts()),
    enabled: can('orders.read'),
  });
  const lowStock = useQuery({
    queryKey: ['home', 'low-stock'],
    queryFn: () => gql(AdminLowStockDocument, { threshold: LOW_STOCK }),
    enabled: can('inventory.read'),
  });
  const o = overview.data?.orderOverview;

  return (
    <>
      <h1 className="text-2xl font-semibold">Home</h1>
      {can('orders.read') && (
        <section aria-labelledby="home-orders" className="space-y-2">
          <h2 id="home-orders" className="text-lg font-semibold">
            Orders and payments
          </h2>
          {overview.isError ? (
            <ErrorState error={overview.error} onRetry={() => overview.refetch()} />
          ) : !o ? (
            <p className="text-sm">Loading…</p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Figure label="Orders today" value={o.ordersToday} detail={money(o.revenueToday, o.currency)} />
              <Figure label="Orders this week" value={o.ordersThisWeek} detail={money(o.revenueThisWeek, o.currency)} />
              <Figure
                label="Waiting for confirmation"
                value={o.ordersPending}
                link={
                  <Link
                    to="/orders"
                    search={{ page: 1, status: 'PENDING' }}
                    className="text-sm text-blue-800 underline"
                  >
                    Pending orders
                  </Link>
                }
              />
              <Figure
                label="Orders to ship"
                value={o.ordersToShip}
                detail="Confirmed or processing, not all shipped"
                link={
                  <Link
                    to="/orders"
                    search={{ page: 1, status: 'TO_SHIP' }}
                    className="text-sm text-blue-800 underline"
                  >
                    Show orders to ship
                  </Link>
                }
              />
              <Figure
                label="Returns waiting"
                value={o.returnsWaiting}
                detail="Requested or approved"
                link={
                  <Link
                    to="/returns"
                    search={{ page: 1, status: 'WAITING' }}
                    className="text-sm text-blue-800 underline"
                  >
                    Show returns waiting
                  </Link>
                }
              />
              <Figure label="Payments failed (7 days)" value={o.paymentsFailed} />
              <Figure label="Payments pending" value={o.paymentsPending} />
            </div>
          )}
        </section>
      )}
      {can('inventory.read') && (
        <section aria-labelledby="home-stock" className="space-y-2">
          <h2 id="home-stock" className="text-lg font-semibold">
            Low stock (at most {LOW_STOCK} units)
          </h2>
          {lowStock.isError ? (
            <ErrorState error={lowStock.error} onRetry={() => lowStock.refetch()} />
          ) : !lowStock.data ? (
            <p className="text-sm">Loading…</p>
          ) : lowStock.data.lowStock.items.length === 0 ? (
            <p className="text-sm">Nothing is running low.</p>
          ) : (
            <>
              <Table>
                <caption className="sr-only">Low stock</caption>
                <thead>
                  <tr>
                    <Th>Product</Th>
                    <Th>SKU</Th>
                    <Th>Stock</Th>
                  </tr>
                </thead>
                <tbody>
                  {lowStock.data.lowStock.items.map((item) => (
                    <tr key={item.variantId ?? item.productId}>
                      <Td>
                        <Link
                          to="/products/$productId"
                          params={{ productId: item.productId }}
                          className="text-blue-800 underline"
                        >
                          {withVariant(item.name, item.variantTitle)}
                        </Link>
                      </Td>
                      <Td>{item.sku ?? '—'}</Td>
                      <Td>{item.stock}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {lowStock.data.lowStock.meta.total > lowStock.data.lowStock.items.length && (
                <p className="text-sm">
                  {lowStock.data.lowStock.meta.total - lowStock.data.lowStock.items.length} more at or under {LOW_STOCK}
                  .
                </p>
              )}
            </>
          )}
        </section>
      )}
      <ExtensionSlot slot="admin:home" />
    </>
  );
}
