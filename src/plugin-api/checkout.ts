import { randomUUID } from 'node:crypto';

import { execute, type GraphQLSchema } from 'graphql';

import type { Actor } from '../context/actor';
import { createContext } from '../context/create-context';
import type { AppServices } from '../context/ctx';
import { takeLimits } from '../context/limits';
import { checkout } from '../domains/orders';
import { CheckoutCompleteDocument, OrderDocument } from '../generated/graphql';
import { operationLimits } from '../graphql/endpoint-limits';
import { normalizeError } from '../graphql/errors';
import { AppError } from '../shared/errors';
import { ROLE_PERMISSIONS } from '../shared/permissions';
import { checkoutInputReader, PLUGIN_HOST_ACTOR } from './commerce';

/** The spec's checkout function for plugins: optional customer id + the JSON checkout request. */
export type CheckoutFunction = (options: {
  customerId?: string | null;
  request: unknown;
  /** The anonymous cart's token, when the request checks out a `cart_id` of a guest cart. */
  cartToken?: string | null;
  /** The buyer's IP, when an HTTP request is behind the call: the per-IP checkout budget it counts against. */
  clientIp?: string;
  requestId?: string;
}) => Promise<{ data: Record<string, unknown> }>;

/**
 * Builds the checkout function plugins receive. It runs the same code path as `POST /api/v1/store/checkout`
 * (same validation of the snake_case JSON body, same service, hooks and transaction) and answers with the
 * order as the admin API shows it, `guest_token` included. Errors are `AppError`s with the usual codes.
 */
export function createCheckoutFunction(services: AppServices, schema: GraphQLSchema): CheckoutFunction {
  const readCheckout = checkoutInputReader(schema);
  // The budgets the store's checkout operation declares (`@RateLimit` on its field): the same per-IP counter.
  const limits = operationLimits(schema, CheckoutCompleteDocument);
  return async ({ customerId, request, cartToken, clientIp, requestId = randomUUID() }) => {
    const actor: Actor = customerId
      ? {
          kind: 'customer',
          id: customerId,
          email: '',
          role: 'customer',
          permissions: ROLE_PERMISSIONS.customer,
          via: 'jwt',
        }
      : { kind: 'anonymous' };
    const log = services.log.child({ requestId, source: 'plugin-checkout' });
    const ctx = createContext(services, { id: requestId, actor, log, clientIp, cartToken: cartToken || undefined });
    // Counted before the request is read, as the store endpoint does.
    await takeLimits(ctx, limits);
    const order = await checkout(ctx, readCheckout(request));

    const result = await execute({
      schema,
      document: OrderDocument,
      variableValues: { id: order.id },
      contextValue: createContext(services, { id: requestId, actor: PLUGIN_HOST_ACTOR, log }),
    });
    if (result.errors?.length) {
      log.error({ errors: result.errors.map((e) => normalizeError(e).detail) }, 'reading the placed order failed');
      throw new AppError('internal_error');
    }
    return { data: (result.data as { order: Record<string, unknown> }).order };
  };
}
