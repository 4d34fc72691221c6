import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { JSONResolver } from 'graphql-scalars';

import { isStorableDate } from './dates';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseUuid(value: unknown): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
    throw new GraphQLError('expected a UUID', { extensions: { code: 'validation_error', detail: 'uuid' } });
  }
  return value.toLowerCase();
}

/** Identifiers are UUID strings (spec: Identifiers). */
export const UuidScalar = new GraphQLScalarType({
  name: 'UUID',
  description: 'A UUID string, e.g. `0f8fad5b-d9cb-469f-a165-70867728950e`.',
  serialize: (value) => String(value),
  parseValue: parseUuid,
  parseLiteral: (ast) => parseUuid(ast.kind === Kind.STRING ? ast.value : undefined),
});

function parseDate(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new GraphQLError('expected an ISO 8601 timestamp', {
      extensions: { code: 'validation_error', detail: 'type' },
    });
  }
  if (!isStorableDate(date)) {
    throw new GraphQLError('timestamps must lie between the years 0001 and 9999', {
      extensions: { code: 'validation_error', detail: 'out_of_range' },
    });
  }
  return date;
}

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Dates, or strings already in the output form (catalog JSON built by PostgreSQL) which pass as they are. */
function serializeDate(value: unknown): string {
  if (typeof value === 'string' && ISO_UTC_MS.test(value)) return value;
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}

/** ISO 8601 UTC with milliseconds and `Z` (contract §2). */
export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO 8601 UTC timestamp with milliseconds, e.g. `2026-01-31T12:00:00.000Z`.',
  serialize: serializeDate,
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

/** Free-form objects (custom fields, metadata, addresses) pass through untouched. */
export const JsonScalar = JSONResolver;
