import { inSpan } from '../platform/telemetry';
import { AppError } from '../shared/errors';
import type { DbClient } from './db-client';

/** Before-hooks of the spec's Events table: a handler that throws cancels the operation. */
export const BEFORE_HOOKS = [
  'product.before_create',
  'product.before_update',
  'product.before_delete',
  'category.before_create',
  'category.before_update',
  'category.before_delete',
  'order.before_create',
  'order.before_update',
  'cart.before_add_item',
  'cart.before_update_item',
  'cart.before_remove_item',
  'customer.before_create',
  'customer.before_update',
  'checkout.before',
] as const;

/** After-hooks of the spec's Events table: they run after commit and cannot cancel. */
export const AFTER_HOOKS = [
  'product.after_create',
  'product.after_update',
  'product.after_delete',
  'category.after_create',
  'category.after_update',
  'category.after_delete',
  'order.after_create',
  'order.after_update',
  'cart.after_add_item',
  'cart.after_update_item',
  'cart.after_remove_item',
  'customer.after_create',
  'customer.after_update',
  'checkout.after',
  'checkout.after_failed',
  'payment.after_complete',
  'payment.after_failed',
  'shipment.after_create',
  'shipment.after_update',
  'return.after_create',
  'return.after_update',
  'refund.after_create',
] as const;

export type BeforeHookName = (typeof BEFORE_HOOKS)[number];
export type AfterHookName = (typeof AFTER_HOOKS)[number];
export type HookName = BeforeHookName | AfterHookName;

/** What a handler receives: the entity as the admin API shows it, `changes` for updates, free metadata. */
export interface HookEvent {
  name: HookName;
  entity: Record<string, unknown>;
  changes: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export type HookHandler = (event: HookEvent) => void | Promise<void>;

/**
 * Runs inside the transaction of the change that raised an after-hook, with that transaction's client, so
 * what it writes (an outbox row) commits or rolls back with the change. Quick, no network I/O; a throw
 * rolls the change back.
 */
export type InTransactionHookHandler = (event: HookEvent, db: DbClient) => Promise<void>;

export interface HookLogger {
  error(obj: object, msg: string): void;
}

const KNOWN = new Set<string>([...BEFORE_HOOKS, ...AFTER_HOOKS]);

/**
 * Named hooks, run in registration order. Services call {@link runBefore} inside their use case (an error
 * becomes 422 `hook_rejected`, or `checkout_rejected` for `checkout.before`, with the handler's message) and
 * queue after-hooks through the transaction helper so they only run once the change is committed.
 */
export class HookRegistry {
  private readonly handlers = new Map<HookName, HookHandler[]>();
  private readonly inTransactionHandlers = new Map<AfterHookName, InTransactionHookHandler[]>();

  constructor(private readonly log: HookLogger) {}

  register(name: HookName, handler: HookHandler): void {
    if (!KNOWN.has(name)) throw new Error(`unknown hook "${name}"`);
    const list = this.handlers.get(name) ?? [];
    list.push(handler);
    this.handlers.set(name, list);
  }

  /** Registers a handler that runs inside the change's transaction (see {@link InTransactionHookHandler}). */
  registerInTransaction(name: AfterHookName, handler: InTransactionHookHandler): void {
    if (!(AFTER_HOOKS as readonly string[]).includes(name)) throw new Error(`unknown after-hook "${name}"`);
    const list = this.inTransactionHandlers.get(name) ?? [];
    list.push(handler);
    this.inTransactionHandlers.set(name, list);
  }

  /** Runs the in-transaction handlers of `name` with `db` (the open transaction); a throw propagates. */
  async runInTransaction(name: AfterHookName, event: Omit<HookEvent, 'name'>, db: DbClient): Promise<void> {
    const handlers = this.inTransactionHandlers.get(name);
    if (!handlers?.length) return;
    await inSpan(`hook ${name}`, hookAttributes(name, 'in_transaction', handlers.length), async () => {
      for (const handler of handlers) await handler({ name, ...event }, db);
    });
  }

  has(name: HookName): boolean {
    return (this.handlers.get(name)?.length ?? 0) > 0;
  }

  /** Runs before-handlers in order; the first that throws cancels the operation. */
  async runBefore(name: BeforeHookName, event: Omit<HookEvent, 'name'>): Promise<void> {
    const handlers = this.handlers.get(name);
    if (!handlers?.length) return;
    await inSpan(`hook ${name}`, hookAttributes(name, 'before', handlers.length), async () => {
      for (const handler of handlers) {
        try {
          await handler({ name, ...event });
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = name === 'checkout.before' ? 'checkout_rejected' : 'hook_rejected';
          throw new AppError(code, err instanceof Error && err.message ? err.message : `rejected by ${name}`);
        }
      }
    });
  }

  /** Runs after-handlers, each isolated: a failure is logged and never reaches the caller or other handlers. */
  async runAfter(name: AfterHookName, event: Omit<HookEvent, 'name'>): Promise<void> {
    const handlers = this.handlers.get(name);
    if (!handlers?.length) return;
    await inSpan(`hook ${name}`, hookAttributes(name, 'after', handlers.length), async (span) => {
      for (const handler of handlers) {
        try {
          await handler({ name, ...event });
        } catch (err) {
          span.fail('after-hook failed');
          this.log.error({ hook: name, err: err instanceof Error ? err.message : String(err) }, 'after-hook failed');
        }
      }
    });
  }
}

/** A hook run's span attributes (one span per run of a hook that has handlers). */
const hookAttributes = (name: HookName, phase: 'before' | 'after' | 'in_transaction', handlers: number) => ({
  'svc.hook.name': name,
  'svc.hook.phase': phase,
  'svc.hook.handlers': handlers,
});
