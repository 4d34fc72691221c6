import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan, viewerQuery } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import {
  AdminStaffUserCreateDocument,
  AdminStaffUserDeleteDocument,
  AdminStaffUserDocument,
  AdminStaffUserUpdateDocument,
} from '../../generated/graphql';
import { DeleteButton } from '../../resource/detail-frame';
import { SettingsNav } from './nav';
import { staffName } from './staff';
import { StaffForm, type StaffValues } from './staff-form';

const route = getRouteApi('/_app/settings/staff/$userId');

/** Empty names are cleared (null); an empty password on an edit keeps the current one. */
const inputOf = (v: StaffValues) => ({
  email: v.email,
  firstName: v.firstName || null,
  lastName: v.lastName || null,
  role: v.role,
  active: v.active,
  ...(v.password ? { password: v.password } : {}),
});

export function NewStaffUserScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <p>
        <Link to="/settings/staff" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Staff
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New staff user</h1>
      <SettingsNav />
      <StaffForm
        readOnly={!can('users.manage')}
        onSave={async (values) => {
          const { adminUserCreate } = await gql(AdminStaffUserCreateDocument, {
            input: { ...inputOf(values), password: values.password },
          });
          await queryClient.invalidateQueries({ queryKey: ['staff'] });
          await navigate({ to: '/settings/staff/$userId', params: { userId: adminUserCreate.id } });
        }}
      />
    </>
  );
}

/** A staff user: details and role (Save), deactivate or reactivate, delete. Nobody changes their own account here. */
export function StaffUserScreen() {
  const { userId } = route.useParams();
  const can = useCan();
  const { data: viewer } = useQuery(viewerQuery);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>();
  const query = useQuery({
    queryKey: ['staff-user', userId],
    queryFn: () => gql(AdminStaffUserDocument, { id: userId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const user = query.data.adminUser;
  const manage = can('users.manage') && viewer?.id !== user.id;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['staff'] });
    await queryClient.invalidateQueries({ queryKey: ['staff-user', userId] });
  };
  async function setActive(active: boolean) {
    setError(undefined);
    try {
      await gql(AdminStaffUserUpdateDocument, { id: userId, input: { active } });
      await refresh();
    } catch (e) {
      setError(e);
    }
  }
  async function remove() {
    setError(undefined);
    try {
      await gql(AdminStaffUserDeleteDocument, { id: userId });
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      await navigate({ to: '/settings/staff', search: { page: 1 } });
    } catch (e) {
      setError(e);
    }
  }

  return (
    <>
      <p>
        <Link to="/settings/staff" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Staff
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{staffName(user)}</h1>
        {manage && (
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setActive(!user.active)}>
              {user.active ? 'Deactivate' : 'Activate'}
            </Button>
            <DeleteButton
              what="this staff user"
              description={`${user.email} can no longer sign in, and the account is removed.`}
              onConfirm={remove}
            />
          </div>
        )}
      </div>
      <SettingsNav />
      <p className="text-sm">Status: {user.active ? 'Active' : 'Deactivated'}</p>
      <ActionError error={error} />
      <StaffForm
        key={`${user.id}/${user.active}`}
        user={user}
        readOnly={!manage}
        onSave={async (values) => {
          await gql(AdminStaffUserUpdateDocument, { id: userId, input: inputOf(values) });
          await refresh();
        }}
      />
    </>
  );
}
