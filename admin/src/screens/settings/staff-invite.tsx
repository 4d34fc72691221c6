import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';

import { gql } from '../../api/client';
import { ApiError, describeError } from '../../api/errors';
import { useCan } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminRole, AdminStaffInviteDocument } from '../../generated/graphql';
import { z } from '../../lib/zod';
import { SelectField } from '../../resource/fields';
import { placeServerErrors } from '../../resource/server-errors';
import { FormDialog } from '../orders/dialog';
import { ROLE_LABELS } from './staff-form';
import { pendingInvitesKey } from './staff-pending-invites';

const ROLES = Object.keys(ROLE_LABELS) as AdminRole[];
const schema = z.object({
  email: z.string().trim().email('Enter an email address such as name@example.com.'),
  role: z.enum(ROLES as [AdminRole, ...AdminRole[]]),
});
type Values = z.infer<typeof schema>;

/**
 * "Invite staff" (needs `users.manage`): the service emails a single-use link to `/admin/accept-invite`, where the
 * invitee chooses their own password, so nobody has to pass a password on. The sentence that the invite was sent
 * stays on the staff screen after the dialog closes; an email that is staff already is said in the dialog.
 */
export function InviteStaff() {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string>();
  const triggerId = useId();
  const queryClient = useQueryClient();
  if (!can('users.manage')) return null;

  const close = () => {
    setOpen(false);
    // The dialog unmounts first; then focus goes back to the button that opened it.
    requestAnimationFrame(() => document.getElementById(triggerId)?.focus());
  };

  return (
    <>
      {sent && (
        <p role="status" className="self-center text-sm text-green-800">
          Invite sent to {sent}.
        </p>
      )}
      <Button
        id={triggerId}
        onClick={() => {
          setSent(undefined);
          setOpen(true);
        }}
      >
        Invite staff
      </Button>
      {open && (
        <InviteDialog
          onClose={close}
          onSent={(email) => {
            setSent(email);
            void queryClient.invalidateQueries({ queryKey: pendingInvitesKey });
            close();
          }}
        />
      )}
    </>
  );
}

function InviteDialog({ onClose, onSent }: { onClose: () => void; onSent: (email: string) => void }) {
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', role: 'MANAGER' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const { adminUserInvite } = await gql(AdminStaffInviteDocument, { input: values });
      onSent(adminUserInvite.email);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'conflict' || error.code === 'email_taken')) {
        form.setError(
          'email',
          { type: error.code, message: 'This email already belongs to a staff account.' },
          { shouldFocus: true },
        );
        return;
      }
      const rest = placeServerErrors(error, form.setError, ['email', 'role']);
      if (rest) setFailure(describeError(rest));
    }
  });

  return (
    <FormDialog title="Invite staff" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          They receive an email with a link to choose their password. The link works once, for 7 days.
        </p>
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField label="Role" error={errors.role?.message} {...form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            Send invite
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
