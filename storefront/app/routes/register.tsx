import { data, Form, redirect, useNavigation } from 'react-router';

import { Alert } from '../components/alert';
import { Field } from '../components/field';
import { StorefrontRegisterDocument } from '../generated/graphql';
import { gql, isShopperError } from '../lib/api.server';
import { signIn } from '../lib/auth.server';
import { localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { pageContext } from '../lib/page.server';
import { sessionCookie } from '../lib/session.server';
import type { Route } from './+types/register';

export function loader(args: Route.LoaderArgs) {
  const ctx = pageContext(args);
  if (ctx.session.accessToken) throw redirect(localePath(ctx.locale, '/account'));
  return { locale: ctx.locale };
}

/** Creates the account and signs the new customer in (their guest cart comes along). */
export async function action(args: Route.ActionArgs) {
  const ctx = pageContext(args);
  const t = messagesFor(ctx.locale);
  const form = await args.request.formData();
  const get = (k: string) =>
    String(form.get(k) ?? '')
      .trim()
      .slice(0, 320);
  const input = {
    email: get('email'),
    firstName: get('firstName'),
    lastName: get('lastName'),
    password: String(form.get('password') ?? '').slice(0, 1024),
  };
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) if (!v) errors[k] = t.required;
  if (Object.keys(errors).length)
    return data({ message: t.fixErrors, errors, input: { ...input, password: '' } }, { status: 400 });
  try {
    await gql(StorefrontRegisterDocument, { input }, { locale: ctx.locale });
    const session = await signIn(ctx.session, ctx.locale, input.email, input.password);
    return redirect(localePath(ctx.locale, '/account'), { headers: { 'set-cookie': sessionCookie(session) } });
  } catch (err) {
    if (!isShopperError(err)) throw err;
    const message = err.code === 'email_taken' ? t.emailTaken : err.message;
    const field = err.code === 'email_taken' ? 'email' : (err.field ?? '');
    return data(
      { message, errors: field in input ? { [field]: message } : {}, input: { ...input, password: '' } },
      { status: err.code === 'email_taken' ? 409 : 422 },
    );
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: messagesFor(loaderData?.locale ?? 'en').createAccount },
  { name: 'robots', content: 'noindex' },
];

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const t = messagesFor(locale);
  const busy = useNavigation().state !== 'idle';
  const errors: Record<string, string> = actionData?.errors ?? {};
  const input = actionData?.input;
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="text-3xl font-semibold">{t.createAccount}</h1>
      <Alert message={actionData?.message} />
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <Field
          name="firstName"
          label={t.firstName}
          autoComplete="given-name"
          value={input?.firstName ?? ''}
          error={errors.firstName}
        />
        <Field
          name="lastName"
          label={t.lastName}
          autoComplete="family-name"
          value={input?.lastName ?? ''}
          error={errors.lastName}
        />
        <Field
          name="email"
          label={t.email}
          type="email"
          autoComplete="email"
          value={input?.email ?? ''}
          error={errors.email}
        />
        <Field
          name="password"
          label={t.password}
          type="password"
          autoComplete="new-password"
          value=""
          error={errors.password}
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t.createAccount}
        </button>
      </Form>
      <p className="mt-6">
        <a className="underline" href={localePath(locale, '/account/sign-in')}>
          {t.signIn}
        </a>
      </p>
    </div>
  );
}
