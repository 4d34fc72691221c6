import { describe, expect, it } from '@jest/globals';

import { ApiError, describeError } from './errors';

/** What a person reads for any failure: sentences, never the service's machine codes. */
describe('describeError', () => {
  it('says field errors in words, by field, without their codes', () => {
    const error = new ApiError('validation failed', 'api', 'validation_error', [
      { code: 'validation_error', detail: 'pattern', field: 'translations.0.slug' },
      { code: 'duplicate_code', detail: 'warehouse code already exists', field: 'code' },
    ]);
    const text = describeError(error);
    expect(text).toBe('Slug: Not in the expected format. Code: This code is already taken.');
    expect(text).not.toMatch(/validation_error|duplicate_code|\(pattern\)/);
  });

  it('says the request’s own error when no field has one, and each sentence once', () => {
    expect(describeError(new ApiError('nope', 'api', 'forbidden'))).toBe('You do not have the permission for this.');
    const twice = new ApiError('x', 'api', 'conflict', [
      { code: 'conflict', detail: 'busy' },
      { code: 'conflict', detail: 'busy' },
    ]);
    expect(describeError(twice)).toBe('This is not possible in its current state.');
  });

  it('offers what to do for lost connections, outages and ended sessions', () => {
    expect(describeError(new ApiError('x', 'network'))).toMatch(/connection .* lost/);
    expect(describeError(new ApiError('x', 'unavailable'))).toMatch(/unavailable right now/);
    expect(describeError(new ApiError('x', 'session'))).toMatch(/Sign in again/);
  });
});
