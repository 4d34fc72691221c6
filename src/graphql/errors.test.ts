import { GraphQLError } from 'graphql';

import { normalizeError } from './errors';

describe('normalizeError', () => {
  it('a null for a non-null field is our fault: internal_error, not a 400', () => {
    const n = normalizeError(new GraphQLError('Cannot return null for non-nullable field Product.customFields.'));
    expect(n).toMatchObject({ code: 'internal_error', status: 500 });
  });

  it('a query graphql-js refuses without an original error stays invalid_query', () => {
    expect(normalizeError(new GraphQLError('Syntax Error: Unexpected Name "x".'))).toMatchObject({
      code: 'invalid_query',
      status: 400,
    });
  });

  it('a value PostgreSQL cannot store (22003 through the driver adapter) is 400 out_of_range', () => {
    const prisma = Object.assign(new Error('Value out of range for the type'), {
      code: 'P2020',
      meta: { driverAdapterError: { cause: { originalCode: '22003', kind: 'ValueOutOfRange' } } },
    });
    expect(normalizeError(new GraphQLError('wrapped', { originalError: prisma }))).toMatchObject({
      code: 'validation_error',
      status: 400,
      detail: 'out_of_range',
    });
    const raw = Object.assign(new Error('Raw query failed'), {
      code: 'P2010',
      meta: { driverAdapterError: { cause: { originalCode: '22003' } } },
    });
    expect(normalizeError(raw)).toMatchObject({ code: 'validation_error', detail: 'out_of_range' });
  });
});
