import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import {
  AdminShippingMethodCreateDocument,
  AdminShippingMethodDeleteDocument,
  AdminShippingMethodDocument,
  type AdminShippingMethodFragment,
  AdminShippingMethodsDocument,
  AdminShippingMethodUpdateDocument,
  AdminTaxRulesDocument,
  type ShippingMethodCreateInput,
} from '../../generated/graphql';
import { money } from '../../lib/format';
import { z } from '../../lib/zod';
import { EntityForm, type FieldSpec, fromMinor, PagedTable, SettingsEntityFrame, toMinor } from '../settings/kit';
import { SettingsNav } from '../settings/nav';
import { percent } from '../tax/tax-rules';

const listRoute = getRouteApi('/_app/settings/shipping');
const detailRoute = getRouteApi('/_app/settings/shipping/$methodId');
const PAGE_SIZE = 25;

type Translated = { translations: Array<{ locale: string; name: string; description?: string | null }> };
/** The English name (the admin edits the `en` translation), else the first. */
export const englishName = (x: Translated) =>
  (x.translations.find((t) => t.locale === 'en') ?? x.translations[0])?.name ?? '';
/** The translations with English replaced (the others kept as they are: an update replaces the whole list). */
export function withEnglish(existing: Translated['translations'], name: string, description: string) {
  const others = existing
    .filter((t) => t.locale !== 'en')
    .map((t) => ({ locale: t.locale, name: t.name, ...(t.description ? { description: t.description } : {}) }));
  return [{ locale: 'en', name, ...(description ? { description } : {}) }, ...others];
}

const columns: ColumnDef<AdminShippingMethodFragment>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to="/settings/shipping/$methodId"
        params={{ methodId: row.original.id }}
        className="font-medium text-blue-800 underline"
      >
        {englishName(row.original)}
      </Link>
    ),
  },
  { id: 'price', header: 'Price', cell: ({ row }) => money(row.original.priceGross, 'EUR') },
  { id: 'position', header: 'Position', cell: ({ row }) => row.original.position },
  { id: 'status', header: 'Status', cell: ({ row }) => (row.original.active ? 'Active' : 'Inactive') },
];

/** Shipping methods in the order the store lists them (no search in the API: a shop has a handful). */
export function ShippingMethodsScreen() {
  const search = listRoute.useSearch();
  const navigate = listRoute.useNavigate();
  const can = useCan();
  const variables = { page: search.page, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['shipping-methods', variables],
    queryFn: () => gql(AdminShippingMethodsDocument, variables),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Shipping methods</h1>
        {can('shipping.create') && (
          <Button asChild>
            <Link to="/settings/shipping/new">New shipping method</Link>
          </Button>
        )}
      </div>
      <SettingsNav />
      <PagedTable
        caption="Shipping methods"
        columns={columns}
        query={{ ...list, data: list.data?.shippingMethods }}
        empty="No shipping methods yet."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  description: z.string().trim(),
  price: z
    .string()
    .trim()
    .regex(/^\d+([.,]\d{1,2})?$/, 'An amount such as 4.90.'),
  taxRuleId: z.string(),
  position: z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'A whole number.'),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;

function ShippingMethodForm(props: {
  method?: AdminShippingMethodFragment;
  readOnly: boolean;
  onSave: (input: ShippingMethodCreateInput) => Promise<void>;
}) {
  // A shop has few tax rules: the first 200 are the picker's options.
  const rules = useQuery({
    queryKey: ['tax-rules', { page: 1, limit: 200 }],
    queryFn: () => gql(AdminTaxRulesDocument, { page: 1, limit: 200 }),
  });
  if (!rules.data && !rules.isError) return <p>Loading…</p>;
  const m = props.method;
  const fields: FieldSpec<Values>[] = [
    { name: 'name', label: 'Name', serverNames: ['translations'] },
    { name: 'description', label: 'Description' },
    {
      name: 'price',
      label: 'Price',
      kind: 'number',
      hint: 'Gross, as the customer pays it.',
      serverNames: ['priceGross'],
    },
    {
      name: 'taxRuleId',
      label: 'Tax rule',
      kind: 'select',
      options: [
        { value: '', label: 'Untaxed' },
        ...(rules.data?.taxRules.items.map((r) => ({ value: r.id, label: `${r.name} (${percent(r.rate)})` })) ?? []),
      ],
    },
    { name: 'position', label: 'Position', kind: 'number', hint: 'Lower comes first in the store.' },
    { name: 'active', label: 'Active (offered at checkout)', kind: 'checkbox' },
  ];
  return (
    <EntityForm
      schema={schema}
      initial={{
        name: m ? englishName(m) : '',
        description: m?.translations.find((t) => t.locale === 'en')?.description ?? '',
        price: fromMinor(m?.priceGross),
        taxRuleId: m?.taxRuleId ?? '',
        position: String(m?.position ?? 0),
        active: m?.active ?? true,
      }}
      fields={fields}
      readOnly={props.readOnly}
      onSave={(v) =>
        props.onSave({
          translations: withEnglish(m?.translations ?? [], v.name, v.description),
          priceGross: toMinor(v.price) ?? 0,
          taxRuleId: v.taxRuleId || null,
          position: Number(v.position),
          active: v.active,
        })
      }
    />
  );
}

const back = (
  <p>
    <Link to="/settings/shipping" search={{ page: 1 }} className="text-sm text-blue-800 underline">
      Shipping methods
    </Link>
  </p>
);

export function NewShippingMethodScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <SettingsEntityFrame back={back} title="New shipping method">
      <ShippingMethodForm
        readOnly={!can('shipping.create')}
        onSave={async (input) => {
          const { shippingMethodCreate } = await gql(AdminShippingMethodCreateDocument, { input });
          await queryClient.invalidateQueries({ queryKey: ['shipping-methods'] });
          await navigate({ to: '/settings/shipping/$methodId', params: { methodId: shippingMethodCreate.id } });
        }}
      />
    </SettingsEntityFrame>
  );
}

export function ShippingMethodScreen() {
  const { methodId } = detailRoute.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['shipping-method', methodId],
    queryFn: () => gql(AdminShippingMethodDocument, { id: methodId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const method = query.data.shippingMethod;
  const remove = {
    what: 'this shipping method',
    description: 'Checkout no longer offers it. Orders that used it keep their shipping.',
    run: async () => {
      await gql(AdminShippingMethodDeleteDocument, { id: methodId });
      await queryClient.invalidateQueries({ queryKey: ['shipping-methods'] });
      await navigate({ to: '/settings/shipping', search: { page: 1 } });
    },
  };
  return (
    <SettingsEntityFrame back={back} title={englishName(method)} remove={can('shipping.delete') ? remove : undefined}>
      <p className="text-sm">Net price: {money(method.priceNet, 'EUR')}</p>
      <ShippingMethodForm
        key={method.id}
        method={method}
        readOnly={!can('shipping.update')}
        onSave={async (input) => {
          await gql(AdminShippingMethodUpdateDocument, { id: methodId, input });
          await queryClient.invalidateQueries({ queryKey: ['shipping-methods'] });
          await queryClient.invalidateQueries({ queryKey: ['shipping-method', methodId] });
        }}
      />
    </SettingsEntityFrame>
  );
}
