import { argumentError, argumentProblems, assertCheckable, expected } from './check-arguments';

const UUID = { type: 'string', format: 'uuid' };
const LINES = {
  type: 'object',
  properties: {
    cart_id: UUID,
    items: {
      type: 'array',
      maxItems: 2,
      items: {
        type: 'object',
        properties: { product_id: { ...UUID, type: ['string', 'null'] }, quantity: { type: 'integer', minimum: 1 } },
        required: ['quantity'],
      },
    },
    address: { anyOf: [{ type: 'object', required: ['zip'] }, { type: 'null' }] },
    identifier: { type: 'string', pattern: '^[a-z]+$', 'x-error-code': 'invalid_identifier' },
    name: { type: 'string', minLength: 1, maxLength: 10 },
    sort: { type: 'string', enum: ['asc', 'desc'] },
    count: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  },
  required: ['cart_id'],
  additionalProperties: false,
};

describe('MCP argument check', () => {
  it('says what each schema takes, in words', () => {
    expect(expected(UUID)).toBe('a UUID');
    expect(expected({ type: 'integer', minimum: 1, maximum: 2147483647 })).toBe('an integer ≥ 1');
    expect(expected({ type: 'integer', minimum: 1, maximum: 100 })).toBe('an integer from 1 to 100');
    expect(expected({ type: 'string', minLength: 1, maxLength: 255 })).toBe('a string of 1 to 255 characters');
    expect(expected({ type: ['string', 'null'], maxLength: 1 })).toBe('a string of at most 1 character or null');
    expect(expected(LINES.properties.items)).toBe('a list of at most 2 items, each an object with quantity');
    expect(expected(LINES.properties.address)).toBe('an object with zip or null');
  });

  it('names every problem by the argument’s path, and accepts what fits', () => {
    expect(argumentProblems(LINES, { cart_id: '7b0a1c9e-8f4e-4a57-9d55-0d6a1f2b3c4d' })).toEqual([]);
    expect(
      argumentProblems(LINES, {
        id: 1,
        items: [{ quantity: 0 }, { product_id: 'x', quantity: 1 }],
        address: { city: 'Berlin' },
        name: '',
        sort: 'up',
        count: 3_000_000_000,
      }).map((p) => p.detail),
    ).toEqual([
      'cart_id is required: a UUID',
      'unknown argument "id"; this tool takes cart_id, items, address, identifier, name, sort, count',
      'items[0].quantity must be an integer ≥ 1',
      'items[1].product_id must be a UUID or null',
      'address must be an object with zip or null',
      'name must be a string of 1 to 10 characters',
      'sort must be one of asc, desc',
      'count must be an integer (at most 2147483647)',
    ]);
    expect(argumentProblems(LINES, { cart_id: 'x', items: [{}, {}, {}] }).map((p) => p.field)).toEqual([
      'cart_id',
      'items',
    ]);
  });

  it('leaves a rule with its own error code to the use case', () => {
    expect(argumentProblems(LINES, { cart_id: '7b0a1c9e-8f4e-4a57-9d55-0d6a1f2b3c4d', identifier: 'No!' })).toEqual([]);
    expect(argumentProblems(LINES, { cart_id: '7b0a1c9e-8f4e-4a57-9d55-0d6a1f2b3c4d', identifier: 5 })).toHaveLength(1);
  });

  it('answers one validation_error whose message lists every problem', () => {
    const error = argumentError(LINES, { sort: 'up' })!;
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe('cart_id is required: a UUID; sort must be one of asc, desc');
    expect(error.entries.map((e) => e.field)).toEqual(['cart_id', 'sort']);
  });

  it('refuses a schema it would only half check', () => {
    expect(() => assertCheckable(LINES, 'tool')).not.toThrow();
    expect(() => assertCheckable({ type: 'object', properties: { a: { oneOf: [] } } }, 'tool')).toThrow(
      /tool\.a: JSON Schema keyword oneOf is not checked/,
    );
    expect(() => assertCheckable({ type: 'string', format: 'hostname' }, 'tool')).toThrow(/format hostname/);
  });
});
