import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';

import { gql } from '../../api/client';
import { ApiError, describeError } from '../../api/errors';
import { useCan, viewerQuery } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import {
  AdminApiKeyCreateDocument,
  AdminApiKeyDeleteDocument,
  AdminApiKeysDocument,
  type AdminApiKeysQuery,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { DeleteButton } from '../../resource/detail-frame';
import { PagedTable } from '../../resource/list-page';
import { fieldOfPath } from '../../resource/server-errors';
import { SettingsNav } from './nav';

const route = getRouteApi('/_app/settings/api-keys');
const PAGE_SIZE = 25;
type Row = AdminApiKeysQuery['apiKeys']['items'][number];

/**
 * The signed-in staff member's API keys: create one with the permissions it may use (a subset of their own), see
 * its secret once in a dialog with a Copy button, revoke. The secret lives only in this component's state while
 * the dialog is open: the list never has it (the service stores a digest), and closing the dialog forgets it.
 */
export function ApiKeysScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const [revokeError, setRevokeError] = useState<unknown>();
  const variables = { page: search.page, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['api-keys', variables],
    queryFn: () => gql(AdminApiKeysDocument, variables),
    placeholderData: keepPreviousData,
  });
  const manage = can('api_keys.manage');

  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      {
        id: 'permissions',
        header: 'Permissions',
        cell: ({ row }) => <span className="text-xs">{row.original.permissions.join(', ')}</span>,
      },
      { id: 'created', header: 'Created', cell: ({ row }) => dateTime(row.original.createdAt) },
      {
        id: 'used',
        header: 'Last used',
        cell: ({ row }) => (row.original.lastUsedAt ? dateTime(row.original.lastUsedAt) : 'Never'),
      },
      {
        id: 'revoke',
        header: 'Action',
        cell: ({ row }) =>
          manage && (
            <DeleteButton
              what={`the key “${row.original.name}”`}
              description="Integrations using this key stop working at once. This cannot be undone."
              label="Revoke"
              onConfirm={async () => {
                setRevokeError(undefined);
                try {
                  await gql(AdminApiKeyDeleteDocument, { id: row.original.id });
                  await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
                } catch (error) {
                  setRevokeError(error);
                }
              }}
            />
          ),
      },
    ],
    [manage, queryClient],
  );

  return (
    <>
      <h1 className="text-2xl font-semibold">API keys</h1>
      <SettingsNav />
      <p className="text-sm text-slate-700">
        Your active keys. A key acts as you, limited to the permissions it was given; send it as{' '}
        <code>Authorization: ApiKey &lt;key&gt;</code>.
      </p>
      <ActionError error={revokeError} />
      <PagedTable
        caption="API keys"
        columns={columns}
        query={{ ...list, data: list.data?.apiKeys }}
        empty="No API keys yet."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
      {manage && <NewApiKey />}
    </>
  );
}

/** Grants a person can give: their own admin permissions (the service refuses anything beyond them). */
function NewApiKey() {
  const { data: viewer } = useQuery(viewerQuery);
  const queryClient = useQueryClient();
  const grantable = (viewer?.permissions ?? []).filter((p) => !p.startsWith('store.'));
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; permissions?: string }>({});
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ name: string; key: string }>();
  const [copied, setCopied] = useState('');

  async function create(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(undefined);
    const problems: typeof errors = {};
    if (!name.trim()) problems.name = 'Enter a name.';
    if (chosen.length === 0) problems.permissions = 'Choose at least one permission.';
    if (Object.keys(problems).length) return setErrors(problems);
    setBusy(true);
    try {
      const { apiKeyCreate } = await gql(AdminApiKeyCreateDocument, {
        input: { name: name.trim(), permissions: chosen },
      });
      setSecret({ name: apiKeyCreate.name, key: apiKeyCreate.key });
      setCopied('');
      setName('');
      setChosen([]);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    } catch (error) {
      const placed: typeof errors = {};
      if (error instanceof ApiError && error.kind === 'api')
        for (const entry of error.entries) {
          const field = fieldOfPath(entry.field);
          if (field === 'name' || field === 'permissions') placed[field] = `${entry.detail} (${entry.code})`;
        }
      if (Object.keys(placed).length) setErrors(placed);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  }

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
        <form
          onSubmit={create}
          noValidate
          className="max-w-2xl space-y-4 rounded-md border border-slate-200 bg-white p-4"
        >
          <h2 className="text-lg font-semibold">New API key</h2>
          <Field label="Name" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
          <fieldset
            className="space-y-2"
            aria-describedby={errors.permissions ? 'api-key-permissions-error' : undefined}
          >
            <legend className="text-sm font-medium">Permissions</legend>
            <div className="grid grid-cols-2 gap-1 md:grid-cols-3">
              {grantable.map((p) => (
                <label key={p} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.includes(p)}
                    onChange={(e) =>
                      setChosen((prev) => (e.target.checked ? [...prev, p] : prev.filter((x) => x !== p)))
                    }
                  />
                  {p}
                </label>
              ))}
            </div>
            {errors.permissions && (
              <p id="api-key-permissions-error" className="text-sm text-red-700">
                {errors.permissions}
              </p>
            )}
          </fieldset>
          {failure !== undefined && (
            <p role="alert" className="text-sm text-red-700">
              {describeError(failure)}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              Save
            </Button>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
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
