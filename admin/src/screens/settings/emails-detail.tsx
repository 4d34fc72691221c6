import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';

import { useCan } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import type { AdminEmailQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { enumText } from '../../lib/format';
import { DetailFrame, Loaded } from '../../resource/detail-frame';
import { emails, useResend } from './emails';
import { EMAIL_STATUS_LABELS } from './emails-search';
import { SettingsNav } from './nav';

const route = getRouteApi('/_app/settings/emails/$emailId');
type Email = AdminEmailQuery['email'];

/** One email as its recipient gets it: the HTML part in a sandboxed frame, the text part, the last error; resend. */
export function EmailScreen() {
  const { emailId } = route.useParams();
  return <Loaded query={emails.useDetail(emailId)}>{(e) => <EmailDetail email={e} />}</Loaded>;
}

function EmailDetail({ email: e }: { email: Email }) {
  const can = useCan();
  const resend = useResend(e.id);
  const [notice, setNotice] = useState('');
  async function run() {
    setNotice('');
    const after = await resend.mutateAsync(undefined).catch(() => undefined);
    if (after)
      setNotice(
        after.status === 'KEPT'
          ? 'Kept again: no SMTP server is configured (mail.smtp_url), so it is not sent.'
          : 'Queued: it is sent again in a moment.',
      );
  }
  // A pending email is on its way already (the service leaves it as it is).
  const mayResend = can('orders.update') && e.status !== 'PENDING';
  return (
    <DetailFrame
      back={{ label: 'Emails', to: '/settings/emails' }}
      title={e.subject}
      nav={<SettingsNav />}
      actions={
        mayResend && (
          <Button variant="outline" disabled={resend.isPending} onClick={() => void run()}>
            Resend
          </Button>
        )
      }
    >
      <div aria-live="polite" className="text-sm">
        {notice}
      </div>
      <ActionError error={resend.error} />
      <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-medium">Recipient</dt>
        <dd>{e.recipient}</dd>
        <dt className="font-medium">Kind</dt>
        <dd>{enumText(e.kind)}</dd>
        <dt className="font-medium">Status</dt>
        <dd data-testid="email-status">{EMAIL_STATUS_LABELS[e.status]}</dd>
        <dt className="font-medium">Locale</dt>
        <dd>{e.locale}</dd>
        <dt className="font-medium">Attempts</dt>
        <dd>{e.attempts}</dd>
        <dt className="font-medium">Created</dt>
        <dd>{dateTime(e.createdAt)}</dd>
        <dt className="font-medium">Sent</dt>
        <dd>{e.sentAt ? dateTime(e.sentAt) : '—'}</dd>
        {e.orderId && (
          <>
            <dt className="font-medium">Order</dt>
            <dd>
              <Link to="/orders/$orderId" params={{ orderId: e.orderId }} className="text-blue-800 underline">
                Open the order
              </Link>
            </dd>
          </>
        )}
      </dl>
      {e.lastError && (
        <section aria-labelledby="email-error" className="space-y-1 rounded-md border border-red-300 bg-red-50 p-3">
          <h2 id="email-error" className="text-sm font-semibold text-red-900">
            Last error
          </h2>
          <p className="break-words font-mono text-xs text-red-900">{e.lastError}</p>
        </section>
      )}
      <section aria-labelledby="email-html" className="space-y-2">
        <h2 id="email-html" className="text-lg font-semibold">
          HTML part
        </h2>
        {/* sandbox="": no scripts, no forms, no navigation, an opaque origin; the service escapes every value too.
            600 px is a mail client's usual reading width. */}
        <iframe
          title={`The email “${e.subject}” as its recipient sees it`}
          sandbox=""
          srcDoc={e.html}
          className="h-[36rem] w-full max-w-[600px] rounded-md border border-slate-300 bg-white"
        />
      </section>
      <section aria-labelledby="email-text" className="space-y-2">
        <h2 id="email-text" className="text-lg font-semibold">
          Text part
        </h2>
        <pre
          tabIndex={0}
          aria-labelledby="email-text"
          className="max-h-96 max-w-[600px] overflow-auto whitespace-pre-wrap rounded-md bg-slate-100 p-3 text-xs"
        >
          {e.text}
        </pre>
      </section>
    </DetailFrame>
  );
}
