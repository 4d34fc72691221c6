import { data, Form, useNavigation } from 'react-router';

import { Field } from '../components/field';
import { StorefrontForgotPasswordDocument } from '../generated/graphql';
import { gql, isShopperError } from '../lib/api.server';
import { messagesFor } from '../lib/messages';
import { pageContext } from '../lib/page.server';
import type { Route } from './+types/forgot-password';

export function loader(args: Route.LoaderArgs) {
  return { locale: pageContext(args).locale };
}

/**
 * Asks the service to email a reset link. The answer is the same whether or not the address has an account (the
 * service's rule), and the link opens the service's own reset page.
 */
export async function action(args: Route.ActionArgs) {
  const ctx = pageContext(args);
  const t = messagesFor(ctx.locale);
  const email = String((await args.request.formData()).get('email') ?? '')
    .trim()
    .slice(0, 320);
  if (!email) return data({ ok: false, message: t.required }, { status: 400 });
  try {
    await gql(StorefrontForgotPasswordDocument, { input: { email } }, { locale: ctx.locale, requestId: ctx.requestId });
    return { ok: true, message: t.resetSent };
  } catch (err) {
    if (!isShopperError(err)) throw err;
    return data({ ok: false, message: err.code === 'rate_limited' ? t.tooMany : err.message }, { status: 422 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: messagesFor(loaderData?.locale ?? 'en').forgotPassword },
  { name: 'robots', content: 'noindex' },
];

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = messagesFor(loaderData.locale);
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="text-3xl font-semibold">{t.forgotPassword}</h1>
      <p role="status" className={`mt-4 ${actionData?.ok === false ? 'text-red-700' : 'text-green-800'}`}>
        {actionData?.message}
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <Field name="email" label={t.email} type="email" autoComplete="email" value="" />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t.sendResetLink}
        </button>
      </Form>
    </div>
  );
}
