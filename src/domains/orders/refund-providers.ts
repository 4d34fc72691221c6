import type { HookRegistry } from '../../context/hooks';
import type { PaymentTransaction } from '../../generated/prisma/client';

/** What a provider's refunder is asked: give `amount` cents of `transaction` back, once per `idempotencyKey`. */
export interface RefundRequest {
  order: { id: string; orderNumber: string; currency: string };
  transaction: PaymentTransaction;
  /** The core refund's id: a provider keeps it beside its own refund so its webhook can name ours. */
  refundId: string;
  amount: number;
  /** Stable per core refund: a retry after a lost answer never refunds twice at the provider. */
  idempotencyKey: string;
  /**
   * Asked again by a reconciler (the first answer was lost, or the refund is still pending): look the refund up by
   * `refundId` first and answer where it stands now; make it (with the same key) only when the provider has none.
   */
  retry?: boolean;
}

/**
 * The provider's answer: its refund id and where the refund stands. `pending` is settled later by the provider's
 * webhook; `failed` frees the amount. A refunder throws only when it does not know (a timeout): the refund then
 * stays pending.
 */
export interface RefundOutcome {
  reference: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  error?: string;
}

export type PaymentRefunder = (request: RefundRequest) => Promise<RefundOutcome>;

/**
 * The refunders payment plugins registered, per running service and provider name. Keyed by the service's hook
 * registry (one per service built, so two services in one process, as the tests start, never share plugins).
 */
const REFUNDERS = new WeakMap<HookRegistry, Map<string, PaymentRefunder>>();

export function registerRefunder(hooks: HookRegistry, provider: string, refunder: PaymentRefunder): void {
  const own = REFUNDERS.get(hooks) ?? new Map<string, PaymentRefunder>();
  own.set(provider, refunder);
  REFUNDERS.set(hooks, own);
}

export function refunderFor(hooks: HookRegistry, provider: string): PaymentRefunder | undefined {
  return REFUNDERS.get(hooks)?.get(provider);
}
