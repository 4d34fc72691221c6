import type { ApolloServerPlugin } from '@apollo/server';
import { type ASTVisitor, GraphQLError, Kind, type ValidationContext } from 'graphql';

import { recordGraphqlRefused } from '../platform/telemetry';

/**
 * How large a parsed GraphQL document may be (`graphql.max_tokens`, `.max_operations`, `.max_fragments`; its bytes,
 * `graphql.max_document_bytes`, are checked before Apollo has it). A parsed document weighs ~100 times its text on
 * the heap (byte-lru.ts) and validating it costs time in its size (some of graphql-js's rules in the square of its
 * fields or fragments), so these bound what one request can make the process hold and how long others wait.
 */
export interface DocumentLimits {
  maxTokens: number;
  maxOperations: number;
  maxFragments: number;
}

/**
 * Counts documents the parser stopped at `parseOptions.maxTokens` (Apollo answers them as a syntax error: 400
 * `invalid_query`). A document's bytes are checked before Apollo sees it (http/graphql-document-size.ts).
 */
export function tokenLimitMetric(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async parsingDidStart() {
          return async (error?: Error) => {
            if (error?.message.includes('tokens. Parsing aborted')) recordGraphqlRefused('tokens');
          };
        },
      };
    },
  };
}

/**
 * Validation rule: a document may hold at most `maxOperations` operations (one runs per request; several are
 * for explorers) and `maxFragments` fragments (graphql-js compares every pair of fragments spread in one
 * selection: 220 of them took 146 ms to validate, 50 take 2 ms). Checked on the document's first visit.
 */
export function documentShapeRule(maxOperations: number, maxFragments: number) {
  return (context: ValidationContext): ASTVisitor => ({
    Document(node) {
      let operations = 0;
      let fragments = 0;
      for (const definition of node.definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION) operations++;
        else if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments++;
      }
      const problem =
        operations > maxOperations
          ? `more than ${maxOperations} operations in one document`
          : fragments > maxFragments
            ? `more than ${maxFragments} fragments in one document`
            : null;
      if (!problem) return;
      recordGraphqlRefused(operations > maxOperations ? 'operations' : 'fragments');
      context.reportError(new GraphQLError(problem, { extensions: { code: 'invalid_query' } }));
    },
  });
}
