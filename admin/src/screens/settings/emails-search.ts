import type { EmailStatus } from '../../generated/graphql';

/** The URL state of the Emails list (shared by the routes file and the screen). */

export const EMAIL_STATUSES = ['PENDING', 'SENT', 'KEPT', 'FAILED'] as const satisfies readonly EmailStatus[];

export interface EmailsSearch {
  page: number;
  status?: (typeof EMAIL_STATUSES)[number];
}

/** How a status reads: KEPT is what a shop without `mail.smtp_url` does with every email. */
export const EMAIL_STATUS_LABELS: Record<(typeof EMAIL_STATUSES)[number], string> = {
  PENDING: 'Pending',
  SENT: 'Sent',
  KEPT: 'Kept (not sent)',
  FAILED: 'Failed',
};
