import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { gql } from '../api/client';
import { ApiError } from '../api/errors';
import { isStaff, viewerQuery } from '../api/session';
import { Field } from '../components/ui/field';
import { FormFailure } from '../components/ui/form-failure';
import { SubmitButton } from '../components/ui/submit-button';
import { AdminInviteAcceptDocument } from '../generated/graphql';
import { z } from '../lib/zod';
import { describePublicError, passwordFieldError, PublicCard, useFragmentToken } from './account-public';

const schema = z.object({
  firstName: z.string().trim().max(255),
  lastName: z.string().trim().max(255),
  password: z.string().min(8, 'At least 8 characters.').max(128, 'At most 128 characters.'),
});
type Values = z.infer<typeof schema>;

/**
 * The page of an invite email's link (`/admin/accept-invite#token=…`): the invitee chooses a password and the
 * service creates the staff account with the invite's role. It signs in as the sign-in screen does (the HttpOnly
 * cookies of `cookie: true`; no token reaches this script), so the new staff member lands on the dashboard.
 */
export function AcceptInviteScreen() {
  const token = useFragmentToken();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const [signInInstead, setSignInInstead] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await gql(AdminInviteAcceptDocument, {
        input: {
          token: token ?? '',
          password: values.password,
          firstName: values.firstName || undefined,
          lastName: values.lastName || undefined,
        },
      });
      const viewer = await queryClient.fetchQuery({ ...viewerQuery, staleTime: 0 });
      if (isStaff(viewer)) await router.navigate({ to: '/' });
      else setSignInInstead(true);
    } catch (error) {
      const fieldError = passwordFieldError(error);
      if (fieldError) form.setError('password', { type: 'server', message: fieldError }, { shouldFocus: true });
      else if (error instanceof ApiError && error.code === 'email_taken')
        setFailure('A staff account with this email exists already: sign in with it.');
      else setFailure(describePublicError(error));
    }
  });

  return (
    <PublicCard title="Join the staff">
      {signInInstead ? (
        <p role="status" className="text-sm text-slate-800">
          Your account is created. Sign in with your email and this password.
        </p>
      ) : !token ? (
        <p role="alert" className="text-sm text-red-700">
          This link is incomplete. Open the link from the invitation email again, or ask for a new invitation.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="8 to 128 characters, not one of the most common passwords."
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormFailure>{failure}</FormFailure>
          <SubmitButton pending={isSubmitting}>Create account</SubmitButton>
        </form>
      )}
      <p className="text-sm">
        <Link to="/login" className="text-blue-700 underline">
          Sign in
        </Link>
      </p>
    </PublicCard>
  );
}
