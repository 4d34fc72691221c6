import type { AppServices } from '../src/context/ctx';
import { pruneExpiredCarts } from '../src/domains/carts';
import { startAccountRequestRelay } from '../src/domains/customers';
import { startMailSender } from '../src/domains/mail';
import type { Config } from '../src/platform/config/keys';

/**
 * The core's own background work: the pruning of what the service's traffic leaves behind, the mail sender and the
 * account-email requests.
 */
export interface Housekeeping {
  /** Stops the timer and waits for a pass still running (the database closes after it). */
  close(): Promise<void>;
}

/**
 * The first pass runs at most a minute after start, then every `carts.prune_interval_seconds`: an instance that
 * is redeployed more often than the interval still prunes.
 */
const FIRST_PASS_MAX_MS = 60_000;

/**
 * Deletes expired anonymous carts every `carts.prune_interval_seconds` (see carts/cart-retention.ts), on the
 * instances that run background work (`server.background_jobs`, and `svc worker`). A failed pass (the database
 * away) is logged and tried again at the next one; passes never overlap.
 */
export function startHousekeeping(services: AppServices, config: Config): Housekeeping {
  const intervalMs = config['carts.prune_interval_seconds'] * 1000;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      const deleted = await pruneExpiredCarts(services.prisma);
      if (deleted) services.log.info({ deleted }, 'expired anonymous carts deleted');
    } catch (err) {
      services.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'deleting expired anonymous carts failed; the next pass tries again',
      );
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, ms);
    timer.unref();
  };
  schedule(Math.min(intervalMs, FIRST_PASS_MAX_MS));
  // The mail outbox is sent where the background jobs run (the worker role when one runs), as the webhook relay is.
  const mail = startMailSender(services, config);
  // Password resets and verification resends asked for (a row each, written before the 202) become their token and
  // email here, whether or not mail is sent (kept emails too).
  const accountRequests = startAccountRequestRelay(services);
  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([running, mail.close(), accountRequests.close()]);
    },
  };
}
