import { data, Form, redirect } from 'react-router';

import { isShopperError } from '../lib/api.server';
import { readCart, removeLine, updateLine, withCart } from '../lib/cart.server';
import { formatMoney, localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { pageContext } from '../lib/page.server';
import { sessionCookie } from '../lib/session.server';
import type { Route } from './+types/cart';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = pageContext({ request, params, context });
  const cart = await readCart(ctx);
  // A cart the service no longer has leaves the cookie: the header's count and the next add start afresh.
  const headers: HeadersInit = { 'cache-control': 'private, no-store' };
  if (ctx.session.cartId && (!cart || cart.itemCount !== ctx.session.cartCount))
    headers['set-cookie'] = sessionCookie(withCart(ctx.session, cart));
  return data({ locale: ctx.locale, cart }, { headers });
}

/** Change a line's quantity or remove it (`intent`), then show the cart again (a redirect, so a reload is safe). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = pageContext({ request, params, context });
  const t = messagesFor(ctx.locale);
  if (!ctx.session.cartId) return redirect(localePath(ctx.locale, '/cart'));
  const form = await request.formData();
  const itemId = String(form.get('itemId') ?? '');
  if (!/^[0-9a-f-]{36}$/i.test(itemId)) return data({ message: t.somethingWrong }, { status: 400 });
  try {
    if (form.get('intent') === 'remove') {
      const { cookie } = await removeLine(ctx, itemId);
      return redirect(localePath(ctx.locale, '/cart'), { headers: { 'set-cookie': cookie } });
    }
    const quantity = Number(form.get('quantity'));
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 999)
      return data({ message: `${t.quantity}: 0–999` }, { status: 400 });
    const { cookie } = quantity === 0 ? await removeLine(ctx, itemId) : await updateLine(ctx, itemId, quantity);
    return redirect(localePath(ctx.locale, '/cart'), { headers: { 'set-cookie': cookie } });
  } catch (err) {
    if (isShopperError(err)) return data({ message: err.message }, { status: err.code === 'not_found' ? 404 : 422 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = (matches[0]?.loaderData as { shopName?: string } | undefined)?.shopName ?? '';
  const t = messagesFor(loaderData?.locale ?? 'en');
  return [{ title: `${t.cart} · ${shop}` }, { name: 'robots', content: 'noindex' }];
};

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, cart } = loaderData;
  const t = messagesFor(locale);
  return (
    <>
      <h1 className="text-3xl font-semibold">{t.cart}</h1>
      {actionData?.message && (
        <p role="alert" className="mt-4 text-red-700">
          {actionData.message}
        </p>
      )}
      {!cart || cart.items.length === 0 ? (
        <p className="mt-6">
          {t.emptyCart}{' '}
          <a className="underline" href={localePath(locale, '/')}>
            {t.continueShopping}
          </a>
        </p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-stone-200 border-y border-stone-200">
            {cart.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-4 py-4">
                <div className="min-w-48 flex-1">
                  <p className="font-medium">{item.name}</p>
                  <p className="text-sm text-stone-600">{formatMoney(item.unitPriceGross, cart.currency, locale)}</p>
                </div>
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="itemId" value={item.id} />
                  <div className="flex flex-col">
                    <label htmlFor={`qty-${item.id}`} className="text-sm">
                      {t.quantity}
                    </label>
                    <input
                      id={`qty-${item.id}`}
                      name="quantity"
                      type="number"
                      min={0}
                      max={999}
                      defaultValue={item.quantity}
                      className="w-20 rounded border border-stone-400 px-2 py-1"
                    />
                  </div>
                  <button
                    type="submit"
                    name="intent"
                    value="update"
                    className="rounded border border-stone-400 px-3 py-1"
                  >
                    {t.update}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className="rounded border border-stone-400 px-3 py-1"
                  >
                    {t.remove}
                  </button>
                </Form>
                <p className="w-28 text-right font-medium">{formatMoney(item.lineTotalGross, cart.currency, locale)}</p>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col items-end gap-4">
            <p className="text-lg">
              {t.subtotal}: <strong>{formatMoney(cart.subtotalGross, cart.currency, locale)}</strong>{' '}
              <span className="text-sm text-stone-600">{t.inclTax}</span>
            </p>
            <a
              href={localePath(locale, '/checkout')}
              className="rounded bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800"
            >
              {t.checkout}
            </a>
          </div>
        </>
      )}
    </>
  );
}
