import { randomUUID } from 'node:crypto';

import { ANONYMOUS } from '../../context/actor';
import { createContext } from '../../context/create-context';
import type { AppServices, Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import type { AccountTokenPurpose } from '../../generated/prisma/enums';
import { PollingRounds } from '../../platform/polling-rounds';

/**
 * The account-email requests (password resets, verification resends) as a small outbox (replaces D-401). The
 * request path writes one row for every address, known or not: one INSERT, the same work either way, committed
 * before the 202, so nothing about the answer or its timing tells whether an account exists, and a process killed
 * right after answering loses nothing. The background jobs resolve each row in one transaction: the handler of
 * its purpose looks the address up and, for an active account, stores the token and writes its email; the row is
 * deleted in the same transaction, so the email is written exactly once (a crash rolls all of it back).
 */
export interface AccountRequest {
  id: string;
  purpose: AccountTokenPurpose;
  email: string;
  locale: string | null;
}

/** Resolves one request in the caller's transaction: writes the token and the email, or nothing. */
export type AccountRequestHandler = (tx: Ctx, request: AccountRequest) => Promise<void>;

const handlers = new Map<AccountTokenPurpose, AccountRequestHandler>();

/**
 * Registers what a purpose's request does (at module load, by the domain that owns the accounts): a row written
 * before a restart is resolved after it, whichever request arrives first.
 */
export function handleAccountRequests(purpose: AccountTokenPurpose, handler: AccountRequestHandler): void {
  handlers.set(purpose, handler);
}

/**
 * The relay of each database client of this process that runs the background jobs (a test process runs several
 * services): a request nudges its own, so the email is prompt. Without one (an API instance beside `svc worker`)
 * the worker's polling finds the row.
 */
const relays = new WeakMap<object, AccountRequestRelay>();

/**
 * Writes the request row (the request path's only statement, known or unknown address alike) and nudges the relay.
 * `locale`: the requester's language, for the email's template.
 */
export async function queueAccountRequest(
  ctx: Ctx,
  request: { purpose: AccountTokenPurpose; email: string; locale?: string | null },
): Promise<void> {
  await ctx.db.$executeRaw(Prisma.sql`
    INSERT INTO account_email_requests (id, purpose, email, locale)
    VALUES (${randomUUID()}::uuid, ${request.purpose}::account_token_purpose, ${request.email}, ${request.locale ?? null})`);
  relays.get(ctx.prisma)?.nudge();
}

/** Requests resolved per round (each in its own short transaction); the next round takes the rest at once. */
const BATCH = 50;
/** A request whose work keeps failing (a broken template override) is dropped after this many tries, logged. */
const MAX_ATTEMPTS = 10;

/**
 * Resolves the account-email requests where the background jobs run (`server.background_jobs`, `svc worker`),
 * every `mail.poll_interval_ms` and whenever a request of this process nudges it. Instances sharing a database
 * never take the same row (`FOR UPDATE SKIP LOCKED`).
 */
export class AccountRequestRelay {
  private readonly rounds: PollingRounds;

  constructor(private readonly services: AppServices) {
    this.rounds = new PollingRounds({
      intervalMs: () => services.config['mail.poll_interval_ms'],
      round: () => this.drain(),
      onError: (err) =>
        services.log.error({ err: err instanceof Error ? err.message : String(err) }, 'account email requests failed'),
    });
  }

  start(): void {
    relays.set(this.services.prisma, this);
    this.rounds.start();
  }

  nudge(): void {
    this.rounds.nudge();
  }

  async stop(): Promise<void> {
    if (relays.get(this.services.prisma) === this) relays.delete(this.services.prisma);
    await this.rounds.stop();
  }

  private async drain(): Promise<void> {
    for (let done = 0; done < BATCH && !this.rounds.stopped; done++) {
      if (!(await this.resolveOne())) return;
    }
    if (!this.rounds.stopped) this.rounds.nudge();
  }

  /** Resolves the oldest due request; false when none is due. */
  async resolveOne(): Promise<boolean> {
    const ctx = createContext(this.services, {
      id: `account-requests-${randomUUID().slice(0, 8)}`,
      actor: ANONYMOUS,
      log: this.services.log,
    });
    let taken: AccountRequest | undefined;
    try {
      return await inTransaction(ctx, async (tx) => {
        const [row] = await tx.db.$queryRaw<AccountRequest[]>(Prisma.sql`
          DELETE FROM account_email_requests WHERE id = (
            SELECT id FROM account_email_requests WHERE next_attempt_at <= now()
            ORDER BY next_attempt_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id::text AS id, purpose::text AS purpose, email, locale`);
        if (!row) return false;
        taken = row;
        const handler = handlers.get(row.purpose);
        // Never deleted unresolved: a process that does not know the purpose leaves it for the retries (and says so).
        if (!handler) throw new Error(`no handler for ${row.purpose} requests`);
        await handler(tx, row);
        return true;
      });
    } catch (err) {
      if (!taken) throw err;
      await this.postpone(taken, err);
      return true;
    }
  }

  /** The transaction rolled back (the row is back): try it later, with backoff, or drop it after the last try. */
  private async postpone(request: AccountRequest, err: unknown): Promise<void> {
    const error = err instanceof Error ? err.message : String(err);
    const [row] = await this.services.prisma.$queryRaw<Array<{ attempts: number }>>(Prisma.sql`
      UPDATE account_email_requests SET attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => power(2, attempts)::double precision)
      WHERE id = ${request.id}::uuid RETURNING attempts`);
    // Never the address: the request's id, its purpose and what went wrong.
    if (row && row.attempts >= MAX_ATTEMPTS) {
      await this.services.prisma.$executeRaw(
        Prisma.sql`DELETE FROM account_email_requests WHERE id = ${request.id}::uuid`,
      );
      this.services.log.error(
        { requestId: request.id, purpose: request.purpose, error },
        'account email request dropped',
      );
    } else
      this.services.log.warn(
        { requestId: request.id, purpose: request.purpose, error },
        'account email request failed; retrying',
      );
  }
}

/** Starts the relay (housekeeping's): closing waits for the request in flight. */
export function startAccountRequestRelay(services: AppServices): { close(): Promise<void> } {
  const relay = new AccountRequestRelay(services);
  relay.start();
  return { close: () => relay.stop() };
}
