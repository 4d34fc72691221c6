import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  getNamedType,
  GraphQLError,
  type GraphQLSchema,
  isLeafType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { type ComplexityEstimator, getComplexity } from 'graphql-query-complexity';

import { recordGraphqlRefused } from '../platform/telemetry';

/**
 * What a fragment amounts to, worked out once per document: a fragment spread twice on each of 20 levels would
 * otherwise be walked 2^20 times (a 770-byte document held the event loop for 4 s). A fragment met again while
 * its own walk is under way (a cycle, which graphql-js's NoFragmentCycles refuses) and an unknown one count `none`.
 */
function perFragment<T>(context: ValidationContext, none: T, walk: (set: SelectionSetNode) => T) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of context.getDocument().definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const known = new Map<string, T>();
  const walking = new Set<string>();
  return (name: string): T => {
    const seen = known.get(name);
    if (seen !== undefined) return seen;
    const fragment = fragments.get(name);
    if (!fragment || walking.has(name)) return none;
    walking.add(name);
    const value = walk(fragment.selectionSet);
    walking.delete(name);
    known.set(name, value);
    return value;
  };
}

/** Validation rule: rejects operations nested deeper than `max` selection levels (fragments followed). */
export function depthLimitRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const depthOf = (set: SelectionSetNode | undefined): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + depthOf(sel.selectionSet));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(sel.selectionSet));
        } else {
          deepest = Math.max(deepest, fragmentDepth(sel.name.value));
        }
      }
      return deepest;
    };
    const fragmentDepth = perFragment(context, 0, depthOf);
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet);
        if (depth > max) {
          recordGraphqlRefused('depth');
          context.reportError(
            new GraphQLError(`query depth ${depth} exceeds the limit of ${max}`, {
              nodes: [node],
              extensions: { code: 'invalid_query' },
            }),
          );
        }
      },
    };
  };
}

/**
 * Validation rule against alias and batching abuse: an operation may use at most `maxAliases` aliases and
 * `maxRootFields` root fields, counted with fragments expanded (a fragment spread twice counts twice). Two
 * thousand aliased fields are refused here, before anything runs. Each fragment is counted once per document
 * (perFragment), so a fragment bomb costs its size to check, not its expansion.
 */
export function aliasLimitRule(maxAliases: number, maxRootFields: number) {
  return (context: ValidationContext): ASTVisitor => {
    /** The aliases under a selection (fragments expanded) and the fields it selects at its own level. */
    const count = (set: SelectionSetNode | undefined): { aliases: number; fields: number } => {
      const tally = { aliases: 0, fields: 0 };
      for (const sel of set?.selections ?? []) {
        if (sel.kind === Kind.FIELD) {
          tally.aliases += (sel.alias ? 1 : 0) + count(sel.selectionSet).aliases;
          tally.fields++;
        } else {
          const inner = sel.kind === Kind.INLINE_FRAGMENT ? count(sel.selectionSet) : fragmentCount(sel.name.value);
          tally.aliases += inner.aliases;
          tally.fields += inner.fields;
        }
      }
      return tally;
    };
    const fragmentCount = perFragment(context, { aliases: 0, fields: 0 }, count);
    return {
      OperationDefinition(node) {
        const counted = count(node.selectionSet);
        const tally = { aliases: counted.aliases, root: counted.fields };
        const problem =
          tally.aliases > maxAliases
            ? `more than ${maxAliases} aliases in one operation`
            : tally.root > maxRootFields
              ? `more than ${maxRootFields} root fields in one operation`
              : null;
        if (problem) {
          recordGraphqlRefused(tally.aliases > maxAliases ? 'aliases' : 'root_fields');
          context.reportError(new GraphQLError(problem, { nodes: [node], extensions: { code: 'invalid_query' } }));
        }
      },
    };
  };
}

/**
 * Cost model: an object or list field costs 1, a scalar 0, and a field with a `limit` argument multiplies
 * the cost of what it selects by that limit, so asking for 200 items costs 200 times one item.
 */
const estimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const own = isLeafType(getNamedType(field.type)) ? 0 : 1;
  // Without an explicit limit the list's default page applies; 25 is the largest default of any list.
  const paginated = 'args' in field && field.args.some((a) => a.name === 'limit');
  const limit = typeof args.limit === 'number' && args.limit > 0 ? args.limit : paginated ? 25 : 1;
  return own + childComplexity * limit;
};

/**
 * Costs already computed, by document (Apollo hands the same parsed document to every request with the same
 * text) and by operation name and variables: a storefront sends the same few operations with the same few
 * variables, and walking the document each time was ~6 % of a catalog page's CPU. Bounded per document;
 * variables longer than VARIABLES_KEY_MAX characters are not remembered.
 */
const costs = new WeakMap<DocumentNode, Map<string, number>>();
const COSTS_PER_DOCUMENT = 64;
const VARIABLES_KEY_MAX = 512;

export function operationComplexity(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): number {
  const variablesKey = JSON.stringify(variables);
  const key = variablesKey.length <= VARIABLES_KEY_MAX ? `${operationName ?? ''} ${variablesKey}` : undefined;
  const known = key === undefined ? undefined : costs.get(document)?.get(key);
  if (known !== undefined) return known;
  const cost = computeComplexity(schema, document, operationName, variables);
  if (key !== undefined) {
    let byKey = costs.get(document);
    if (!byKey) costs.set(document, (byKey = new Map()));
    if (byKey.size >= COSTS_PER_DOCUMENT) byKey.delete(byKey.keys().next().value as string);
    byKey.set(key, cost);
  }
  return cost;
}

function computeComplexity(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): number {
  try {
    return getComplexity({ schema, query: document, operationName, variables, estimators: [estimator] });
  } catch (err) {
    // The cost depends on the variables, so they are coerced here first: a missing or mistyped one is the
    // client's input error (400), not a failure of the request pipeline (which Apollo would answer with 500).
    if (err instanceof GraphQLError)
      throw new GraphQLError(err.message, {
        nodes: err.nodes,
        extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
      });
    throw err;
  }
}
