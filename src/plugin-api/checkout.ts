import { randomUUID } from 'node:crypto';
import { type GraphQLInputType, type GraphQLSchema, execute } from 'graphql';
import type { Actor } from '../context/actor';
import { ROLE_PERMISSIONS } from '../shared/permissions';
import type { AppServices } from '../context/ctx';
import { createContext } from '../context/create-context';
import { normalizeError } from '../graphql/errors';
import { type CheckoutInput, checkout } from '../domains/orders';
import { OrderDocument } from '../generated/graphql';
import { AppError } from '../shared/errors';
import { type FieldProblem, readInput } from '../shared/validation/input';

/** The spec's checkout function for plugins: optional customer id + the JSON checkout request. */
export type CheckoutFunction = (options: {
  customerId?: string | null;
  request: unknown;
  requestId?: string;
}) => Promise<{ data: Record<string, unknown> }>;

/** Only the host reads orders back this way; plugins never get this actor. */
const ORDER_READER: Actor = {
  kind: 'admin',
  id: 'plugin-host',
  email: '',
  role: 'super_admin',
  permissions: ROLE_PERMISSIONS.super_admin,
  via: 'jwt',
};

/**
 * Builds the checkout function plugins receive. It runs the same code path as `POST /api/v1/store/checkout`
 * (same validation of the snake_case JSON body, same service, hooks and transaction) and answers with the
 * order as the admin API shows it, `guest_token` included. Errors are `AppError`s with the usual codes.
 */
export function createCheckoutFunction(services: AppServices, schema: GraphQLSchema): CheckoutFunction {
  const inputType = schema
    .getMutationType()
    ?.getFields()
    .checkoutComplete?.args.find((a) => a.name === 'input')?.type as GraphQLInputType;
  return async ({ customerId, request, requestId = randomUUID() }) => {
    const problems: FieldProblem[] = [];
    const input = readInput(inputType, request ?? {}, '', 'json', problems) as CheckoutInput;
    if (problems.length) throw AppError.validation(problems);
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
    const order = await checkout(createContext(services, { id: requestId, actor, log }), input);

    const result = await execute({
      schema,
      document: OrderDocument,
      variableValues: { id: order.id },
      contextValue: createContext(services, { id: requestId, actor: ORDER_READER, log }),
    });
    if (result.errors?.length) {
      log.error({ errors: result.errors.map((e) => normalizeError(e).detail) }, 'reading the placed order failed');
      throw new AppError('internal_error');
    }
    return { data: (result.data as { order: Record<string, unknown> }).order };
  };
}
