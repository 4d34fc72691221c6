import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Table, Td, Th } from '../../components/ui/table';
import {
  AdminStaffInviteResendDocument,
  AdminStaffInviteRevokeDocument,
  AdminStaffInvitesDocument,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { DeleteButton } from '../../resource/detail-frame';
import { keys } from '../../resource/keys';
import { useSaveMutation } from '../../resource/resource';
import { ROLE_LABELS } from './staff-form';

/** Under the staff root: an invite sent, resent, revoked or accepted changes this list and the staff list. */
export const pendingInvitesKey = [...keys.staff.all, 'invites'] as const;

/** A shop has a handful of invites out; the first 100 (the API's page bound) are all of them in practice. */
const LIMIT = 100;

/**
 * "Pending invites" of Settings › Staff (needs `users.manage`): the invites whose link still works. Resend mails a
 * fresh link (the old one stops working); Revoke, after a confirmation, voids the link. What happened is said in a
 * status line, so a screen reader hears it too.
 */
export function PendingInvites() {
  const can = useCan();
  const manage = can('users.manage');
  const [done, setDone] = useState<string>();
  const list = useQuery({
    queryKey: pendingInvitesKey,
    queryFn: () => gql(AdminStaffInvitesDocument, { limit: LIMIT }),
    enabled: manage,
  });
  const resend = useSaveMutation({
    mutationFn: (id: string) => gql(AdminStaffInviteResendDocument, { id }),
    invalidates: [pendingInvitesKey],
  });
  const revoke = useSaveMutation({
    mutationFn: (id: string) => gql(AdminStaffInviteRevokeDocument, { id }),
    invalidates: [pendingInvitesKey],
  });
  if (!manage) return null;
  const invites = list.data?.staffInvites.items ?? [];

  return (
    <section aria-labelledby="pending-invites" className="space-y-2">
      <h2 id="pending-invites" className="text-lg font-semibold">
        Pending invites
      </h2>
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
      <ActionError error={list.error ?? resend.error ?? revoke.error} />
      {list.isPending ? (
        <p className="text-sm text-slate-700">Loading…</p>
      ) : !invites.length ? (
        <p className="text-sm text-slate-700">No pending invites.</p>
      ) : (
        <Table>
          <caption className="sr-only">Pending invites</caption>
          <thead>
            <tr>
              <Th>Email</Th>
              <Th>Role</Th>
              <Th>Sent</Th>
              <Th>Link expires</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {invites.map((invite) => (
              <tr key={invite.id}>
                <Td>{invite.email}</Td>
                <Td>{ROLE_LABELS[invite.role]}</Td>
                <Td>{dateTime(invite.createdAt)}</Td>
                <Td>{dateTime(invite.expiresAt)}</Td>
                <Td>
                  <div className="flex justify-end gap-2">
                    <Button
                      variant="outline"
                      aria-label={`Resend the invite to ${invite.email}`}
                      disabled={resend.isPending}
                      onClick={() => {
                        setDone(undefined);
                        resend
                          .mutateAsync(invite.id)
                          .then(() =>
                            setDone(`Invite sent again to ${invite.email}. The earlier link no longer works.`),
                          )
                          .catch(() => undefined);
                      }}
                    >
                      Resend
                    </Button>
                    <DeleteButton
                      what={`the invite to ${invite.email}`}
                      description="The link in the invitation email stops working. You can invite this address again later."
                      label="Revoke"
                      onConfirm={() => {
                        setDone(undefined);
                        revoke
                          .mutateAsync(invite.id)
                          .then(() => setDone(`Invite to ${invite.email} revoked.`))
                          .catch(() => undefined);
                      }}
                    />
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
