import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { findPage, type Page } from '../../shared/pagination';
import type { EmailStatus } from './email.type';

/** Newest first; the id breaks ties so pages never overlap. */
const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** Kinds are at most 50 characters (the column); a longer filter is a mistake, not a search. */
const MAX_KIND = 50;

export function listEmails(ctx: Ctx, filter: { status?: EmailStatus | null; kind?: string | null }, page: Page) {
  if (filter.kind && filter.kind.length > MAX_KIND)
    throw AppError.validation([{ field: 'kind', detail: 'max_length' }]);
  const where: Prisma.EmailWhereInput = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
  };
  return findPage(
    page,
    (w) => ctx.db.email.findMany({ where, orderBy: NEWEST_FIRST, ...w }),
    () => ctx.db.email.count({ where }),
  );
}

export async function getEmail(ctx: Ctx, id: string) {
  const email = await ctx.db.email.findUnique({ where: { id } });
  if (!email) throw AppError.notFound('email');
  return email;
}

/**
 * Queues an email to be sent again, whatever it came to (a failed one after the operator fixed the address or the
 * server, a sent one the customer lost): attempts start over and it keeps its `Message-ID`. Without
 * `mail.smtp_url` there is nothing to send with: it stays `kept`. A pending one is already queued: unchanged.
 */
export async function resendEmail(ctx: Ctx, id: string) {
  const status = ctx.config['mail.smtp_url'] ? 'pending' : 'kept';
  await ctx.db.email.updateMany({
    where: { id, status: { not: 'pending' } },
    data: {
      status,
      attempts: 0,
      nextAttemptAt: new Date(),
      leaseUntil: null,
      leasedBy: null,
      lastError: null,
      sentAt: null,
    },
  });
  // Unknown ids answer 404 here; a pending one comes back as it was.
  return getEmail(ctx, id);
}
