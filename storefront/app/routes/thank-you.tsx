import { data, redirect } from 'react-router';

import { OrderSummary } from '../components/order-summary';
import { StorefrontOrderDocument } from '../generated/graphql';
import { localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, pageContext } from '../lib/page.server';
import type { Route } from './+types/thank-you';

/** The confirmation of the shopper's latest order: a guest's read with its order token, a customer's with theirs. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = pageContext({ request, params, context });
  const last = ctx.session.lastOrder;
  if (!last) throw redirect(localePath(ctx.locale, '/'));
  const { storeOrder } = await gql(
    StorefrontOrderDocument,
    { id: last.id },
    { ...callerOf(ctx), guestToken: last.guestToken },
  );
  return data({ locale: ctx.locale, order: storeOrder }, { headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const t = messagesFor(loaderData?.locale ?? 'en');
  return [{ title: t.thankYou }, { name: 'robots', content: 'noindex' }];
};

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { locale, order } = loaderData;
  const t = messagesFor(locale);
  return (
    <>
      <h1 className="text-3xl font-semibold">{t.thankYou}</h1>
      <p className="mt-4 text-lg">
        {t.orderNumber}: <strong>{order.orderNumber}</strong>
      </p>
      <p className="mt-2">
        {t.confirmationSent} {order.email}.
      </p>
      <OrderSummary order={order} locale={locale} />
      <p className="mt-8">
        <a className="underline" href={localePath(locale, '/')}>
          {t.continueShopping}
        </a>
      </p>
    </>
  );
}
