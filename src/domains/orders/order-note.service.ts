import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { actorRefOf, actorStamp } from './order-actor';
import type { OrderNoteInput } from './order-note.inputs';
import type { OrderNote } from './timeline.type';

interface NoteRow {
  id: string;
  order_id: string;
  text: string;
  actor_kind: string | null;
  actor_id: string | null;
  actor_label: string | null;
  created_at: Date;
}

/**
 * Adds an internal note to an order, stamped with who wrote it. One statement, `INSERT … SELECT` from the order,
 * so a note never lands on an order that is not there (404) and needs no lock: notes change nothing else.
 */
export async function createOrderNote(ctx: Ctx, orderId: string, input: OrderNoteInput): Promise<OrderNote> {
  const text = input.text.trim();
  // The input rules count the text as sent; a text of spaces is as empty as "" once trimmed.
  if (!text) throw AppError.validation([{ field: 'text', detail: 'required' }]);
  const actor = actorStamp(ctx);
  const [row] = await ctx.db.$queryRaw<NoteRow[]>(Prisma.sql`
    INSERT INTO order_notes (id, order_id, text, actor_kind, actor_id, actor_label)
    SELECT gen_random_uuid(), o.id, ${text}, ${actor.actorKind}, ${actor.actorId}::uuid, ${actor.actorLabel}
    FROM orders o WHERE o.id = ${orderId}::uuid
    RETURNING id, order_id, text, actor_kind, actor_id, actor_label, created_at`);
  if (!row) throw AppError.notFound('order');
  return {
    id: row.id,
    orderId: row.order_id,
    text: row.text,
    actor: actorRefOf({ actorKind: row.actor_kind, actorId: row.actor_id, actorLabel: row.actor_label }),
    createdAt: row.created_at,
  };
}
