/**
 * Which statements a replica may answer: plain reads only. Some writes arrive as raw SELECT/WITH text (the
 * checkout's order insert is a WITH of INSERTs; leases are UPDATE … RETURNING), so the text decides, not the
 * Prisma call that sent it. Anything in doubt goes to the primary: a read sent there needlessly costs a little
 * load, a write sent to a replica fails.
 */
import { TextMemo } from '../../shared/text-memo';

const READ_START = /^\s*(?:\(\s*)*(?:SELECT|WITH)\b/i;
/** Data-modifying CTEs and statements, row locks, and functions that write or read the primary's own state. */
const NOT_ON_A_REPLICA =
  /\b(?:INSERT|UPDATE|DELETE|MERGE|TRUNCATE|COPY|LOCK|CALL|DO)\b|\bFOR\s+(?:NO\s+KEY\s+UPDATE|KEY\s+SHARE|UPDATE|SHARE)\b|\b(?:nextval|setval|currval|lastval|pg_advisory\w*|pg_try_advisory\w*|txid_current|pg_current_xact_id|pg_current_wal\w*|set_config|pg_notify)\s*\(/i;

/** Verdicts by statement text (the service sends the same few texts over and over; bounded, cleared when full). */
const verdicts = new TextMemo<boolean>();
const MAX_VERDICTS = 2000;

/** Whether `sql` is a plain read a streaming replica can answer. */
export function replicaSafe(sql: string): boolean {
  return verdicts.remember(sql, MAX_VERDICTS, (text) => READ_START.test(text) && !NOT_ON_A_REPLICA.test(text));
}
