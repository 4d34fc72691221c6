import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { gql } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../components/ui/field';
import { Table, Td, Th } from '../../components/ui/table';
import {
  AdminCardPaymentMethodsDocument,
  AdminOrderPaymentsDocument,
  AdminPaymentCancelDocument,
  AdminPaymentCaptureDocument,
  AdminPaymentLinkCreateDocument,
  AdminPaymentRefundDocument,
  type AdminPayprovLinkFragment,
  type AdminPayprovPaymentFragment,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { enumText } from '../../lib/format';
import { money, toMinor } from '../../lib/money';
import { z } from '../../lib/zod';

/** While a link is out, its status is asked again this often (the buyer pays on another device). */
const LINK_POLL_MS = 5_000;

/** The provider whose payments this panel shows (and acts on): the order screen lists no other copy of them. */
export const CARD_PROVIDER = 'payprov';

export const orderPaymentsKey = (orderId: string) => ['order-payments', orderId] as const;

/**
 * Card payments of an order through payprov: each payment with its refunds, capture and release of an
 * authorization, refunds of all or part of a captured payment, and payment links (create, copy, status).
 * Without payprov (503) the section says so; without `orders.update` it only shows.
 */
export function OrderPayments({
  orderId,
  orderMethodId,
  onChange,
}: {
  orderId: string;
  /** The order's payment method: a link is paid with it when it is a card (payprov) method. */
  orderMethodId: string | null | undefined;
  onChange: () => Promise<void>;
}) {
  const can = useCan();
  const query = useQuery({
    queryKey: orderPaymentsKey(orderId),
    queryFn: () => gql(AdminOrderPaymentsDocument, { orderId }),
    refetchInterval: (q) =>
      q.state.data?.payprovOrderPayments.links.some((l) => l.status === 'PENDING' || l.status === 'CLAIMED')
        ? LINK_POLL_MS
        : false,
  });
  // A link the buyer paid changes the order (the plugin confirms it): when a polled status moves, refresh it.
  const linkStates = query.data?.payprovOrderPayments.links.map((l) => `${l.id}:${l.status}`).join(' ');
  const seen = useRef(linkStates);
  useEffect(() => {
    if (seen.current !== undefined && linkStates !== seen.current) void onChange();
    seen.current = linkStates;
  }, [linkStates, onChange]);
  if (query.error instanceof ApiError && query.error.code === 'service_unavailable')
    return <p className="text-sm">Card payments (payprov) are not enabled in this shop.</p>;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p className="text-sm">Loading card payments…</p>;
  const { payments, links, canCreateLink } = query.data.payprovOrderPayments;
  const mayAct = can('orders.update');
  return (
    <div className="space-y-4">
      {payments.length === 0 ? (
        <p className="text-sm">No card payment for this order yet.</p>
      ) : (
        payments.map((p) => (
          <PaymentCard key={p.transactionId} orderId={orderId} payment={p} mayAct={mayAct} onChange={onChange} />
        ))
      )}
      <PaymentLinks
        orderId={orderId}
        orderMethodId={orderMethodId}
        links={links}
        mayCreate={mayAct && canCreateLink}
        onChange={onChange}
      />
    </div>
  );
}

function usePaymentMutation<V>(orderId: string, run: (vars: V) => Promise<unknown>, onChange: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: orderPaymentsKey(orderId) });
      await onChange();
    },
  });
}

function PaymentCard({
  orderId,
  payment: p,
  mayAct,
  onChange,
}: {
  orderId: string;
  payment: AdminPayprovPaymentFragment;
  mayAct: boolean;
  onChange: () => Promise<void>;
}) {
  const capture = usePaymentMutation(
    orderId,
    () => gql(AdminPaymentCaptureDocument, { paymentIntentId: p.paymentIntentId }),
    onChange,
  );
  const cancel = usePaymentMutation(
    orderId,
    () => gql(AdminPaymentCancelDocument, { paymentIntentId: p.paymentIntentId }),
    onChange,
  );
  const busy = capture.isPending || cancel.isPending;
  const state = [
    enumText(p.status),
    p.capturedAt && `captured ${dateTime(p.capturedAt)}`,
    p.cancelledAt && 'authorization released',
    p.refundedAt && 'refunded',
    p.failureReason,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <article aria-label={`Payment ${p.paymentIntentId}`} className="space-y-2 rounded-md border border-slate-200 p-3">
      <h3 className="text-sm font-semibold">
        Payment {p.paymentIntentId}: {money(p.amount, p.currency)}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>Status</dt>
        <dd data-testid="payment-status">{state}</dd>
        <dt>At the provider</dt>
        <dd>{p.providerStatus ?? 'not known (the provider did not answer)'}</dd>
        <dt>Refunded</dt>
        <dd data-testid="payment-refunded">{money(p.amountRefunded, p.currency)}</dd>
        {p.authorizationExpiresAt && p.status === 'PENDING' && (
          <>
            <dt>Authorization lapses</dt>
            <dd>{dateTime(p.authorizationExpiresAt)}</dd>
          </>
        )}
      </dl>
      {p.refunds.length > 0 && (
        <Table>
          <caption className="sr-only">Refunds of payment {p.paymentIntentId}</caption>
          <thead>
            <tr>
              <Th>Refund</Th>
              <Th>Amount</Th>
              <Th>Status</Th>
              <Th>Date</Th>
            </tr>
          </thead>
          <tbody>
            {p.refunds.map((r) => (
              <tr key={r.id}>
                <Td>{r.id}</Td>
                <Td>{money(r.amount, p.currency)}</Td>
                <Td>{r.status}</Td>
                <Td>{dateTime(r.createdAt)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {mayAct && (p.canCapture || p.canCancel) && (
        <div role="group" aria-label="Payment actions" className="flex flex-wrap gap-2">
          {p.canCapture && (
            <Button variant="outline" disabled={busy} onClick={() => capture.mutate(undefined)}>
              Capture payment
            </Button>
          )}
          {p.canCancel && (
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={busy}>
                  Cancel payment
                </Button>
              }
              title={`Cancel payment ${p.paymentIntentId}?`}
              description="The authorization is released: the buyer's money is no longer held and cannot be captured. The order's status stays."
              confirmLabel="Cancel payment"
              onConfirm={() => cancel.mutate(undefined)}
            />
          )}
        </div>
      )}
      <ActionError error={capture.error ?? cancel.error} />
      {mayAct && p.refundable > 0 && (
        <RefundForm key={p.refundable} orderId={orderId} payment={p} onChange={onChange} />
      )}
    </article>
  );
}

/** Cents from what a person types ("12.50", "12,5", "12"). */
const amountSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d+([.,]\d{1,2})?$/, 'Enter an amount such as 12.50'),
});

function RefundForm({
  orderId,
  payment: p,
  onChange,
}: {
  orderId: string;
  payment: AdminPayprovPaymentFragment;
  onChange: () => Promise<void>;
}) {
  const form = useForm<{ amount: string }>({
    resolver: zodResolver(amountSchema),
    defaultValues: { amount: (p.refundable / 100).toFixed(2) },
  });
  const refund = usePaymentMutation(
    orderId,
    (cents: number) => gql(AdminPaymentRefundDocument, { paymentIntentId: p.paymentIntentId, amount: cents }),
    onChange,
  );
  // Validated amounts wait here for the person to confirm them: a refund moves money and cannot be undone.
  const [pending, setPending] = useState<number | null>(null);
  const submit = form.handleSubmit((values) => {
    const cents = toMinor(values.amount) ?? 0;
    if (cents < 1 || cents > p.refundable)
      return form.setError('amount', {
        message: `Between ${money(1, p.currency)} and ${money(p.refundable, p.currency)}`,
      });
    setPending(cents);
  });
  const confirm = (cents: number) =>
    refund.mutate(cents, {
      onError: (error) => {
        if (error instanceof ApiError && error.entries.some((e) => e.field === 'amount'))
          form.setError('amount', { message: error.entries.find((e) => e.field === 'amount')!.detail });
      },
    });
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={`Refund ${p.paymentIntentId}`}>
      <Field
        label={`Refund amount (${p.currency.toUpperCase()})`}
        inputMode="decimal"
        hint={`Up to ${money(p.refundable, p.currency)}; a part refunds only that much.`}
        error={form.formState.errors.amount?.message}
        {...form.register('amount')}
      />
      <Button type="submit" variant="outline" disabled={refund.isPending}>
        Refund payment
      </Button>
      <ActionError error={refund.error} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Refund ${money(pending ?? 0, p.currency)}?`}
        description={
          <>
            Paid {money(p.amount, p.currency)}, already refunded {money(p.amountRefunded, p.currency)}; after this
            refund {money(p.refundable - (pending ?? 0), p.currency)} can still be refunded. The money goes back to the
            buyer through the provider and cannot be taken back.
          </>
        }
        confirmLabel={`Refund ${money(pending ?? 0, p.currency)}`}
        onConfirm={() => pending !== null && confirm(pending)}
      />
    </form>
  );
}

function PaymentLinks({
  orderId,
  orderMethodId,
  links,
  mayCreate,
  onChange,
}: {
  orderId: string;
  orderMethodId: string | null | undefined;
  links: AdminPayprovLinkFragment[];
  mayCreate: boolean;
  onChange: () => Promise<void>;
}) {
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const methods = useQuery({
    queryKey: ['card-payment-methods'],
    queryFn: () => gql(AdminCardPaymentMethodsDocument),
    enabled: mayCreate,
    staleTime: 60_000,
  });
  const cardMethods = (methods.data?.paymentMethods.items ?? []).filter((m) => m.provider === 'payprov');
  // The order's own method when it is a card method, else the shop's first card method.
  const methodId = cardMethods.find((m) => m.id === orderMethodId)?.id ?? cardMethods[0]?.id;
  const create = usePaymentMutation(
    orderId,
    async () => {
      const { payprovCreateOrderPaymentLink: link } = await gql(AdminPaymentLinkCreateDocument, {
        orderId,
        paymentMethodId: methodId,
      });
      // Absolute for the buyer: the service answers a path when it has no public URL and no request origin.
      setCreated(new URL(link.paymentUrl, window.location.origin).href);
      setCopied(null);
    },
    onChange,
  );

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('The browser refused the clipboard: select the link and copy it.');
    }
  }

  return (
    <section aria-labelledby="payment-links" className="space-y-2">
      <h3 id="payment-links" className="text-sm font-semibold">
        Payment links
      </h3>
      {links.length === 0 ? (
        <p className="text-sm">No payment link.</p>
      ) : (
        <Table>
          <caption className="sr-only">Payment links of this order</caption>
          <thead>
            <tr>
              <Th>Link status</Th>
              <Th>Amount</Th>
              <Th>Created</Th>
              <Th>Expires</Th>
            </tr>
          </thead>
          <tbody>
            {links.map((l) => (
              <tr key={l.id}>
                <Td data-testid="link-status">{enumText(l.status)}</Td>
                <Td>{money(l.amount, l.currency)}</Td>
                <Td>{dateTime(l.createdAt)}</Td>
                <Td>{dateTime(l.expiresAt)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {created && (
        <div className="space-y-1">
          <label htmlFor="payment-link-url" className="block text-sm font-medium">
            New payment link (shown once)
          </label>
          <div className="flex gap-2">
            <input
              id="payment-link-url"
              readOnly
              value={created}
              className={inputClass}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="outline" onClick={() => void copy(created)}>
              Copy link
            </Button>
          </div>
          {copied && (
            <p role="status" className="text-sm">
              {copied}
            </p>
          )}
        </div>
      )}
      {mayCreate && methods.data && !methodId && (
        <p className="text-sm">No active card payment method: add one in Settings to send payment links.</p>
      )}
      {mayCreate && methodId && (
        <Button variant="outline" disabled={create.isPending} onClick={() => create.mutate(undefined)}>
          Create payment link
        </Button>
      )}
      <ActionError error={methods.error} />
      <ActionError error={create.error} />
    </section>
  );
}
