import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Refusal } from '../../components/refusal';
import {
  AdminDiscountCodeCreateDocument,
  AdminDiscountCodeDeleteDocument,
  AdminDiscountCodeDocument,
  AdminDiscountCodeUpdateDocument,
} from '../../generated/graphql';
import { DeleteButton } from '../../resource/detail-frame';
import { DiscountForm } from './form';

const route = getRouteApi('/_app/discounts/$discountId');
const back = (
  <p>
    <Link to="/discounts" search={{ page: 1 }} className="text-sm text-blue-800 underline">
      Discounts
    </Link>
  </p>
);

export function NewDiscountScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      {back}
      <h1 className="text-2xl font-semibold">New discount</h1>
      {!can('discounts.create') && <Refusal action="create discount codes" />}
      <DiscountForm
        readOnly={!can('discounts.create')}
        onSave={async (input) => {
          const { discountCodeCreate } = await gql(AdminDiscountCodeCreateDocument, { input });
          await queryClient.invalidateQueries({ queryKey: ['discounts'] });
          await navigate({ to: '/discounts/$discountId', params: { discountId: discountCodeCreate.id } });
        }}
      />
    </>
  );
}

/** One discount code: edit (Save), delete; how often it was used. */
export function DiscountScreen() {
  const { discountId } = route.useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>();
  const query = useQuery({
    queryKey: ['discount', discountId],
    queryFn: () => gql(AdminDiscountCodeDocument, { id: discountId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const d = query.data.discountCode;
  async function remove() {
    setError(undefined);
    try {
      await gql(AdminDiscountCodeDeleteDocument, { id: discountId });
      await queryClient.invalidateQueries({ queryKey: ['discounts'] });
      await navigate({ to: '/discounts', search: { page: 1 } });
    } catch (e) {
      setError(e);
    }
  }
  return (
    <>
      {back}
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Discount {d.code}</h1>
        {can('discounts.delete') && (
          <DeleteButton
            what="this discount code"
            description={`“${d.code}” can no longer be used. Orders that used it keep their discount.`}
            onConfirm={remove}
          />
        )}
      </div>
      <ActionError error={error} />
      <p className="text-sm">
        Used {d.usedCount} {d.usedCount === 1 ? 'time' : 'times'}.
      </p>
      <DiscountForm
        key={d.id}
        discount={d}
        readOnly={!can('discounts.update')}
        onSave={async (input) => {
          await gql(AdminDiscountCodeUpdateDocument, { id: discountId, input });
          await queryClient.invalidateQueries({ queryKey: ['discounts'] });
          await queryClient.invalidateQueries({ queryKey: ['discount', discountId] });
        }}
      />
    </>
  );
}
