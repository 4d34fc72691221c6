import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ExtensionSlot } from '../../extensions/extension-slot';
import { AdminCustomerDocument, type AdminCustomerQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { money } from '../../lib/money';
import { linkColumn, textColumn } from '../../resource/columns';
import { DetailFrame, Loaded } from '../../resource/detail-frame';
import { ItemsTable } from '../../resource/list-page';
import { STATUS_LABEL } from '../orders/status';
import { customerName, customers } from './resource';

const route = getRouteApi('/_app/customers/$customerId');
type Order = AdminCustomerQuery['orders']['items'][number];

const orderColumns = [
  linkColumn(
    'Order',
    (o: Order) => o.orderNumber,
    (o) => ({ to: '/orders/$orderId', params: { orderId: o.id } }),
  ),
  textColumn('status', 'Status', (o: Order) => STATUS_LABEL[o.status]),
  textColumn('total', 'Total', (o: Order) => money(o.total, o.currency)),
  textColumn('placed', 'Placed', (o: Order) => dateTime(o.createdAt)),
];

/** A customer: account, addresses (defaults marked) and latest orders; activate/deactivate and delete. */
export function CustomerScreen() {
  const { customerId } = route.useParams();
  // The whole answer (the customer and their latest orders), under the customer's own key.
  const query = useQuery({
    queryKey: customers.keys.detail(customerId),
    queryFn: () => gql(AdminCustomerDocument, { id: customerId }),
  });
  return <Loaded query={query}>{(data) => <Customer id={customerId} data={data} />}</Loaded>;
}

function Customer({ id, data: { customer, orders } }: { id: string; data: AdminCustomerQuery }) {
  const can = useCan();
  const navigate = useNavigate();
  const setActive = customers.useUpdate(id);
  const remove = customers.useRemove(id);
  return (
    <DetailFrame
      back={{ label: 'Customers', to: '/customers' }}
      title={customerName(customer)}
      actions={
        can('customers.update') && (
          <Button
            variant="outline"
            disabled={setActive.isPending}
            onClick={() => setActive.mutate({ active: !customer.active })}
          >
            {customer.active ? 'Deactivate' : 'Activate'}
          </Button>
        )
      }
      remove={{
        permission: 'customers.delete',
        what: 'this customer',
        description: 'The account and its addresses are deleted; their orders stay, without a customer.',
        run: async () => {
          await remove.mutateAsync();
          await navigate({ to: '/customers', search: { page: 1 } });
        },
      }}
    >
      <ActionError error={setActive.error} />
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
        <ItemsTable
          caption="Latest orders"
          columns={orderColumns}
          items={orders.items}
          empty="No orders yet."
          getRowId={(o) => o.id}
        />
      </section>
      <ExtensionSlot slot="admin:customer:detail" entityId={id} />
    </DetailFrame>
  );
}
