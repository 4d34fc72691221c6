import { randomUUID } from 'node:crypto';

import type { GraphQLInputType, GraphQLSchema } from 'graphql';

import { type Actor, PLUGIN_HOST_ID } from '../context/actor';
import { createContext } from '../context/create-context';
import type { AppServices, Ctx } from '../context/ctx';
import * as orders from '../domains/orders';
import type { PaymentTransaction } from '../generated/prisma/client';
import { AppError } from '../shared/errors';
import { ROLE_PERMISSIONS } from '../shared/permissions';
import { type FieldProblem, readInput } from '../shared/validation/input';

/** The actor of the host's own reads and writes on a plugin's behalf; plugins never hold it. */
export const PLUGIN_HOST_ACTOR: Actor = {
  kind: 'admin',
  id: PLUGIN_HOST_ID,
  email: '',
  role: 'super_admin',
  permissions: ROLE_PERMISSIONS.super_admin,
  via: 'jwt',
};

/** What a payment provider needs to know of an order. */
export interface PaymentOrder {
  id: string;
  orderNumber: string;
  status: string;
  total: number;
  currency: string;
  customerId: string | null;
  /** The guest order token (compare it in constant time). */
  guestToken: string | null;
  email: string;
  paymentMethodId: string | null;
  paymentReference: string | null;
}

export type { PaymentTransaction };

/** The plugin's payment transactions (provider = the plugin's name); each change happens at most once. */
export interface PluginPayments {
  find(providerReference: string): Promise<PaymentTransaction | null>;
  ofOrder(orderId: string): Promise<PaymentTransaction[]>;
  /** Records the order's payment once (later calls return the first row). */
  record(input: Omit<orders.NewPaymentTransaction, 'provider'>): Promise<PaymentTransaction>;
  /** Completed (fires `payment.after_complete`); null when it already was, or was cancelled. */
  complete(providerReference: string): Promise<PaymentTransaction | null>;
  /** Pending → failed with a reason (fires `payment.after_failed`); null when not pending. */
  fail(providerReference: string, reason: string): Promise<PaymentTransaction | null>;
  cancelled(providerReference: string): Promise<PaymentTransaction | null>;
  refunded(providerReference: string): Promise<PaymentTransaction | null>;
  /** Notes a pending payment was checked and is still pending (it moves to the back of the `stale` queue). */
  checked(providerReference: string): Promise<unknown>;
  /** Pending payments untouched since `before`. */
  stale(before: Date, limit: number): Promise<PaymentTransaction[]>;
  /** Payments of cancelled or refunded orders not given back yet. */
  toReverse(limit: number): Promise<PaymentTransaction[]>;
  /** Pending orders paid through this plugin's method that have no transaction (checkout.after never finished). */
  ordersAwaitingPayment(before: Date, limit: number): Promise<Array<{ id: string; paymentReference: string | null }>>;
}

export type { PaymentRefunder, RefundOutcome, RefundRequest } from '../domains/orders';

/**
 * The core's refunds (contract §10) as a payment plugin takes part in them: the core reserves each refund under
 * the order's lock (the sum never passes what was paid), then asks the plugin's refunder, outside any
 * transaction, to give the amount back; the plugin's webhook settles a refund its provider answered `pending`.
 */
export interface PluginRefunds {
  /** Registers how this plugin gives money back for its payments (those whose provider is the plugin's name). */
  register(refunder: orders.PaymentRefunder): void;
  /**
   * Settles a pending refund with the provider's word, named by the core refund's id or the provider's refund id;
   * once (a settled refund stays). True when it changed.
   */
  settle(which: { refundId?: string; providerReference?: string }, outcome: orders.RefundOutcome): Promise<boolean>;
  /**
   * Asks this plugin's refunder again (`retry: true`) about the refunds of its payments still pending since
   * `before`, and settles them with its answers; for a reconciler. Answers how many were settled.
   */
  retryPending(before: Date, limit: number): Promise<number>;
  /**
   * Refunds an order through the core as the caller of a plugin's resolver (`@Ctx() context`): the same rules,
   * sum and errors as `refundCreate` (422 `refund_exceeds_paid`, …). Answers the refund.
   */
  create(
    context: unknown,
    orderId: string,
    input: { amount: number; reason?: string },
    options?: {
      /** Repeats with the same key answer the first refund (as the `Idempotency-Key` header does). */
      idempotencyKey?: string;
      /** The payment to give back through (its provider reference), when the order has more than one. */
      paymentReference?: string;
    },
  ): Promise<{ id: string; status: string; amount: number; providerReference: string | null }>;
}

/** What a checkout quote needs: a cart, the methods and the addresses (checkout's own input type). */
export type CheckoutQuoteRequest = Pick<
  orders.CheckoutInput,
  'cartId' | 'shippingMethodId' | 'paymentMethodId' | 'shippingAddress' | 'billingAddress' | 'email'
>;

/** Core commerce operations a payment plugin may use; they run the core services (hooks, transactions, rules). */
export interface PluginCommerce {
  paymentMethod(id: string): Promise<{ id: string; provider: string; active: boolean } | null>;
  order(id: string): Promise<PaymentOrder | null>;
  orderByPaymentReference(reference: string): Promise<PaymentOrder | null>;
  /**
   * Moves an order through the core order service (`order.before_update` / `order.after_update` fire, stock
   * returns on cancel). False when the move is not allowed from the order's current status.
   */
  setOrderStatus(id: string, status: string, comment?: string): Promise<boolean>;
  /**
   * Prices a checkout as the caller of a plugin's resolver (`@Ctx() context`) would be charged for it, from live
   * prices, the shipping method, tax and discount; writes nothing. `request` is the checkout's input as the REST
   * reader gives it (camelCase). Errors are the checkout's own (422 `invalid_shipping_method`, 400 for bad
   * fields, 404 for a cart the caller can't see).
   */
  quoteCheckout(
    context: unknown,
    request: CheckoutQuoteRequest,
  ): Promise<{ total: number; currency: string; email: string; customerId: string | null }>;
  payments: PluginPayments;
  refunds: PluginRefunds;
}

/** Reads a snake_case checkout body the way the REST route does (same field errors). */
export function checkoutInputReader(schema: GraphQLSchema): (request: unknown) => orders.CheckoutInput {
  const inputType = schema
    .getMutationType()
    ?.getFields()
    .checkoutComplete?.args.find((a) => a.name === 'input')?.type as GraphQLInputType;
  return (request) => {
    const problems: FieldProblem[] = [];
    const input = readInput(inputType, request ?? {}, '', 'json', problems) as orders.CheckoutInput;
    if (problems.length) throw AppError.validation(problems);
    return input;
  };
}

const ORDER_FIELDS = {
  id: true,
  orderNumber: true,
  status: true,
  total: true,
  currency: true,
  customerId: true,
  guestToken: true,
  email: true,
  paymentMethodId: true,
  paymentReference: true,
} as const;

/** Builds the commerce capability of plugin `provider`. */
export function createPluginCommerce(services: AppServices, provider: string): PluginCommerce {
  const system = (): Ctx =>
    createContext(services, {
      id: randomUUID(),
      actor: PLUGIN_HOST_ACTOR,
      log: services.log.child({ source: `plugin:${provider}` }),
    });
  const db = services.prisma;
  return {
    paymentMethod: (id) =>
      db.paymentMethod.findUnique({ where: { id }, select: { id: true, provider: true, active: true } }),
    order: (id) => db.order.findUnique({ where: { id }, select: ORDER_FIELDS }),
    orderByPaymentReference: (reference) =>
      db.order.findUnique({ where: { paymentReference: reference }, select: ORDER_FIELDS }),
    async setOrderStatus(id, status, comment) {
      try {
        await orders.updateOrderStatus(system(), id, { status: status as never, comment });
        return true;
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_transition') return false;
        throw err;
      }
    },
    async quoteCheckout(context, request) {
      const ctx = context as Ctx;
      const cart = request.cartId ? await orders.loadCheckoutCart(ctx, request.cartId) : undefined;
      // A provider's method needs a reference at checkout; the quote is what that reference will be created for.
      const draft = await orders.draftCheckout(ctx, { ...request, paymentReference: 'quote' }, cart);
      return { total: draft.totals.total, currency: draft.currency, email: draft.email, customerId: draft.customerId };
    },
    payments: {
      find: (reference) => orders.findPaymentTransaction(system(), reference),
      ofOrder: (orderId) => orders.paymentTransactionsOfOrder(system(), orderId, provider),
      record: (input) => orders.recordPaymentTransaction(system(), { ...input, provider }),
      complete: (reference) => orders.completePaymentTransaction(system(), reference),
      fail: (reference, reason) => orders.failPaymentTransaction(system(), reference, reason),
      cancelled: (reference) => orders.markPaymentCancelled(system(), reference),
      refunded: (reference) => orders.markPaymentRefunded(system(), reference),
      checked: (reference) => orders.touchPaymentTransaction(system(), reference),
      stale: (before, limit) => orders.stalePaymentTransactions(system(), provider, before, limit),
      toReverse: (limit) => orders.paymentsToReverse(system(), provider, limit),
      ordersAwaitingPayment: (before, limit) => orders.ordersAwaitingPayment(system(), provider, before, limit),
    },
    refunds: {
      register: (refunder) => orders.registerRefunder(services.hooks, provider, refunder),
      settle: (which, outcome) => orders.settleRefund(system(), which, outcome),
      retryPending: (before, limit) => orders.retryPendingRefunds(system(), provider, before, limit),
      create(context, orderId, input, options = {}) {
        const ctx = context as Ctx;
        const keyed = options.idempotencyKey
          ? { ...ctx, request: { ...ctx.request, idempotencyKey: options.idempotencyKey } }
          : ctx;
        return orders.createRefund(keyed, orderId, input, { paymentReference: options.paymentReference });
      },
    },
  };
}
