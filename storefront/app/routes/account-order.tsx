import { data, Form, redirect, useNavigation } from 'react-router';

import { OrderSummary } from '../components/order-summary';
import { StorefrontAccountOrderDocument, StorefrontReturnRequestDocument } from '../generated/graphql';
import { onAccountError, requireCustomer } from '../lib/account.server';
import { isNotFound, isShopperError } from '../lib/api.server';
import { localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, type PageContext, pageContext } from '../lib/page.server';
import type { Route } from './+types/account-order';

async function loadOrder(ctx: PageContext, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw data(null, { status: 404 });
  return (
    await gql(StorefrontAccountOrderDocument, { id }, callerOf(ctx)).catch((err: unknown) => {
      if (isNotFound(err)) throw data(null, { status: 404 });
      return onAccountError(ctx, err);
    })
  ).accountOrder;
}

/** Units of each line that may still be returned: shipped, and not already in a return that was not rejected. */
function returnable(order: Awaited<ReturnType<typeof loadOrder>>) {
  const asked = new Map<string, number>();
  for (const r of order.returns)
    if (r.status !== 'REJECTED')
      for (const i of r.items) asked.set(i.orderItemId, (asked.get(i.orderItemId) ?? 0) + i.quantity);
  return order.items
    .map((i) => ({
      id: i.id,
      name: i.variantName ? `${i.name} (${i.variantName})` : i.name,
      left: i.quantityShipped - (asked.get(i.id) ?? 0),
    }))
    .filter((i) => i.left > 0);
}

export async function loader(args: Route.LoaderArgs) {
  const ctx = pageContext(args);
  requireCustomer(ctx, args.request);
  const order = await loadOrder(ctx, args.params.id);
  const requested = new URL(args.request.url).searchParams.get('returned') === '1';
  return data(
    { locale: ctx.locale, order, returnable: returnable(order), requested },
    { headers: { 'cache-control': 'private, no-store' } },
  );
}

/** Request a return of some shipped units, with a reason; staff approve or reject it in the admin. */
export async function action(args: Route.ActionArgs) {
  const ctx = pageContext(args);
  requireCustomer(ctx, args.request);
  const t = messagesFor(ctx.locale);
  const order = await loadOrder(ctx, args.params.id);
  const form = await args.request.formData();
  const reason = String(form.get('reason') ?? '')
    .trim()
    .slice(0, 500);
  const items = returnable(order)
    .map((i) => ({ orderItemId: i.id, quantity: Number(form.get(`qty-${i.id}`) ?? 0), reason: reason || undefined }))
    .filter((i) => Number.isInteger(i.quantity) && i.quantity > 0);
  if (items.length === 0) return data({ message: t.chooseReturn }, { status: 400 });
  try {
    await gql(StorefrontReturnRequestDocument, { orderId: order.id, input: { items } }, callerOf(ctx));
  } catch (err) {
    if (!isShopperError(err)) throw err;
    return data({ message: err.message }, { status: 422 });
  }
  return redirect(`${localePath(ctx.locale, `/account/orders/${order.id}`)}?returned=1`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${messagesFor(loaderData?.locale ?? 'en').orderNumber} ${loaderData?.order.orderNumber ?? ''}` },
  { name: 'robots', content: 'noindex' },
];

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, order, returnable, requested } = loaderData;
  const t = messagesFor(locale);
  const busy = useNavigation().state !== 'idle';
  const dateFormat = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' });
  return (
    <>
      <p>
        <a className="underline" href={localePath(locale, '/account')}>
          {t.orders}
        </a>
      </p>
      <h1 className="mt-2 text-3xl font-semibold">
        {t.orderNumber} {order.orderNumber}
      </h1>
      <p className="mt-2">
        {t.status}: <strong>{t.orderStatus[order.status]}</strong> · {dateFormat.format(new Date(order.createdAt))}
      </p>
      <OrderSummary order={order} locale={locale} />
      <section aria-labelledby="shipments-heading" className="mt-8">
        <h2 id="shipments-heading" className="text-xl font-semibold">
          {t.shipments}
        </h2>
        {order.shipments.length === 0 ? (
          <p className="mt-2">{t.notShippedYet}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {order.shipments.map((s) => (
              <li key={s.id}>
                {dateFormat.format(new Date(s.shippedAt))} · {s.carrier ?? ''}{' '}
                {s.trackingUrl ? (
                  <a className="underline" href={s.trackingUrl} rel="noopener noreferrer" target="_blank">
                    {t.track} {s.trackingNumber ?? ''}
                  </a>
                ) : (
                  (s.trackingNumber ?? '')
                )}{' '}
                · {s.deliveredAt ? t.delivered : t.onItsWay}
              </li>
            ))}
          </ul>
        )}
      </section>
      {order.returns.length > 0 && (
        <section aria-labelledby="returns-heading" className="mt-8">
          <h2 id="returns-heading" className="text-xl font-semibold">
            {t.returns}
          </h2>
          <ul className="mt-2">
            {order.returns.map((r) => (
              <li key={r.id}>
                {dateFormat.format(new Date(r.createdAt))} · {t.returnStatus[r.status]}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p role="status" className="mt-6 text-green-800">
        {requested ? t.returnRequested : ''}
      </p>
      {returnable.length > 0 && (
        <Form method="post" className="mt-4 max-w-xl rounded border border-stone-200 p-4">
          <fieldset className="flex flex-col gap-3">
            <legend className="text-xl font-semibold">{t.requestReturn}</legend>
            {actionData?.message && (
              <p role="alert" className="text-red-700">
                {actionData.message}
              </p>
            )}
            {returnable.map((i) => (
              <div key={i.id} className="flex items-center justify-between gap-3">
                <label htmlFor={`qty-${i.id}`}>{i.name}</label>
                <input
                  id={`qty-${i.id}`}
                  name={`qty-${i.id}`}
                  type="number"
                  min={0}
                  max={i.left}
                  defaultValue={0}
                  className="w-20 rounded border border-stone-400 px-2 py-1"
                />
              </div>
            ))}
            <label htmlFor="reason" className="text-sm font-medium">
              {t.reason}
            </label>
            <textarea
              id="reason"
              name="reason"
              maxLength={500}
              rows={2}
              className="rounded border border-stone-400 p-2"
            />
            <button
              type="submit"
              disabled={busy}
              className="self-start rounded bg-brand-700 px-4 py-2 text-white hover:bg-brand-800"
            >
              {t.requestReturn}
            </button>
          </fieldset>
        </Form>
      )}
    </>
  );
}
