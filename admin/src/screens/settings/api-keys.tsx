import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan, viewerQuery } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import {
  AdminApiKeyCreateDocument,
  AdminApiKeyDeleteDocument,
  AdminApiKeysDocument,
  type AdminApiKeysQuery,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { z } from '../../lib/zod';
import { textColumn } from '../../resource/columns';
import { DeleteButton } from '../../resource/detail-frame';
import type { FieldSpec } from '../../resource/fields';
import { ResourceForm } from '../../resource/form';
import { keys } from '../../resource/keys';
import { ListPage, useListSearch } from '../../resource/list-page';
import { defineResource, useSaveMutation } from '../../resource/resource';
import { SettingsNav } from './nav';

type Row = AdminApiKeysQuery['apiKeys']['items'][number];

/** The signed-in person's API keys: listed, created (the secret comes back once), revoked. */
const apiKeys = defineResource({
  keys: keys.apiKeys,
  list: AdminApiKeysDocument,
  create: AdminApiKeyCreateDocument,
});

const columns = (revoke: (row: Row) => Promise<unknown>, manage: boolean) => [
  textColumn('name', 'Name', (k: Row) => <span className="font-medium">{k.name}</span>),
  textColumn('permissions', 'Permissions', (k: Row) => <span className="text-xs">{k.permissions.join(', ')}</span>),
  textColumn('created', 'Created', (k: Row) => dateTime(k.createdAt)),
  textColumn('used', 'Last used', (k: Row) => (k.lastUsedAt ? dateTime(k.lastUsedAt) : 'Never')),
  textColumn(
    'revoke',
    'Action',
    (k: Row) =>
      manage && (
        <DeleteButton
          what={`the key “${k.name}”`}
          description="Integrations using this key stop working at once. This cannot be undone."
          label="Revoke"
          onConfirm={() => void revoke(k)}
        />
      ),
  ),
];

/**
 * The signed-in staff member's API keys: create one with the permissions it may use (a subset of their own), see
 * its secret once in a dialog with a Copy button, revoke. The secret lives only in this component's state while
 * the dialog is open: the list never has it (the service stores a digest), and closing the dialog forgets it.
 */
export function ApiKeysScreen() {
  const { page } = useListSearch();
  const can = useCan();
  const list = apiKeys.useList({ page, limit: 25 });
  const revoke = useSaveMutation({
    mutationFn: (id: string) => gql(AdminApiKeyDeleteDocument, { id }),
    invalidates: [keys.apiKeys.all],
  });
  const manage = can('api_keys.manage');
  return (
    <ListPage
      title="API keys"
      nav={
        <>
          <SettingsNav />
          <p className="text-sm text-slate-700">
            Your active keys. A key acts as you, limited to the permissions it was given; send it as{' '}
            <code>Authorization: ApiKey &lt;key&gt;</code>.
          </p>
          <ActionError error={revoke.error} />
        </>
      }
      caption="API keys"
      columns={columns((k) => revoke.mutateAsync(k.id).catch(() => undefined), manage)}
      query={list}
      empty="No API keys yet."
    >
      {manage && <NewApiKey />}
    </ListPage>
  );
}

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  permissions: z.array(z.string()).min(1, 'Choose at least one permission.'),
});
type Values = z.infer<typeof schema>;

/** The permissions as a group of checkboxes (one form value, a list). */
const fields = (grantable: string[]): FieldSpec<Values>[] => [
  { name: 'name', label: 'Name' },
  {
    kind: 'custom',
    name: 'permissions',
    render: ({ form, id, error }) => (
      <fieldset className="space-y-2" aria-describedby={error('permissions') ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium">Permissions</legend>
        <div className="grid grid-cols-2 gap-1 md:grid-cols-3">
          {grantable.map((p) => (
            <label key={p} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={p} {...form.register('permissions')} />
              {p}
            </label>
          ))}
        </div>
        {error('permissions') && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error('permissions')}
          </p>
        )}
      </fieldset>
    ),
  },
];

/** Grants a person can give: their own admin permissions (the service refuses anything beyond them). */
function NewApiKey() {
  const { data: viewer } = useQuery(viewerQuery);
  const create = apiKeys.useCreate();
  const grantable = (viewer?.permissions ?? []).filter((p) => !p.startsWith('store.'));
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<{ name: string; key: string }>();
  const [copied, setCopied] = useState('');

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.key);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('The browser did not allow copying: select the key and copy it.');
    }
  }

  return (
    <>
      {!open ? (
        <Button onClick={() => setOpen(true)}>New API key</Button>
      ) : (
        <section
          aria-labelledby="new-api-key"
          className="max-w-2xl space-y-4 rounded-md border border-slate-200 bg-white p-4"
        >
          <h2 id="new-api-key" className="text-lg font-semibold">
            New API key
          </h2>
          <ResourceForm
            schema={schema}
            initial={{ name: '', permissions: [] }}
            fields={fields(grantable)}
            readOnly={false}
            onSave={async (v) => {
              const key = await create.mutateAsync({ name: v.name.trim(), permissions: v.permissions });
              setSecret({ name: key.name, key: key.key });
              setCopied('');
              setOpen(false);
            }}
            actions={
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            }
          />
        </section>
      )}
      <AlertDialog.Root open={!!secret} onOpenChange={(o) => !o && setSecret(undefined)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/50" />
          <AlertDialog.Content className="fixed left-1/2 top-1/3 w-[36rem] max-w-[90vw] -translate-x-1/2 space-y-4 rounded-lg bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold">API key “{secret?.name}” created</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-slate-700">
              Copy the key now: it is shown this once and cannot be read again.
            </AlertDialog.Description>
            <label htmlFor="api-key-secret" className="block text-sm font-medium">
              Key
            </label>
            <input
              id="api-key-secret"
              readOnly
              value={secret?.key ?? ''}
              onFocus={(e) => e.target.select()}
              className="block w-full rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-xs"
            />
            <div aria-live="polite" className="text-sm">
              {copied}
            </div>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={copy}>
                Copy
              </Button>
              <AlertDialog.Action asChild>
                <Button>Done</Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
