import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Table, Td, Th } from '../../components/ui/table';
import { ExtensionSlot } from '../../extensions/extension-slot';
import {
  AdminCustomerDeleteDocument,
  AdminCustomerDocument,
  AdminCustomerUpdateDocument,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { money } from '../../lib/money';
import { STATUS_LABEL } from '../orders/status';
import { customerName } from './list';

const route = getRouteApi('/_app/customers/$customerId');

/** A customer: account, addresses (defaults marked) and latest orders; activate/deactivate and delete. */
export function CustomerScreen() {
  const { customerId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['customer', customerId],
    queryFn: () => gql(AdminCustomerDocument, { id: customerId }),
  });
  const setActive = useMutation({
    mutationFn: (active: boolean) => gql(AdminCustomerUpdateDocument, { id: customerId, input: { active } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['customer', customerId] });
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => gql(AdminCustomerDeleteDocument, { id: customerId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
      await navigate({ to: '/customers', search: { page: 1 } });
    },
  });

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const { customer, orders } = query.data;

  return (
    <>
      <p>
        <Link to="/customers" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Customers
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{customerName(customer)}</h1>
        <div className="flex gap-2">
          {can('customers.update') && (
            <Button variant="outline" disabled={setActive.isPending} onClick={() => setActive.mutate(!customer.active)}>
              {customer.active ? 'Deactivate' : 'Activate'}
            </Button>
          )}
          {can('customers.delete') && (
            <ConfirmDialog
              trigger={<Button variant="danger">Delete</Button>}
              title="Delete this customer?"
              description="The account and its addresses are deleted; their orders stay, without a customer."
              confirmLabel="Delete"
              onConfirm={() => remove.mutate()}
            />
          )}
        </div>
      </div>
      <ActionError error={setActive.error ?? remove.error} />
      <dl className="grid max-w-md grid-cols-2 gap-1 text-sm">
        <dt>Email</dt>
        <dd>{customer.email}</dd>
        <dt>Status</dt>
        <dd>{customer.active ? 'Active' : 'Inactive (cannot sign in)'}</dd>
        <dt>Registered</dt>
        <dd>{dateTime(customer.createdAt)}</dd>
      </dl>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Addresses</h2>
        {customer.addresses.length === 0 ? (
          <p className="text-sm">No addresses.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {customer.addresses.map((a) => (
              <li key={a.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
                <address className="not-italic">
                  {[`${a.firstName} ${a.lastName}`, a.company, a.street, `${a.zip} ${a.city}`, a.countryCode, a.phone]
                    .filter(Boolean)
                    .map((line, i) => (
                      <span key={i} className="block">
                        {line}
                      </span>
                    ))}
                </address>
                {a.id === customer.defaultShippingAddressId && <p className="mt-1 font-medium">Default shipping</p>}
                {a.id === customer.defaultBillingAddressId && <p className="font-medium">Default billing</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Orders ({orders.meta.total})</h2>
        {orders.items.length === 0 ? (
          <p className="text-sm">No orders yet.</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Order</Th>
                <Th>Status</Th>
                <Th>Total</Th>
                <Th>Placed</Th>
              </tr>
            </thead>
            <tbody>
              {orders.items.map((o) => (
                <tr key={o.id}>
                  <Td>
                    <Link to="/orders/$orderId" params={{ orderId: o.id }} className="text-blue-800 underline">
                      {o.orderNumber}
                    </Link>
                  </Td>
                  <Td>{STATUS_LABEL[o.status]}</Td>
                  <Td>{money(o.total, o.currency)}</Td>
                  <Td>{dateTime(o.createdAt)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <ExtensionSlot slot="admin:customer:detail" entityId={customerId} />
    </>
  );
}
