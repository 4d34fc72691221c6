import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';

import { useCan, viewerQuery } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import type { AdminStaffUserFragment } from '../../generated/graphql';
import { DetailFrame, Loaded } from '../../resource/detail-frame';
import { SettingsNav } from './nav';
import { staff, staffName } from './staff';
import { StaffForm, type StaffValues } from './staff-form';

const route = getRouteApi('/_app/settings/staff/$userId');
const back = { label: 'Staff', to: '/settings/staff' } as const;

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
  const create = staff.useCreate();
  return (
    <DetailFrame
      back={back}
      title="New staff user"
      nav={<SettingsNav />}
      requires={{ permission: 'users.manage', action: 'manage staff users' }}
    >
      <StaffForm
        readOnly={!can('users.manage')}
        onSave={async (values) => {
          const { id } = await create.mutateAsync({ ...inputOf(values), password: values.password });
          await navigate({ to: '/settings/staff/$userId', params: { userId: id } });
        }}
      />
    </DetailFrame>
  );
}

/** A staff user: details and role (Save), deactivate or reactivate, delete. Nobody changes their own account here. */
export function StaffUserScreen() {
  const { userId } = route.useParams();
  return <Loaded query={staff.useDetail(userId)}>{(user) => <StaffUser user={user} />}</Loaded>;
}

function StaffUser({ user }: { user: AdminStaffUserFragment }) {
  const can = useCan();
  const { data: viewer } = useQuery(viewerQuery);
  const navigate = useNavigate();
  const update = staff.useUpdate(user.id);
  // Its own mutation: a failed save is the form's to show, a failed (de)activation this button's.
  const setActive = staff.useUpdate(user.id);
  const remove = staff.useRemove(user.id);
  const manage = can('users.manage') && viewer?.id !== user.id;
  return (
    <DetailFrame
      back={back}
      title={staffName(user)}
      nav={<SettingsNav />}
      actions={
        manage && (
          <Button variant="outline" onClick={() => setActive.mutate({ active: !user.active })}>
            {user.active ? 'Deactivate' : 'Activate'}
          </Button>
        )
      }
      remove={
        manage
          ? {
              permission: 'users.manage',
              what: 'this staff user',
              description: `${user.email} can no longer sign in, and the account is removed.`,
              run: async () => {
                await remove.mutateAsync();
                await navigate({ to: '/settings/staff', search: { page: 1 } });
              },
            }
          : undefined
      }
    >
      <p className="text-sm">Status: {user.active ? 'Active' : 'Deactivated'}</p>
      <ActionError error={setActive.error} />
      <StaffForm
        key={`${user.id}/${user.active}`}
        user={user}
        readOnly={!manage}
        onSave={(values) => update.mutateAsync(inputOf(values))}
      />
    </DetailFrame>
  );
}
