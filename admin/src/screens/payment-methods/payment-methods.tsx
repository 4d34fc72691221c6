import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import {
  AdminPaymentMethodCreateDocument,
  AdminPaymentMethodDeleteDocument,
  AdminPaymentMethodDocument,
  type AdminPaymentMethodFragment,
  AdminPaymentMethodsDocument,
  AdminPaymentMethodUpdateDocument,
  type PaymentMethodCreateInput,
} from '../../generated/graphql';
import { z } from '../../lib/zod';
import { EntityForm, type FieldSpec, PagedTable, SettingsEntityFrame } from '../settings/kit';
import { SettingsNav } from '../settings/nav';
import { englishName, withEnglish } from '../shipping/shipping-methods';

const listRoute = getRouteApi('/_app/settings/payment-methods');
const detailRoute = getRouteApi('/_app/settings/payment-methods/$methodId');
const PAGE_SIZE = 25;

/** The providers the service knows: manual payment (empty) and the payment-provider plugin. */
const PROVIDERS = [
  { value: '', label: 'Manual (invoice, cash, bank transfer)' },
  { value: 'payprov', label: 'Payment provider (payprov plugin)' },
];
const providerLabel = (p: string) => PROVIDERS.find((x) => x.value === p)?.label ?? p;

const columns: ColumnDef<AdminPaymentMethodFragment>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to="/settings/payment-methods/$methodId"
        params={{ methodId: row.original.id }}
        className="font-medium text-blue-800 underline"
      >
        {englishName(row.original)}
      </Link>
    ),
  },
  { id: 'provider', header: 'Provider', cell: ({ row }) => providerLabel(row.original.provider) },
  { id: 'position', header: 'Position', cell: ({ row }) => row.original.position },
  { id: 'status', header: 'Status', cell: ({ row }) => (row.original.active ? 'Active' : 'Inactive') },
];

/** Payment methods in the order the store lists them (no search in the API: a shop has a handful). */
export function PaymentMethodsScreen() {
  const search = listRoute.useSearch();
  const navigate = listRoute.useNavigate();
  const can = useCan();
  const variables = { page: search.page, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['payment-methods', variables],
    queryFn: () => gql(AdminPaymentMethodsDocument, variables),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Payment methods</h1>
        {can('payment.create') && (
          <Button asChild>
            <Link to="/settings/payment-methods/new">New payment method</Link>
          </Button>
        )}
      </div>
      <SettingsNav />
      <PagedTable
        caption="Payment methods"
        columns={columns}
        query={{ ...list, data: list.data?.paymentMethods }}
        empty="No payment methods yet."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  description: z.string().trim(),
  provider: z.string(),
  position: z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'A whole number.'),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;
const FIELDS: FieldSpec<Values>[] = [
  { name: 'name', label: 'Name', serverNames: ['translations'] },
  { name: 'description', label: 'Description' },
  { name: 'provider', label: 'Provider', kind: 'select', options: PROVIDERS },
  { name: 'position', label: 'Position', kind: 'number', hint: 'Lower comes first in the store.' },
  { name: 'active', label: 'Active (offered at checkout)', kind: 'checkbox' },
];

function PaymentMethodForm(props: {
  method?: AdminPaymentMethodFragment;
  readOnly: boolean;
  onSave: (input: PaymentMethodCreateInput) => Promise<void>;
}) {
  const m = props.method;
  return (
    <EntityForm
      schema={schema}
      initial={{
        name: m ? englishName(m) : '',
        description: m?.translations.find((t) => t.locale === 'en')?.description ?? '',
        provider: m?.provider ?? '',
        position: String(m?.position ?? 0),
        active: m?.active ?? true,
      }}
      fields={FIELDS}
      readOnly={props.readOnly}
      onSave={(v) =>
        props.onSave({
          translations: withEnglish(m?.translations ?? [], v.name, v.description),
          provider: v.provider,
          position: Number(v.position),
          active: v.active,
        })
      }
    />
  );
}

const back = (
  <p>
    <Link to="/settings/payment-methods" search={{ page: 1 }} className="text-sm text-blue-800 underline">
      Payment methods
    </Link>
  </p>
);

export function NewPaymentMethodScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <SettingsEntityFrame back={back} title="New payment method">
      <PaymentMethodForm
        readOnly={!can('payment.create')}
        onSave={async (input) => {
          const { paymentMethodCreate } = await gql(AdminPaymentMethodCreateDocument, { input });
          await queryClient.invalidateQueries({ queryKey: ['payment-methods'] });
          await navigate({ to: '/settings/payment-methods/$methodId', params: { methodId: paymentMethodCreate.id } });
        }}
      />
    </SettingsEntityFrame>
  );
}

export function PaymentMethodScreen() {
  const { methodId } = detailRoute.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['payment-method', methodId],
    queryFn: () => gql(AdminPaymentMethodDocument, { id: methodId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const method = query.data.paymentMethod;
  const remove = {
    what: 'this payment method',
    description: 'Checkout no longer offers it. Orders that used it keep their payments.',
    run: async () => {
      await gql(AdminPaymentMethodDeleteDocument, { id: methodId });
      await queryClient.invalidateQueries({ queryKey: ['payment-methods'] });
      await navigate({ to: '/settings/payment-methods', search: { page: 1 } });
    },
  };
  return (
    <SettingsEntityFrame back={back} title={englishName(method)} remove={can('payment.delete') ? remove : undefined}>
      <PaymentMethodForm
        key={method.id}
        method={method}
        readOnly={!can('payment.update')}
        onSave={async (input) => {
          await gql(AdminPaymentMethodUpdateDocument, { id: methodId, input });
          await queryClient.invalidateQueries({ queryKey: ['payment-methods'] });
          await queryClient.invalidateQueries({ queryKey: ['payment-method', methodId] });
        }}
      />
    </SettingsEntityFrame>
  );
}
