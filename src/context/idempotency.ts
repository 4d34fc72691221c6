import { createHash } from 'node:crypto';

import { Prisma } from '../generated/prisma/client';
import { AppError } from '../shared/errors';
import type { Ctx } from './ctx';

/** How long a key is remembered (contract §7: a repeat within 24 h returns the first response). */
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** A stable hash of a request body: keys sorted, so field order does not make two bodies differ. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object' && !(v instanceof Date)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(value) ?? null))
    .digest('hex');
}

/**
 * The client's `Idempotency-Key` (header, or MCP's `idempotency_key`), checked (≤ 255 characters), or undefined.
 * The one place the rule lives, whichever adapter filled the field.
 */
export function idempotencyKey(ctx: Ctx): string | undefined {
  const key = ctx.request.idempotencyKey;
  if (key === undefined || key === '') return undefined;
  if (key.length > 255) throw AppError.validation([{ field: 'Idempotency-Key', detail: 'max_length' }]);
  return key;
}

/** The stored outcome of an earlier request with this key, or null; a different body is 409 `idempotency_conflict`. */
export async function findReplay(
  ctx: Ctx,
  scope: string,
  key: string,
  hash: string,
): Promise<Record<string, unknown> | null> {
  const row = await ctx.db.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
  if (!row || row.createdAt.getTime() < Date.now() - WINDOW_MS) return null;
  if (row.requestHash !== hash)
    throw new AppError('idempotency_conflict', 'Idempotency-Key was used with a different request', {
      field: 'Idempotency-Key',
    });
  return (row.responseBody as Record<string, unknown> | null) ?? null;
}

/**
 * Claims the key inside the caller's transaction. A concurrent request with the same key blocks on the
 * unique index until this transaction ends: if it commits, the other sees the claim and replays; if it rolls
 * back, the other proceeds. Returns false when the key was already claimed (and committed). An expired claim
 * is taken over.
 */
export async function claimKey(
  ctx: Ctx,
  scope: string,
  key: string,
  hash: string,
  response: Record<string, unknown>,
): Promise<boolean> {
  const body = JSON.stringify(response);
  const claimed = await ctx.db.$executeRaw(Prisma.sql`
    INSERT INTO idempotency_keys (id, scope, key, request_hash, response_status, response_body, created_at)
    VALUES (gen_random_uuid(), ${scope}, ${key}, ${hash}, 201, ${body}::jsonb, now())
    ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, response_body = EXCLUDED.response_body, created_at = now()
      WHERE idempotency_keys.created_at < now() - interval '24 hours'`);
  return claimed > 0;
}
