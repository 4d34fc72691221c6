import { GraphQLError } from 'graphql';

import { clientDataError, isDatabaseUnavailable } from '../shared/db-errors';
import { AppError, type ErrorCode, type ErrorEntry, isErrorCode, statusOf } from '../shared/errors';

/** An error in the service's vocabulary, whatever layer raised it. */
export interface NormalizedError {
  code: string;
  detail: string;
  field?: string;
  status: number;
  entries: ErrorEntry[];
  headers: Record<string, string>;
  /** Set for errors we did not expect: they are logged with their details and answered as `internal_error`. */
  internal?: unknown;
}

/** Apollo protocol codes that clients act on (automatic persisted queries); passed through unchanged. */
const PROTOCOL_CODES: Record<string, number> = { PERSISTED_QUERY_NOT_FOUND: 200, PERSISTED_QUERY_NOT_SUPPORTED: 200 };

/** graphql-js and Apollo codes mapped into the service's vocabulary. */
const GRAPHQL_CODES: Record<string, ErrorCode> = {
  GRAPHQL_PARSE_FAILED: 'invalid_query',
  GRAPHQL_VALIDATION_FAILED: 'invalid_query',
  BAD_USER_INPUT: 'validation_error',
  OPERATION_RESOLUTION_FAILURE: 'invalid_query',
  BAD_REQUEST: 'invalid_query',
};

function fromAppError(err: AppError): NormalizedError {
  return {
    code: err.code,
    detail: err.message,
    field: err.field,
    status: err.status,
    entries: err.entries,
    headers: err.headers,
  };
}

function simple(code: ErrorCode, detail: string, field?: string): NormalizedError {
  return {
    code,
    detail,
    field,
    status: statusOf(code),
    entries: [{ code, detail, ...(field !== undefined ? { field } : {}) }],
    headers: {},
  };
}

/** The answer while the database is unreachable: clients retry, load balancers see the 503. */
export const databaseUnavailable = () =>
  new AppError('service_unavailable', 'the database is unavailable', { headers: { 'Retry-After': '5' } });

/**
 * A value the database cannot store, computed from the request (an order total or a stock sum past the integer
 * range; see `clientDataError`): the client's 400, with the same short detail input validation uses.
 */
const unstorableValue = (detail: string): NormalizedError => simple('validation_error', detail);

const NON_NULL_VIOLATION = /^Cannot return null for non-nullable field/;

/** Maps any error a GraphQL execution produced onto the service's vocabulary. */
export function normalizeError(error: unknown): NormalizedError {
  if (error instanceof AppError) return fromAppError(error);
  if (isDatabaseUnavailable(error)) return fromAppError(databaseUnavailable());
  const unstorable = clientDataError(error);
  if (unstorable) return unstorableValue(unstorable);
  if (error instanceof GraphQLError) {
    const original = error.originalError;
    if (original instanceof AppError) return fromAppError(original);
    const unstorableOriginal = clientDataError(original);
    if (unstorableOriginal) return unstorableValue(unstorableOriginal);
    if (original instanceof GraphQLError && original !== error) return normalizeError(original);
    const code = error.extensions?.code;
    if (typeof code === 'string') {
      if (code in PROTOCOL_CODES)
        return {
          code,
          detail: error.message,
          status: PROTOCOL_CODES[code],
          entries: [{ code: code as ErrorCode, detail: error.message }],
          headers: {},
        };
      if (isErrorCode(code))
        return simple(code, typeof error.extensions.detail === 'string' ? error.extensions.detail : error.message);
      if (GRAPHQL_CODES[code]) return simple(GRAPHQL_CODES[code], error.message);
    }
    // A resolver that broke the schema's promise (null for a non-null field) is our fault, not the query's;
    // graphql-jit reports it without an original error.
    if (!original && NON_NULL_VIOLATION.test(error.message))
      return { ...simple('internal_error', 'an unexpected error occurred'), internal: error };
    if (!original) return simple('invalid_query', error.message);
    return { ...simple('internal_error', 'an unexpected error occurred'), internal: original };
  }
  return { ...simple('internal_error', 'an unexpected error occurred'), internal: error };
}

/** The `extensions` a GraphQL client sees: `code`, `field`, `status`, and every entry when there are several. */
export function graphqlExtensions(n: NormalizedError): Record<string, unknown> {
  return {
    code: n.code,
    ...(n.field !== undefined ? { field: n.field } : {}),
    status: n.status,
    ...(n.entries.length > 1 ? { errors: n.entries } : {}),
  };
}
