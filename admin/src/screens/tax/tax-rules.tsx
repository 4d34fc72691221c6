import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import {
  AdminTaxRuleCreateDocument,
  AdminTaxRuleDeleteDocument,
  AdminTaxRuleDocument,
  type AdminTaxRuleFragment,
  AdminTaxRulesDocument,
  AdminTaxRuleUpdateDocument,
  type TaxRuleCreateInput,
  type TaxRuleType,
} from '../../generated/graphql';
import { z } from '../../lib/zod';
import { EntityForm, type FieldSpec, PagedTable, SettingsEntityFrame } from '../settings/kit';
import { SettingsNav } from '../settings/nav';

const listRoute = getRouteApi('/_app/settings/tax');
const detailRoute = getRouteApi('/_app/settings/tax/$taxRuleId');
const PAGE_SIZE = 25;

const TYPES: Record<TaxRuleType, string> = { STANDARD: 'Standard', REDUCED: 'Reduced', ZERO: 'Zero', CUSTOM: 'Custom' };
/** Basis points ↔ percent as people write it: 1900 ↔ "19", 750 ↔ "7.5". */
export const percent = (rate: number) => `${rate / 100} %`;

const columns: ColumnDef<AdminTaxRuleFragment>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to="/settings/tax/$taxRuleId"
        params={{ taxRuleId: row.original.id }}
        className="font-medium text-blue-800 underline"
      >
        {row.original.name}
      </Link>
    ),
  },
  { id: 'rate', header: 'Rate', cell: ({ row }) => percent(row.original.rate) },
  { id: 'type', header: 'Type', cell: ({ row }) => TYPES[row.original.type] },
  { id: 'country', header: 'Country', cell: ({ row }) => row.original.countryCode ?? 'Any' },
];

/** Tax rules (the API lists them without a search: a shop has a handful). */
export function TaxRulesScreen() {
  const search = listRoute.useSearch();
  const navigate = listRoute.useNavigate();
  const can = useCan();
  const variables = { page: search.page, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['tax-rules', variables],
    queryFn: () => gql(AdminTaxRulesDocument, variables),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Tax rules</h1>
        {can('tax.create') && (
          <Button asChild>
            <Link to="/settings/tax/new">New tax rule</Link>
          </Button>
        )}
      </div>
      <SettingsNav />
      <PagedTable
        caption="Tax rules"
        columns={columns}
        query={{ ...list, data: list.data?.taxRules }}
        empty="No tax rules yet."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,3}([.,]\d{1,2})?$/, 'A percentage such as 19 or 7.5.'),
  type: z.enum(['STANDARD', 'REDUCED', 'ZERO', 'CUSTOM']),
  countryCode: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'A two-letter country code such as DE, or empty for any.'),
});
type Values = z.infer<typeof schema>;
const FIELDS: FieldSpec<Values>[] = [
  { name: 'name', label: 'Name' },
  { name: 'rate', label: 'Rate (%)', kind: 'number' },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: Object.entries(TYPES).map(([value, label]) => ({ value, label })),
  },
  { name: 'countryCode', label: 'Country', hint: 'Two letters (DE); empty for any country.' },
];

function TaxRuleForm(props: {
  rule?: AdminTaxRuleFragment;
  readOnly: boolean;
  onSave: (input: TaxRuleCreateInput) => Promise<void>;
}) {
  const r = props.rule;
  return (
    <EntityForm
      schema={schema}
      initial={{
        name: r?.name ?? '',
        rate: r ? String(r.rate / 100) : '',
        type: r?.type ?? 'STANDARD',
        countryCode: r?.countryCode ?? '',
      }}
      fields={FIELDS}
      readOnly={props.readOnly}
      onSave={(v) =>
        props.onSave({
          name: v.name,
          rate: Math.round(Number(v.rate.replace(',', '.')) * 100),
          type: v.type,
          countryCode: v.countryCode ? v.countryCode.toUpperCase() : null,
        })
      }
    />
  );
}

const back = (
  <p>
    <Link to="/settings/tax" search={{ page: 1 }} className="text-sm text-blue-800 underline">
      Tax rules
    </Link>
  </p>
);

export function NewTaxRuleScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <SettingsEntityFrame back={back} title="New tax rule">
      <TaxRuleForm
        readOnly={!can('tax.create')}
        onSave={async (input) => {
          const { taxRuleCreate } = await gql(AdminTaxRuleCreateDocument, { input });
          await queryClient.invalidateQueries({ queryKey: ['tax-rules'] });
          await navigate({ to: '/settings/tax/$taxRuleId', params: { taxRuleId: taxRuleCreate.id } });
        }}
      />
    </SettingsEntityFrame>
  );
}

export function TaxRuleScreen() {
  const { taxRuleId } = detailRoute.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['tax-rule', taxRuleId],
    queryFn: () => gql(AdminTaxRuleDocument, { id: taxRuleId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const rule = query.data.taxRule;
  const remove = {
    what: 'this tax rule',
    description: 'Products and shipping methods using it are then untaxed.',
    run: async () => {
      await gql(AdminTaxRuleDeleteDocument, { id: taxRuleId });
      await queryClient.invalidateQueries({ queryKey: ['tax-rules'] });
      await navigate({ to: '/settings/tax', search: { page: 1 } });
    },
  };
  return (
    <SettingsEntityFrame back={back} title={rule.name} remove={can('tax.delete') ? remove : undefined}>
      <TaxRuleForm
        key={rule.id}
        rule={rule}
        readOnly={!can('tax.update')}
        onSave={async (input) => {
          await gql(AdminTaxRuleUpdateDocument, { id: taxRuleId, input });
          await queryClient.invalidateQueries({ queryKey: ['tax-rules'] });
          await queryClient.invalidateQueries({ queryKey: ['tax-rule', taxRuleId] });
        }}
      />
    </SettingsEntityFrame>
  );
}
