import { data, Form, redirect } from 'react-router';

import { Pager } from '../components/pager';
import { StorefrontAccountDocument } from '../generated/graphql';
import { onAccountError, requireCustomer } from '../lib/account.server';
import { signOut } from '../lib/auth.server';
import { pageOf } from '../lib/listing';
import { formatMoney, localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, pageContext } from '../lib/page.server';
import { sessionCookie } from '../lib/session.server';
import type { Route } from './+types/account';

const ORDERS_PER_PAGE = 20;

export async function loader(args: Route.LoaderArgs) {
  const ctx = pageContext(args);
  requireCustomer(ctx, args.request);
  const page = pageOf(new URL(args.request.url).searchParams.get('page'));
  const found = await gql(StorefrontAccountDocument, { page, limit: ORDERS_PER_PAGE }, callerOf(ctx)).catch(
    (err: unknown) => onAccountError(ctx, err),
  );
  return data(
    { locale: ctx.locale, account: found.account, orders: found.accountOrders, url: args.request.url },
    { headers: { 'cache-control': 'private, no-store' } },
  );
}

/** Sign out: the service revokes the session; the storefront forgets the customer (a guest cart would stay). */
export async function action(args: Route.ActionArgs) {
  const ctx = pageContext(args);
  const session = await signOut(ctx.session, ctx.locale);
  return redirect(localePath(ctx.locale, '/'), { headers: { 'set-cookie': sessionCookie(session) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: messagesFor(loaderData?.locale ?? 'en').account },
  { name: 'robots', content: 'noindex' },
];

export default function Account({ loaderData }: Route.ComponentProps) {
  const { locale, account, orders, url } = loaderData;
  const t = messagesFor(locale);
  const dateFormat = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t.account}</h1>
        <Form method="post">
          <button type="submit" className="rounded border border-stone-400 px-3 py-1">
            {t.signOut}
          </button>
        </Form>
      </div>
      <p className="mt-2 text-stone-700">
        {account.firstName} {account.lastName} · {account.email}
      </p>
      <section aria-labelledby="orders-heading" className="mt-8">
        <h2 id="orders-heading" className="text-2xl font-semibold">
          {t.orders}
        </h2>
        {orders.items.length === 0 ? (
          <p className="mt-4">{t.noOrders}</p>
        ) : (
          <table className="mt-4 w-full text-left">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2">
                  {t.orderNumber}
                </th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.status}</th>
                <th scope="col" className="text-right">
                  {t.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.items.map((o) => (
                <tr key={o.id} className="border-b border-stone-200">
                  <td className="py-2">
                    <a className="underline" href={localePath(locale, `/account/orders/${o.id}`)}>
                      {o.orderNumber}
                    </a>
                  </td>
                  <td>{dateFormat.format(new Date(o.createdAt))}</td>
                  <td>{t.orderStatus[o.status]}</td>
                  <td className="text-right">{formatMoney(o.total, o.currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager url={url} page={orders.meta.page} pages={orders.meta.pages} t={t} />
      </section>
    </>
  );
}
