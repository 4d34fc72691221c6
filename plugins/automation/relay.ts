import { randomUUID } from 'node:crypto';

import {
  forEachLimited,
  inSpan,
  observeGauge,
  type PluginDatabase,
  type PluginLogger,
  PollingRounds,
  pruneInBatches,
  recordWebhookAttempt,
  type SpanMark,
  sql,
  whenDue,
} from '../../src/plugin-api';
import type { AutomationConfig } from './config';
import { postEvent } from './deliver';
import { deliveryHeaders } from './signing';

export type AutomationTables = 'automationEvent' | 'automationAttempt';

/** Rows one prune statement deletes. */
export const PRUNE_BATCH = 1000;

interface Leased {
  id: string;
  eventName: string;
  body: string;
  attempts: number;
  /** The trace context of the request that wrote the event (null when tracing was off then). */
  traceParent: string | null;
}

/**
 * Delivers the outbox. Each round leases a batch of due events in one statement (`FOR UPDATE SKIP LOCKED`, so
 * instances sharing a database never take the same event, and an expired lease is taken over), delivers them
 * with bounded concurrency outside any transaction (the embedded database has one connection), then records
 * each outcome in a short transaction. Retry times are computed on the database's clock.
 */
export class Relay {
  readonly instanceId = `relay-${randomUUID().slice(0, 8)}`;
  private readonly rounds: PollingRounds;
  /** Prunes when `prune_interval_seconds` have passed since this instance last did (checked each round). */
  private readonly pruneWhenDue: () => Promise<void>;

  constructor(
    private readonly db: PluginDatabase<AutomationTables>,
    private readonly config: AutomationConfig,
    private readonly log: PluginLogger,
  ) {
    const report = (what: string) => (err: unknown) =>
      this.log.error({ err: err instanceof Error ? err.message : String(err) }, what);
    this.rounds = new PollingRounds({
      intervalMs: () => this.config.poll_interval_ms,
      round: () => this.drain(),
      onError: report('automation relay round failed'),
    });
    // A failed prune must not hold up deliveries: it is logged and tried again at the next interval.
    this.pruneWhenDue = whenDue(
      () => this.config.prune_interval_seconds * 1000,
      () => this.prune(),
      report('automation prune failed'),
    );
  }

  /** A lease outlives the slowest attempt, so a live relay never loses its events to another. */
  private get leaseSeconds(): number {
    return this.config.timeout_seconds * 2 + 10;
  }

  start(): void {
    this.rounds.start();
  }

  /** Runs a round now (or right after the current one): called after a commit wrote new events. */
  nudge(): void {
    this.rounds.nudge();
  }

  /** Stops polling and waits for the deliveries in flight (their outcomes are recorded). */
  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /**
   * Deletes delivered events older than `retention_days` (their attempts go with them, ON DELETE CASCADE), in
   * batches, so the outbox does not grow for ever. Pending and dead events stay: they are work or an operator's
   * to replay. Instances may prune at once: SKIP LOCKED leaves a row another one holds to that one.
   */
  async prune(): Promise<number> {
    const deleted = await pruneInBatches(
      () =>
        this.db.$executeRaw(sql`
          DELETE FROM automation_events WHERE id IN (
            SELECT id FROM automation_events
            WHERE status = 'delivered' AND delivered_at < now() - ${this.config.retention_days}::int * interval '1 day'
            LIMIT ${PRUNE_BATCH}
            FOR UPDATE SKIP LOCKED)`),
      PRUNE_BATCH,
    );
    if (deleted > 0)
      this.log.info({ deleted, retentionDays: this.config.retention_days }, 'automation deliveries pruned');
    return deleted;
  }

  /** Rounds until nothing is due: memory stays at one batch whatever the backlog. */
  private async drain(): Promise<void> {
    await this.pruneWhenDue();
    while (!this.rounds.stopped) {
      const batch = await this.lease();
      if (batch.length === 0) return;
      await forEachLimited(batch, this.config.concurrency, (event) => this.deliver(event));
    }
  }

  private lease(): Promise<Leased[]> {
    return this.db.$queryRaw<Leased[]>(sql`
      UPDATE automation_events
      SET lease_until = now() + make_interval(secs => ${this.leaseSeconds}), leased_by = ${this.instanceId}, updated_at = now()
      WHERE id IN (
        SELECT id FROM automation_events
        WHERE status = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_attempt_at, created_at
        LIMIT ${this.config.batch_size}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, event_name AS "eventName", body, attempts, trace_parent AS "traceParent"`);
  }

  /**
   * One attempt, in its own trace (a span per attempt, linked to the request that wrote the event): the POST
   * (whose HTTP span carries `traceparent` to the receiver) and the recording of its outcome nest under it.
   */
  private deliver(event: Leased): Promise<void> {
    return inSpan(
      `automation deliver ${event.eventName}`,
      {
        'svc.webhook.event': event.eventName,
        'svc.webhook.event_id': event.id,
        'svc.webhook.attempt': event.attempts + 1,
      },
      (span) => this.attempt(event, span),
      { root: true, kind: 'producer', links: [event.traceParent] },
    );
  }

  private async attempt(event: Leased, span: SpanMark): Promise<void> {
    const url = `${this.config.webhook_base_url.replace(/\/+$/, '')}/${event.eventName}`;
    const headers = deliveryHeaders(this.config.secret, event.id, event.body);
    const outcome = await postEvent(url, event.body, headers, this.config.timeout_seconds * 1000);
    const attempt = event.attempts + 1;
    recordWebhookAttempt(event.eventName, outcome.ok, outcome.durationMs / 1000);
    span.set({ 'http.response.status_code': outcome.statusCode });
    if (!outcome.ok) span.fail(outcome.error ?? 'delivery failed');
    await this.db.$transaction(async (tx) => {
      // `recordedAt`: the transaction's time, the clock `next_attempt_at` is set on, so an attempt's schedule reads
      // as it was set (1 s, 2 s…) whatever time passed between the client's clock and the statement.
      const [row] = outcome.ok
        ? await tx.$queryRaw<Array<{ nextAttemptAt: Date | null; status: string; recordedAt: Date }>>(sql`
            UPDATE automation_events
            SET status = 'delivered', attempts = attempts + 1, delivered_at = now(), lease_until = NULL, leased_by = NULL,
                last_status_code = ${outcome.statusCode}, last_error = NULL, updated_at = now()
            WHERE id = ${event.id}::uuid
            RETURNING NULL::timestamptz AS "nextAttemptAt", status::text AS status, now() AS "recordedAt"`)
        : await tx.$queryRaw<Array<{ nextAttemptAt: Date | null; status: string; recordedAt: Date }>>(sql`
            UPDATE automation_events
            SET attempts = attempts + 1,
                status = CASE WHEN attempts + 1 >= ${this.config.max_attempts} THEN 'dead'::automation_event_status
                              ELSE 'pending'::automation_event_status END,
                next_attempt_at = CASE WHEN attempts + 1 >= ${this.config.max_attempts} THEN next_attempt_at
                  ELSE now() + make_interval(secs => (${this.config.retry_base_seconds} * power(2, attempts))::double precision) END,
                lease_until = NULL, leased_by = NULL,
                last_status_code = ${outcome.statusCode}, last_error = ${outcome.error}, updated_at = now()
            WHERE id = ${event.id}::uuid
            RETURNING CASE WHEN status = 'dead' THEN NULL ELSE next_attempt_at END AS "nextAttemptAt", status::text AS status,
              now() AS "recordedAt"`);
      await tx.automationAttempt.create({
        data: {
          eventId: event.id,
          attempt,
          statusCode: outcome.statusCode,
          durationMs: outcome.durationMs,
          error: outcome.error,
          responseBody: outcome.responseBody,
          nextAttemptAt: row?.nextAttemptAt ?? null,
          createdAt: row?.recordedAt,
        },
      });
      if (!outcome.ok) {
        // The spec's log line, for every failed attempt (never the secret or the body).
        this.log.warn(
          {
            event: event.eventName,
            eventId: event.id,
            attempt,
            status: outcome.statusCode,
            error: outcome.error,
            nextAttemptAt: row?.nextAttemptAt ?? null,
            dead: row?.status === 'dead',
          },
          'webhook dispatch failed',
        );
      }
    });
  }
}

/** How often the outbox gauges may query the database (each collection within it reuses the last reading). */
const OUTBOX_READING_MS = 5_000;

/**
 * `svc.automation.outbox.lag` (age of the oldest undelivered event, 0 when none) and `svc.automation.outbox.backlog`
 * (undelivered events by status: pending, dead). Database-wide figures: every instance reports the same, so
 * aggregate them with max. Read at most every {@link OUTBOX_READING_MS}, whatever the scrape rate.
 */
export function observeOutbox(db: PluginDatabase<AutomationTables>): void {
  let last: { at: number; reading: Promise<Array<{ status: string; count: number; age: number }>> } | undefined;
  const read = () => {
    if (!last || Date.now() - last.at >= OUTBOX_READING_MS) {
      const reading = db.$queryRaw<Array<{ status: string; count: number; age: number }>>(sql`
        SELECT status::text AS status, count(*)::int AS count,
               COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age
        FROM automation_events WHERE status IN ('pending', 'dead') GROUP BY status`);
      last = { at: Date.now(), reading };
      // A failed reading is not kept: the next collection asks again.
      reading.catch(() => (last = undefined));
    }
    return last.reading;
  };
  observeGauge(
    'svc.automation.outbox.lag',
    { description: 'Age of the oldest undelivered automation event (0 when none).', unit: 's' },
    async () => [{ value: (await read()).find((r) => r.status === 'pending')?.age ?? 0 }],
  );
  observeGauge(
    'svc.automation.outbox.backlog',
    { description: 'Undelivered automation events by status (pending, dead).', unit: '{event}' },
    async () => {
      const rows = await read();
      return ['pending', 'dead'].map((status) => ({
        value: rows.find((r) => r.status === status)?.count ?? 0,
        attributes: { status },
      }));
    },
  );
}
