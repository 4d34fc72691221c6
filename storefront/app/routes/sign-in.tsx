import { data, Form, redirect, useNavigation } from 'react-router';

import { Alert } from '../components/alert';
import { Field } from '../components/field';
import { isShopperError } from '../lib/api.server';
import { signIn } from '../lib/auth.server';
import { localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { pageContext } from '../lib/page.server';
import { sessionCookie } from '../lib/session.server';
import type { Route } from './+types/sign-in';

export function loader(args: Route.LoaderArgs) {
  const ctx = pageContext(args);
  if (ctx.session.accessToken) throw redirect(localePath(ctx.locale, '/account'));
  return { locale: ctx.locale, back: new URL(args.request.url).searchParams.get('back') ?? '' };
}

/** Signs in, carries the cart over (lib/auth.server.ts) and goes to the account (or back where the shopper was). */
export async function action(args: Route.ActionArgs) {
  const ctx = pageContext(args);
  const t = messagesFor(ctx.locale);
  const form = await args.request.formData();
  const email = String(form.get('email') ?? '')
    .trim()
    .slice(0, 320);
  const password = String(form.get('password') ?? '').slice(0, 1024);
  if (!email || !password) return data({ message: t.signInFailed, email }, { status: 400 });
  try {
    const session = await signIn(ctx.session, ctx.locale, email, password);
    const back = String(form.get('back') ?? '');
    const target = back.startsWith('/') && !back.startsWith('//') ? back : localePath(ctx.locale, '/account');
    return redirect(target, { headers: { 'set-cookie': sessionCookie(session) } });
  } catch (err) {
    if (!isShopperError(err)) throw err;
    const message =
      err.code === 'account_locked' ? t.accountLocked : err.code === 'rate_limited' ? t.tooMany : t.signInFailed;
    return data({ message, email }, { status: err.code === 'rate_limited' ? 429 : 401 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: messagesFor(loaderData?.locale ?? 'en').signIn },
  { name: 'robots', content: 'noindex' },
];

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const t = messagesFor(locale);
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="text-3xl font-semibold">{t.signIn}</h1>
      <Alert message={actionData?.message} />
      <Form method="post" className="mt-6 flex flex-col gap-4">
        <input type="hidden" name="back" value={loaderData.back} />
        <Field name="email" label={t.email} type="email" autoComplete="email" value={actionData?.email ?? ''} />
        <Field name="password" label={t.password} type="password" autoComplete="current-password" value="" />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t.signIn}
        </button>
      </Form>
      <p className="mt-6 flex justify-between">
        <a className="underline" href={localePath(locale, '/account/register')}>
          {t.createAccount}
        </a>
        <a className="underline" href={localePath(locale, '/account/forgot-password')}>
          {t.forgotPassword}
        </a>
      </p>
    </div>
  );
}
