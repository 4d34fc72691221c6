import { describe, expect, it } from '@jest/globals';

import { errorText } from './error-text';

describe('error texts for people', () => {
  it('says what a validation detail means, never the machine token', () => {
    expect(errorText('validation_error', 'pattern')).toBe('Not in the expected format.');
    expect(errorText('validation_error', 'required')).toBe('Enter a value.');
    expect(errorText('validation_error', 'max_length (at most 200)')).toBe('Too long (at most 200).');
    expect(errorText('validation_error', 'some_new_token')).toBe('Not accepted.');
  });

  it('names a taken code or slug plainly', () => {
    expect(errorText('duplicate_code', 'discount code already exists')).toBe('This code is already taken.');
    expect(errorText('duplicate_slug', 'slug already used')).toBe('This slug is already used.');
  });

  it('keeps a prose detail the tables do not know, as a sentence', () => {
    expect(errorText('hook_rejected', 'the ERP refused the change')).toBe('The ERP refused the change.');
    expect(errorText(undefined, '')).toBe('Not accepted.');
  });
});
