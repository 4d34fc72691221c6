import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { gql } from '../api/client';
import { Field } from '../components/ui/field';
import { FormFailure } from '../components/ui/form-failure';
import { SubmitButton } from '../components/ui/submit-button';
import { AdminPasswordResetRequestDocument } from '../generated/graphql';
import { z } from '../lib/zod';
import { describePublicError, PublicCard } from './account-public';

const schema = z.object({ email: z.string().trim().email('Enter an email address such as name@example.com.') });
type Values = z.infer<typeof schema>;

/**
 * "Forgot password?": asks the service to email a reset link. The answer is the same whether or not a staff
 * account has this email (contract §11: nothing to enumerate), and so is what this screen says.
 */
export function ForgotPasswordScreen() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await gql(AdminPasswordResetRequestDocument, { input: values });
      setSent(true);
    } catch (error) {
      setFailure(describePublicError(error));
    }
  });

  return (
    <PublicCard title="Reset your password">
      {sent ? (
        <p role="status" className="text-sm text-slate-800">
          If a staff account has this email address, an email with a link to set a new password is on its way.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">Enter your email address and we will send you a reset link.</p>
          <Field
            label="Email"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormFailure>{failure}</FormFailure>
          <SubmitButton pending={isSubmitting}>Send reset link</SubmitButton>
        </form>
      )}
      <p className="text-sm">
        <Link to="/login" className="text-blue-700 underline">
          Back to sign in
        </Link>
      </p>
    </PublicCard>
  );
}
