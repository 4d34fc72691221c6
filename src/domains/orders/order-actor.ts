import { type Actor, PLUGIN_HOST_ID } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import type { ActorKind as ApiActorKind, ActorRef } from './order.type';

/** Who made a change to an order, as its history records it (and issue 48's timeline will): a kind, an id, a label. */
export type ActorKind = 'staff' | 'customer' | 'api_key' | 'system';

/**
 * The columns a history entry stores of its actor. `label` is a snapshot taken when the change is made (a staff
 * member's email, an API key's name, "System"), so renaming or deleting the actor later does not rewrite history.
 */
export interface ActorStamp {
  actorKind: ActorKind;
  actorId: string | null;
  actorLabel: string;
}

export const SYSTEM_STAMP: ActorStamp = { actorKind: 'system', actorId: null, actorLabel: 'System' };

/**
 * The stamp of the request's actor. An API key is labelled with the name it had when the request was
 * authenticated (the actor carries it: no read inside the caller's transaction); the host acting for a plugin (payprov's webhook and reconciler, automations) and anonymous callers are
 * the system, unless `buyer` names who placed an order (a guest checkout, or a checkout a plugin runs).
 */
export function actorStamp(ctx: Pick<Ctx, 'actor'>, buyer?: { customerId: string | null; email: string }): ActorStamp {
  const actor: Actor = ctx.actor;
  if (actor.kind === 'admin' && actor.id !== PLUGIN_HOST_ID)
    return { actorKind: 'staff', actorId: actor.id, actorLabel: actor.email };
  if (actor.kind === 'customer') return { actorKind: 'customer', actorId: actor.id, actorLabel: actor.email };
  if (actor.kind === 'api_key') return { actorKind: 'api_key', actorId: actor.keyId, actorLabel: actor.keyName };
  if (buyer) return { actorKind: 'customer', actorId: buyer.customerId, actorLabel: buyer.email };
  return SYSTEM_STAMP;
}

/**
 * The stored stamp as the API's `ActorRef`; null for a row written before actors were recorded. Any table that
 * keeps the three `actor_*` columns (the status history; issue 48's timeline entries) answers through this.
 */
export function actorRefOf(row: {
  actorKind: string | null;
  actorId: string | null;
  actorLabel: string | null;
}): ActorRef | null {
  if (!row.actorKind) return null;
  return { kind: row.actorKind as ApiActorKind, id: row.actorId, label: row.actorLabel ?? '' };
}
