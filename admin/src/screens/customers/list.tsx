import type { AdminCustomersQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { linkColumn, statusColumn, textColumn } from '../../resource/columns';
import { ListPage, useListSearch } from '../../resource/list-page';
import { customerName, customers } from './resource';

type Row = AdminCustomersQuery['customers']['items'][number];

const columns = [
  linkColumn(
    'Name',
    (c: Row) => customerName(c),
    (c) => ({ to: '/customers/$customerId', params: { customerId: c.id } }),
  ),
  textColumn('email', 'Email', (c: Row) => c.email),
  statusColumn<Row>(),
  textColumn('created', 'Registered', (c: Row) => dateTime(c.createdAt)),
];

/** Customers, newest first, searched by email and name; the URL holds the search and the page. */
export function CustomersScreen() {
  const { page, q } = useListSearch();
  const list = customers.useList({ page, limit: 25, search: q });
  return (
    <ListPage
      title="Customers"
      search
      caption="Customers"
      columns={columns}
      query={list}
      empty={`No customers${q ? ` match “${q}”` : ''}.`}
    />
  );
}
