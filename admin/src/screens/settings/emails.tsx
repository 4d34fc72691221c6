import { gql } from '../../api/client';
import {
  AdminEmailDocument,
  AdminEmailResendDocument,
  AdminEmailsDocument,
  type AdminEmailsQuery,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { enumText } from '../../lib/format';
import { linkColumn, textColumn } from '../../resource/columns';
import { ChoiceFilter } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { ListPage, useListNavigate, useListSearch } from '../../resource/list-page';
import { defineResource, useSaveMutation } from '../../resource/resource';
import { EMAIL_STATUS_LABELS, type EmailsSearch } from './emails-search';
import { SettingsNav } from './nav';

/** The transactional email outbox: pages filtered by status, one email with its parts. */
export const emails = defineResource({ keys: keys.emails, list: AdminEmailsDocument, detail: AdminEmailDocument });
type Row = AdminEmailsQuery['emails']['items'][number];

const columns = [
  linkColumn(
    'Subject',
    (e: Row) => e.subject,
    (e) => ({ to: '/settings/emails/$emailId', params: { emailId: e.id } }),
  ),
  textColumn('recipient', 'Recipient', (e: Row) => e.recipient),
  textColumn('kind', 'Kind', (e: Row) => enumText(e.kind)),
  textColumn('status', 'Status', (e: Row) => EMAIL_STATUS_LABELS[e.status]),
  textColumn('created', 'Created', (e: Row) => dateTime(e.createdAt)),
  textColumn('sent', 'Sent', (e: Row) => (e.sentAt ? dateTime(e.sentAt) : '—')),
];

/**
 * Settings › Emails: every transactional email the shop wrote, newest first, filtered by status (in the URL).
 * Without `mail.smtp_url` they are kept here rather than sent, so a first run shows its order confirmations.
 * Needs `orders.read` (the settings navigation offers it only then).
 */
export function EmailsScreen() {
  const search = useListSearch<EmailsSearch>();
  const list = emails.useList({ page: search.page, limit: 25, status: search.status });
  return (
    <ListPage
      title="Emails"
      nav={<SettingsNav />}
      filters={<EmailFilters />}
      caption="Emails"
      columns={columns}
      query={list}
      empty={search.status ? 'No emails with this status.' : 'No emails yet: placing an order writes its confirmation.'}
    />
  );
}

function EmailFilters() {
  const search = useListSearch<EmailsSearch>();
  const go = useListNavigate<EmailsSearch>();
  return (
    <div className="max-w-xs">
      <ChoiceFilter
        label="Status"
        all="All statuses"
        value={search.status}
        labels={EMAIL_STATUS_LABELS}
        onChange={(status) => void go({ status })}
      />
    </div>
  );
}

/**
 * Sends an email again (the service starts its attempts over, same Message-ID; without `mail.smtp_url` it stays
 * kept). Refreshes the outbox's lists and this email.
 */
export function useResend(id: string) {
  return useSaveMutation({
    mutationFn: () => gql(AdminEmailResendDocument, { id }).then((r) => r.emailResend),
    invalidates: [keys.emails.all],
  });
}
