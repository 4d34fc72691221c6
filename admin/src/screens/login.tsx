import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { gql } from '../api/client';
import { ApiError, describeError } from '../api/errors';
import { isStaff, viewerQuery } from '../api/session';
import { Field } from '../components/ui/field';
import { FormFailure } from '../components/ui/form-failure';
import { SubmitButton } from '../components/ui/submit-button';
import { AdminLoginDocument, AdminLogoutDocument } from '../generated/graphql';
import { z } from '../lib/zod';

const route = getRouteApi('/login');

const schema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.'),
  password: z.string().min(1, 'Enter your password.'),
});
type Values = z.infer<typeof schema>;

/** `navigate({ href })` takes the browser's path (under /admin); the router's own locations omit it. */
const withBasepath = (href: string) => (href === '/admin' || href.startsWith('/admin/') ? href : `/admin${href}`);

const CUSTOMER_REFUSED =
  'This is a customer account. The admin dashboard is for staff accounts: sign in with a staff email.';

/**
 * Sign-in through the service's cookie session: `login(cookie: true)` sets the HttpOnly cookies and the
 * answer's tokens are not even selected. A customer's credentials also pass `login`, so the session is checked
 * and a customer's is ended at once.
 */
export function LoginScreen() {
  const { redirect, reason } = route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await gql(AdminLoginDocument, { input: values });
      const viewer = await queryClient.fetchQuery({ ...viewerQuery, staleTime: 0 });
      if (!isStaff(viewer)) {
        await gql(AdminLogoutDocument).catch(() => undefined);
        queryClient.setQueryData(viewerQuery.queryKey, null);
        setFailure(CUSTOMER_REFUSED);
        return;
      }
      // Back to where the session ended (an in-app path only: never a redirect off the dashboard).
      if (redirect?.startsWith('/') && !redirect.startsWith('//'))
        await router.navigate({ href: withBasepath(redirect) } as Parameters<typeof router.navigate>[0]);
      else await router.navigate({ to: '/' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_credentials')
        setFailure('The email or password is wrong.');
      else if (error instanceof ApiError && error.code === 'account_locked')
        setFailure('Too many failed attempts: this account is locked for a while. Try again later.');
      else setFailure(describeError(error));
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <form onSubmit={onSubmit} noValidate className="w-full max-w-sm space-y-4 rounded-lg bg-white p-6 shadow">
        <h1 className="text-2xl font-semibold">Sign in</h1>
        {reason === 'expired' && <p className="text-sm text-slate-700">Your session has ended. Sign in again.</p>}
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormFailure>{failure}</FormFailure>
        <SubmitButton pending={isSubmitting}>Sign in</SubmitButton>
        <p className="text-sm">
          <Link to="/forgot-password" className="text-blue-700 underline">
            Forgot password?
          </Link>
        </p>
      </form>
    </main>
  );
}
