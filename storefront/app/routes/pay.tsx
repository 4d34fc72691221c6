import { data, redirect } from 'react-router';

import { Alert } from '../components/alert';
import { PaymentComponent } from '../components/payment-component';
import { StorefrontPaymentComponentDocument, StorefrontPaymentIntentDocument } from '../generated/graphql';
import { isShopperError } from '../lib/api.server';
import { placeOrder } from '../lib/checkout.server';
import { formatMoney, localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { cached, callerOf, gql, pageContext } from '../lib/page.server';
import type { Route } from './+types/pay';

const SLOT = 'storefront:checkout:payment';

/**
 * The card step of a checkout (payprov, paid first): the intent for the quoted total is made with the checkout's
 * idempotency key (a reload answers the same intent, never a second one), and the plugin's component collects the
 * card. The client secret is on this page only; it is never kept in the session.
 */
export async function loader(args: Route.LoaderArgs) {
  const ctx = pageContext(args);
  const pending = ctx.session.pendingPayment;
  if (!pending || !ctx.session.cartId) throw redirect(localePath(ctx.locale, '/checkout'));
  const [intent, extensions] = await Promise.all([
    gql(
      StorefrontPaymentIntentDocument,
      { input: { paymentMethodId: pending.form.paymentMethodId, amount: pending.amount, currency: pending.currency } },
      { ...callerOf(ctx), idempotencyKey: pending.key },
    ).then((d) => d.payprovCreatePaymentIntent),
    cached('payment-component', 60_000, () => gql(StorefrontPaymentComponentDocument, {}, { locale: ctx.locale })),
  ]);
  const component = extensions.storePluginExtensions.find((e) => e.slot === SLOT)?.component;
  if (!component || !intent.clientSecret) throw new Error('the payment plugin offers no checkout component');
  return data(
    {
      locale: ctx.locale,
      amount: pending.amount,
      currency: pending.currency,
      payment: {
        providerScript: intent.scriptUrl,
        component,
        publishableKey: intent.publishableKey,
        clientSecret: intent.clientSecret,
      },
      message: '',
    },
    { headers: { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' } },
  );
}

/** The card is authorised: the order is placed with the intent as its payment reference. */
export async function action(args: Route.ActionArgs) {
  const ctx = pageContext(args);
  const t = messagesFor(ctx.locale);
  const pending = ctx.session.pendingPayment;
  if (!pending) return redirect(localePath(ctx.locale, '/checkout'));
  const paymentIntentId = String((await args.request.formData()).get('paymentIntentId') ?? '');
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) return data({ message: t.paymentFailed }, { status: 400 });
  try {
    return await placeOrder(ctx, pending.form, `${pending.key}.order`, paymentIntentId);
  } catch (err) {
    if (!isShopperError(err)) throw err;
    return data({ message: err.code === 'insufficient_stock' ? t.notInStock : err.message }, { status: 422 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: messagesFor(loaderData?.locale ?? 'en').payment },
  { name: 'robots', content: 'noindex' },
];

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, amount, currency, payment } = loaderData;
  const t = messagesFor(locale);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-semibold">{t.payment}</h1>
      <p className="mt-4 text-lg">
        {t.payingFor}: <strong>{formatMoney(amount, currency, locale)}</strong>
      </p>
      <Alert message={actionData?.message} />
      <div className="mt-6">
        <PaymentComponent {...payment} t={t} />
        <noscript>
          <p>{t.paymentNeedsJs}</p>
        </noscript>
      </div>
      <p className="mt-8">
        <a className="underline" href={localePath(locale, '/checkout')}>
          {t.backToCheckout}
        </a>
      </p>
    </div>
  );
}
