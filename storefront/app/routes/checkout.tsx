import { type FormEvent, useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';

import { Alert } from '../components/alert';
import { Field } from '../components/field';
import { Totals } from '../components/totals';
import {
  type CheckoutQuoteInput,
  StorefrontCheckoutPageDocument,
  StorefrontCheckoutQuoteDocument,
} from '../generated/graphql';
import { ApiError, isShopperError } from '../lib/api.server';
import { type CheckoutForm, COUNTRIES, missingFields, nameIn, readCheckoutForm } from '../lib/checkout';
import { attemptKey, placeOrder } from '../lib/checkout.server';
import { formatMoney, type Locale, localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, type PageContext, pageContext } from '../lib/page.server';
import { sessionCookie } from '../lib/session.server';
import type { Route } from './+types/checkout';

/**
 * The methods this checkout offers: those without an online provider (`provider` empty: invoice, cash on delivery),
 * whose order is placed at once, and payprov's card payments, paid first on the pay step (routes/pay.tsx).
 */
const offered = (m: { provider: string }) => m.provider === '' || m.provider === 'payprov';

async function loadPage(ctx: PageContext) {
  if (!ctx.session.cartId) throw redirect(localePath(ctx.locale, '/cart'));
  const page = await gql(StorefrontCheckoutPageDocument, { cartId: ctx.session.cartId }, callerOf(ctx)).catch(
    (err: unknown) => {
      if (err instanceof ApiError && err.code === 'not_found') throw redirect(localePath(ctx.locale, '/cart'));
      throw err;
    },
  );
  if (page.cart.items.length === 0) throw redirect(localePath(ctx.locale, '/cart'));
  const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;
  const shipping = [...page.storeShippingMethods].sort(byPosition).map((m) => ({
    id: m.id,
    name: nameIn(m.translations, ctx.locale),
    priceGross: m.priceGross,
  }));
  const payment = [...page.storePaymentMethods]
    .filter(offered)
    .sort(byPosition)
    .map((m) => ({ id: m.id, name: nameIn(m.translations, ctx.locale), card: m.provider === 'payprov' }));
  return { cart: page.cart, shipping, payment };
}

/** The quote's totals for the cart and a shipping method: what the order will cost, computed by the service. */
async function quote(ctx: PageContext, shippingMethodId: string) {
  const input: CheckoutQuoteInput = { cartId: ctx.session.cartId!, shippingMethodId };
  return (await gql(StorefrontCheckoutQuoteDocument, { input }, callerOf(ctx))).checkoutQuote;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = pageContext({ request, params, context });
  const page = await loadPage(ctx);
  const wanted = new URL(request.url).searchParams.get('shipping');
  const shippingMethodId = page.shipping.find((m) => m.id === wanted)?.id ?? page.shipping[0]?.id ?? '';
  const form: CheckoutForm = {
    email: ctx.session.email ?? '',
    firstName: '',
    lastName: '',
    street: '',
    city: '',
    zip: '',
    countryCode: ctx.locale === 'de' ? 'DE' : '',
    shippingMethodId,
    paymentMethodId: page.payment[0]?.id ?? '',
  };
  const totals = shippingMethodId ? await quote(ctx, shippingMethodId) : null;
  return data(
    { locale: ctx.locale, ...page, form, totals, errors: {} as Record<string, string>, message: '' },
    { headers: { 'cache-control': 'private, no-store' } },
  );
}

/**
 * `intent=quote` shows the totals for the chosen shipping method (the form keeps what was typed); `intent=place`
 * places the order and goes to the confirmation. Without JavaScript both are plain form posts.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = pageContext({ request, params, context });
  const t = messagesFor(ctx.locale);
  const page = await loadPage(ctx);
  const posted = await request.formData();
  const form = readCheckoutForm(posted);
  if (!page.shipping.some((m) => m.id === form.shippingMethodId)) form.shippingMethodId = page.shipping[0]?.id ?? '';
  const totals = form.shippingMethodId ? await quote(ctx, form.shippingMethodId) : null;
  const answer = (errors: Record<string, string>, message: string, status = 200) =>
    data({ locale: ctx.locale, ...page, form, totals, errors, message }, { status });
  if (posted.get('intent') !== 'place') return answer({}, '');
  const errors = missingFields(form, t);
  if (!page.payment.some((m) => m.id === form.paymentMethodId)) errors.paymentMethodId = t.required;
  if (Object.keys(errors).length) return answer(errors, t.fixErrors, 400);
  const method = page.payment.find((m) => m.id === form.paymentMethodId)!;
  if (method.card) {
    // Pay first: the intent for the quote's total is made (again, idempotently) on the pay step; the form waits in
    // the session until the card is confirmed.
    if (!totals) return answer({ shippingMethodId: t.required }, t.fixErrors, 400);
    const session = {
      ...ctx.session,
      pendingPayment: { form, key: attemptKey(page.cart, form), amount: totals.total, currency: totals.currency },
    };
    return redirect(localePath(ctx.locale, '/checkout/pay'), { headers: { 'set-cookie': sessionCookie(session) } });
  }
  try {
    return await placeOrder(ctx, form, attemptKey(page.cart, form));
  } catch (err) {
    if (!isShopperError(err)) throw err;
    const field = err.field && err.field in form ? err.field : undefined;
    const message = err.code === 'insufficient_stock' ? t.notInStock : err.message;
    return answer(field ? { [field]: err.message } : {}, message, 422);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = (matches[0]?.loaderData as { shopName?: string } | undefined)?.shopName ?? '';
  const t = messagesFor(loaderData?.locale ?? 'en');
  return [{ title: `${t.checkout} · ${shop}` }, { name: 'robots', content: 'noindex' }];
};

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const { locale, cart, shipping, payment, form, totals, errors, message } = view;
  const t = messagesFor(locale);
  const busy = useNavigation().state !== 'idle';
  // A card method pays on the next step: its button says so ("Pay"); the others place the order at once.
  const [picked, setPicked] = useState(form.paymentMethodId);
  const card = payment.find((m) => m.id === picked)?.card ?? false;
  return (
    <>
      <h1 className="text-3xl font-semibold">{t.checkout}</h1>
      <Alert message={message} />
      <Form method="post" className="mt-6 grid gap-10 md:grid-cols-[1fr_20rem]" noValidate>
        <div className="flex flex-col gap-8">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-xl font-semibold">{t.contact}</legend>
            <Field
              name="email"
              label={t.email}
              type="email"
              autoComplete="email"
              value={form.email}
              error={errors.email}
            />
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-xl font-semibold">{t.address}</legend>
            <Field
              name="firstName"
              label={t.firstName}
              autoComplete="given-name"
              value={form.firstName}
              error={errors.firstName}
            />
            <Field
              name="lastName"
              label={t.lastName}
              autoComplete="family-name"
              value={form.lastName}
              error={errors.lastName}
            />
            <Field
              name="street"
              label={t.street}
              autoComplete="address-line1"
              value={form.street}
              error={errors.street}
              wide
            />
            <Field name="zip" label={t.postalCode} autoComplete="postal-code" value={form.zip} error={errors.zip} />
            <Field name="city" label={t.city} autoComplete="address-level2" value={form.city} error={errors.city} />
            <CountrySelect locale={locale} value={form.countryCode} error={errors.countryCode} label={t.country} />
          </fieldset>
          <Choice
            legend={t.shippingMethod}
            name="shippingMethodId"
            value={form.shippingMethodId}
            error={errors.shippingMethodId}
            options={shipping.map((m) => ({
              id: m.id,
              label: `${m.name} (${formatMoney(m.priceGross, cart.currency, locale)})`,
            }))}
            submitOnChange
          />
          <Choice
            legend={t.paymentMethod}
            name="paymentMethodId"
            value={form.paymentMethodId}
            error={errors.paymentMethodId}
            options={payment.map((m) => ({ id: m.id, label: m.name }))}
            onPick={setPicked}
          />
        </div>
        <aside aria-labelledby="summary-heading" className="h-fit rounded border border-stone-200 p-4">
          <h2 id="summary-heading" className="text-xl font-semibold">
            {t.summary}
          </h2>
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {cart.items.map((i) => (
              <li key={i.id} className="flex justify-between gap-2">
                <span>
                  {i.quantity} × {i.name}
                </span>
                <span>{formatMoney(i.lineTotalGross, cart.currency, locale)}</span>
              </li>
            ))}
          </ul>
          {totals && <Totals totals={totals} locale={locale} taxLabel={t.tax} />}
          <noscript>
            <button
              type="submit"
              name="intent"
              value="quote"
              className="mt-4 w-full rounded border border-stone-400 px-3 py-2"
            >
              {t.updateTotals}
            </button>
          </noscript>
          <button
            type="submit"
            name="intent"
            value="place"
            disabled={busy}
            className="mt-4 w-full rounded bg-brand-700 px-4 py-3 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {card ? t.pay : t.placeOrder}
          </button>
        </aside>
      </Form>
    </>
  );
}

function CountrySelect({
  locale,
  value,
  error,
  label,
}: {
  locale: Locale;
  value: string;
  error?: string;
  label: string;
}) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const options = COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
  return (
    <div className="flex flex-col">
      <label htmlFor="countryCode" className="text-sm font-medium">
        {label}
      </label>
      <select
        id="countryCode"
        name="countryCode"
        defaultValue={value}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'countryCode-error' : undefined}
        className="rounded border border-stone-400 px-2 py-2"
      >
        <option value="">—</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      {error && (
        <p id="countryCode-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A radio group; `submitOnChange` asks for new totals at once when JavaScript runs (else "Update totals"). */
/** Resubmits the checkout form as a fresh quote: a changed shipping method changes the totals shown. */
function requote(e: FormEvent<HTMLFieldSetElement>) {
  const form = e.currentTarget.form;
  if (!form) return;
  const intent = document.createElement('input');
  Object.assign(intent, { type: 'hidden', name: 'intent', value: 'quote' });
  form.append(intent);
  form.requestSubmit();
  intent.remove();
}

function Choice(props: {
  legend: string;
  name: string;
  value: string;
  error?: string;
  options: { id: string; label: string }[];
  submitOnChange?: boolean;
  onPick?: (id: string) => void;
}) {
  const { onPick } = props;
  let onChange: ((e: FormEvent<HTMLFieldSetElement>) => void) | undefined;
  if (onPick) onChange = (e) => onPick((e.target as HTMLInputElement).value);
  else if (props.submitOnChange) onChange = requote;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={props.error ? `${props.name}-error` : undefined}
      onChange={onChange}
    >
      <legend className="mb-2 text-xl font-semibold">{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.id} className="flex items-center gap-2">
          <input type="radio" name={props.name} value={o.id} defaultChecked={o.id === props.value} />
          {o.label}
        </label>
      ))}
      {props.error && (
        <p id={`${props.name}-error`} className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
