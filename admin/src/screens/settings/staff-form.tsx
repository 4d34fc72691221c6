import type { AdminRole, AdminStaffUserFragment } from '../../generated/graphql';
import { z } from '../../lib/zod';
import type { FieldSpec } from '../../resource/fields';
import { ResourceForm } from '../../resource/form';

export const ROLE_LABELS: Record<AdminRole, string> = {
  SUPER_ADMIN: 'Super admin (everything, staff included)',
  ADMIN: 'Admin (everything but staff)',
  MANAGER: 'Manager (catalog, orders and stock; reads the rest)',
  VIEWER: 'Viewer (reads everything, changes nothing)',
};
const ROLES = Object.keys(ROLE_LABELS) as AdminRole[];

const base = {
  email: z.string().trim().email('An email address.'),
  firstName: z.string().trim(),
  lastName: z.string().trim(),
  role: z.enum(ROLES as [AdminRole, ...AdminRole[]]),
  active: z.boolean(),
};
const createSchema = z.object({
  ...base,
  password: z.string().min(8, 'At least 8 characters.').max(128, 'At most 128 characters.'),
});
const editSchema = z.object({
  ...base,
  password: z.union([z.literal(''), z.string().min(8, 'At least 8 characters.').max(128, 'At most 128 characters.')]),
});
export type StaffValues = z.infer<typeof editSchema>;

const fields = (creating: boolean): FieldSpec<StaffValues>[] => [
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'role', label: 'Role', kind: 'select', options: ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })) },
  {
    name: 'password',
    label: creating ? 'Password' : 'New password',
    kind: 'password',
    hint: creating ? '8 to 128 characters; tell it to the person.' : 'Leave empty to keep the current one.',
  },
  { name: 'active', label: 'Active (may sign in)', kind: 'checkbox' },
];

/** A staff user's form; creating asks for a first password, editing may set a new one. */
export function StaffForm(props: {
  user?: AdminStaffUserFragment;
  readOnly: boolean;
  onSave: (values: StaffValues) => Promise<unknown>;
}) {
  const u = props.user;
  return (
    <ResourceForm<StaffValues>
      schema={(u ? editSchema : createSchema) as z.ZodType<StaffValues>}
      initial={{
        email: u?.email ?? '',
        firstName: u?.firstName ?? '',
        lastName: u?.lastName ?? '',
        role: u?.role ?? 'MANAGER',
        active: u?.active ?? true,
        password: '',
      }}
      fields={fields(!u)}
      readOnly={props.readOnly}
      onSave={props.onSave}
    />
  );
}
