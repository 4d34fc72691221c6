import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

import { type EndpointLimit, RATE_LIMIT_EXTENSION } from '../context/limits';

/**
 * The root fields an operation selects, one entry per selection (aliases included, fragments followed), so an
 * adapter can read their declarations (`@RateLimit`, `@Raises`) before anything runs.
 */
export function rootFieldsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): Array<GraphQLField<unknown, unknown>> {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return [];
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const fields = root.getFields();
  const selected: Array<GraphQLField<unknown, unknown>> = [];
  const seenFragments = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const field = fields[sel.name.value];
        if (field) selected.push(field);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet);
      } else if (!seenFragments.has(sel.name.value)) {
        seenFragments.add(sel.name.value);
        const fragment = fragments.get(sel.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return selected;
}

/**
 * The endpoint budgets (`@RateLimit`) of an operation's root fields, one entry per selected field (aliases
 * included), so an adapter can take them before the variables are validated.
 */
export function operationLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): EndpointLimit[] {
  return rootFieldsOf(schema, document, operationName).flatMap((field) => {
    const policy = field.extensions?.[RATE_LIMIT_EXTENSION];
    return typeof policy === 'string' ? [policy as EndpointLimit] : [];
  });
}
