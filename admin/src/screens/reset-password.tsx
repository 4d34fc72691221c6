import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { gql } from '../api/client';
import { Field } from '../components/ui/field';
import { FormFailure } from '../components/ui/form-failure';
import { SubmitButton } from '../components/ui/submit-button';
import { AdminPasswordResetConfirmDocument } from '../generated/graphql';
import { z } from '../lib/zod';
import { describePublicError, passwordFieldError, PublicCard, useFragmentToken } from './account-public';

const schema = z.object({
  password: z.string().min(8, 'At least 8 characters.').max(128, 'At most 128 characters.'),
});
type Values = z.infer<typeof schema>;

/**
 * The page of a reset email's link (`/admin/reset-password#token=…`): a new password for the staff account. The
 * service checks the token (unknown, used and expired say the same sentence) and the password rules (the most
 * common passwords included); success ends every session of the account, so the next step is signing in.
 */
export function ResetPasswordScreen() {
  const token = useFragmentToken();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await gql(AdminPasswordResetConfirmDocument, { input: { token: token ?? '', password: values.password } });
      setDone(true);
    } catch (error) {
      const fieldError = passwordFieldError(error);
      if (fieldError) form.setError('password', { type: 'server', message: fieldError }, { shouldFocus: true });
      else setFailure(describePublicError(error));
    }
  });

  return (
    <PublicCard title="Set a new password">
      {done ? (
        <p role="status" className="text-sm text-slate-800">
          Your password is set. Sign in with it.
        </p>
      ) : !token ? (
        <p role="alert" className="text-sm text-red-700">
          This link is incomplete. Open the link from the email again, or ask for a new one.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="8 to 128 characters, not one of the most common passwords."
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormFailure>{failure}</FormFailure>
          <SubmitButton pending={isSubmitting}>Set password</SubmitButton>
        </form>
      )}
      <p className="flex justify-between text-sm">
        <Link to="/login" className="text-blue-700 underline">
          {done ? 'Sign in' : 'Back to sign in'}
        </Link>
        {!done && (
          <Link to="/forgot-password" className="text-blue-700 underline">
            Ask for a new link
          </Link>
        )}
      </p>
    </PublicCard>
  );
}
